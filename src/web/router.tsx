import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
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
const publicShopPage = async () => ({ Component: (await import('./pages/public/public-shop-page.js')).PublicShopPage });
const notFoundPage = async () => ({ Component: (await import('./pages/public/not-found-page.js')).NotFoundPage });
const loginPage = async () => ({ Component: (await import('./pages/auth/login-page.js')).LoginPage });
const registerPage = async () => ({ Component: (await import('./pages/auth/register-page.js')).RegisterPage });
const dashboardLayout = async () => ({ Component: (await import('./pages/dashboard/dashboard-layout.js')).DashboardLayout });
const sectionPage = async () => ({
  Component: (await import('./pages/dashboard/section-placeholder-page.js')).SectionPlaceholderPage,
});
const actionPage = async () => ({ Component: (await import('./pages/dashboard/action-page.js')).ActionPage });

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
      { path: 'shop/:token', lazy: publicShopPage },
      {
        Component: RedirectIfSignedIn,
        children: [
          { path: 'login', lazy: loginPage },
          { path: 'register', lazy: registerPage },
        ],
      },
      {
        path: 'dashboard',
        Component: RequireSession,
        children: [
          {
            lazy: dashboardLayout,
            children: [
              { index: true, handle: titled(d.actionsTitle), lazy: sectionPage },
              { path: 'shop', handle: titled(d.shopTitle), lazy: sectionPage },
              { path: 'mailing', handle: titled(d.mailingTitle), lazy: sectionPage },
              { path: 'history', handle: titled(d.historyTitle), lazy: sectionPage },
              { path: 'buyers', handle: titled(d.buyersTitle), lazy: sectionPage },
              { path: 'tariffs', handle: titled(d.tariffsTitle), lazy: sectionPage },
              { path: 'action/create', handle: titled(d.actionCreateTitle), lazy: sectionPage },
              { path: 'action/:id', handle: titled(d.actionTitle), lazy: actionPage },
              { path: 'action/:id/edit', handle: titled(d.actionTitle), lazy: actionPage },
            ],
          },
        ],
      },
      { path: '*', lazy: notFoundPage },
    ],
  },
];

export const router = createBrowserRouter(routes);
