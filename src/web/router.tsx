import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { CONFIRM_EMAIL_PATH, RESET_PASSWORD_PATH, TEAM_INVITATION_PATH } from '../contract/constants.js';
import { messages } from '../contract/messages.js';
import { RedirectIfSignedIn, RequireSession } from './auth/route-guards.js';
import { LoadingScreen } from './components/loading-screen.js';
import { RouteError } from './components/route-error.js';
import { titled } from './pages/dashboard/page-title.js';

const d = messages.dashboard;

/*
 * Every screen's code is loaded on first visit, per area: the landing never
 * downloads the cabinet, and the cabinet's guard decides before its code loads.
 */
const landingPage = async () => ({ Component: (await import('./pages/public/landing-page.js')).LandingPage });
const ofertaPage = async () => ({ Component: (await import('./pages/public/oferta-page.js')).OfertaPage });
const privacyPage = async () => ({ Component: (await import('./pages/public/privacy-page.js')).PrivacyPage });
const notFoundPage = async () => ({ Component: (await import('./pages/public/not-found-page.js')).NotFoundPage });
const loginPage = async () => ({ Component: (await import('./pages/auth/login-page.js')).LoginPage });
const registerPage = async () => ({ Component: (await import('./pages/auth/register-page.js')).RegisterPage });
const forgotPasswordPage = async () => ({ Component: (await import('./pages/auth/forgot-password-page.js')).ForgotPasswordPage });
const resetPasswordPage = async () => ({ Component: (await import('./pages/auth/reset-password-page.js')).ResetPasswordPage });
const confirmEmailPage = async () => ({ Component: (await import('./pages/auth/confirm-email-page.js')).ConfirmEmailPage });
const acceptInvitationPage = async () => ({ Component: (await import('./pages/auth/accept-invitation-page.js')).AcceptInvitationPage });
const teamPage = async () => ({ Component: (await import('./pages/dashboard/team/team-page.js')).TeamPage });
const auditLogPage = async () => ({ Component: (await import('./pages/dashboard/audit/audit-log-page.js')).AuditLogPage });
const profilePage = async () => ({ Component: (await import('./pages/dashboard/profile/profile-page.js')).ProfilePage });
const dashboardLayout = async () => ({ Component: (await import('./pages/dashboard/dashboard-layout.js')).DashboardLayout });
const myActionsPage = async () => ({ Component: (await import('./pages/dashboard/actions/my-actions-page.js')).MyActionsPage });
const createActionPage = async () => ({ Component: (await import('./pages/dashboard/actions/create-action-page.js')).CreateActionPage });
const actionPage = async () => ({ Component: (await import('./pages/dashboard/actions/action-page.js')).ActionPage });
const surveysPage = async () => ({ Component: (await import('./pages/dashboard/surveys/surveys-page.js')).SurveysPage });
const servicePage = async () => ({ Component: (await import('./pages/dashboard/service/service-page.js')).ServicePage });
const tariffsPage = async () => ({ Component: (await import('./pages/dashboard/tariffs/tariffs-page.js')).TariffsPage });
const receiptHistoryPage = async () => ({
  Component: (await import('./pages/dashboard/receipts/receipt-history-page.js')).ReceiptHistoryPage,
});
const buyersPage = async () => ({ Component: (await import('./pages/dashboard/buyers/buyers-page.js')).BuyersPage });
const buyerCardPage = async () => ({ Component: (await import('./pages/dashboard/buyers/buyer-card-page.js')).BuyerCardPage });
const integrationsPage = async () => ({
  Component: (await import('./pages/dashboard/integrations/integrations-page.js')).IntegrationsPage,
});
const segmentsPage = async () => ({ Component: (await import('./pages/dashboard/segments/segments-page.js')).SegmentsPage });
const mailingPage = async () => ({ Component: (await import('./pages/dashboard/mailing/mailing-page.js')).MailingPage });

const analyticsPage = async () => ({ Component: (await import('./pages/dashboard/analytics/analytics-page.js')).AnalyticsPage });
const marketplacesPage = async () => ({
  Component: (await import('./pages/dashboard/marketplaces/marketplaces-page.js')).MarketplacesPage,
});

const shopPage = async () => ({ Component: (await import('./pages/dashboard/shop/shop-page.js')).ShopPage });
const helpPage = async () => ({ Component: (await import('./pages/dashboard/help/help-page.js')).HelpPage });
const drawsPage = async () => ({ Component: (await import('./pages/dashboard/draws/draws-page.js')).DrawsPage });
const publicDrawPage = async () => ({ Component: (await import('./pages/public/draw-page.js')).DrawPage });
const engagementPage = async () => ({
  Component: (await import('./pages/dashboard/engagement/engagement-page.js')).EngagementPage,
});
const balancePage = async () => ({ Component: (await import('./pages/dashboard/balance/balance-page.js')).BalancePage });
const supportPage = async () => ({ Component: (await import('./pages/dashboard/support/support-page.js')).SupportPage });
const supportThreadPage = async () => ({
  Component: (await import('./pages/dashboard/support/support-thread-page.js')).SupportThreadPage,
});
const moderationPage = async () => ({ Component: (await import('./pages/dashboard/moderation/moderation-page.js')).ModerationPage });

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: landingPage },
      { path: 'oferta', lazy: ofertaPage },
      { path: 'privacy', lazy: privacyPage },
      { path: 'draws/:id', lazy: publicDrawPage },
      {
        Component: RedirectIfSignedIn,
        children: [
          { path: 'login', lazy: loginPage },
          { path: 'register', lazy: registerPage },
          { path: 'forgot-password', lazy: forgotPasswordPage },
        ],
      },
      // Opened from mails, signed in or not.
      { path: RESET_PASSWORD_PATH.slice(1), lazy: resetPasswordPage },
      { path: CONFIRM_EMAIL_PATH.slice(1), lazy: confirmEmailPage },
      { path: TEAM_INVITATION_PATH.slice(1), lazy: acceptInvitationPage },
      {
        path: 'dashboard',
        Component: RequireSession,
        children: [
          {
            lazy: dashboardLayout,
            children: [
              { index: true, handle: titled(d.actionsTitle), lazy: myActionsPage },
              { path: 'shop', handle: titled(d.shopTitle), lazy: shopPage },
              { path: 'mailing', handle: titled(d.mailingTitle), lazy: mailingPage },
              { path: 'segments', handle: titled(messages.segments.title), lazy: segmentsPage },
              { path: 'history', handle: titled(d.historyTitle), lazy: receiptHistoryPage },
              { path: 'buyers', handle: titled(d.buyersTitle), lazy: buyersPage },
              { path: 'buyers/:tgId', handle: titled(messages.buyerCard.title), lazy: buyerCardPage },
              { path: 'analytics', handle: titled(messages.analytics.title), lazy: analyticsPage },
              { path: 'integrations', handle: titled(messages.webhooks.pageTitle), lazy: integrationsPage },
              { path: 'marketplaces', handle: titled(messages.marketplaces.title), lazy: marketplacesPage },
              { path: 'support', handle: titled(messages.support.title), lazy: supportPage },
              { path: 'support/:threadId', handle: titled(messages.support.title), lazy: supportThreadPage },
              { path: 'moderation', handle: titled(messages.moderation.title), lazy: moderationPage },
              { path: 'tariffs', handle: titled(d.tariffsTitle), lazy: tariffsPage },
              { path: 'help', handle: titled(d.helpTitle), lazy: helpPage },
              { path: 'balance', handle: titled(messages.actionScreens.balanceTitle), lazy: balancePage },
              { path: 'profile', handle: titled(messages.accountForms.profileTitle), lazy: profilePage },
              { path: 'team', handle: titled(messages.teamScreen.title), lazy: teamPage },
              { path: 'audit-log', handle: titled(messages.audit.title), lazy: auditLogPage },
              { path: 'action/create', handle: titled(d.actionCreateTitle), lazy: createActionPage },
              { path: 'action/:id', handle: titled(d.actionTitle), lazy: actionPage },
              { path: 'action/:id/edit', handle: titled(d.actionTitle), lazy: actionPage },
              { path: 'action/:id/draws', handle: titled(messages.draws.title), lazy: drawsPage },
              { path: 'action/:id/engagement', handle: titled(messages.engagement.title), lazy: engagementPage },
              { path: 'action/:id/surveys', handle: titled(messages.surveys.pageTitle), lazy: surveysPage },
              { path: 'action/:id/service', handle: titled(messages.serviceDesk.pageTitle), lazy: servicePage },
            ],
          },
        ],
      },
      { path: '*', lazy: notFoundPage },
    ],
  },
];

export const router = createBrowserRouter(routes);
