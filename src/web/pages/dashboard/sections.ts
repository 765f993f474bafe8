import { messages } from '../../../contract/messages.js';

const d = messages.dashboard;
/** «Сообщения»: its link carries the number of unanswered conversations. */
export const SUPPORT_PATH = '/dashboard/support';
/** «Модерация»: its link carries the number of pictures waiting for a decision. */
export const MODERATION_PATH = '/dashboard/moderation';
/** «Интеграции»: webhooks, and the API beside them. */
export const INTEGRATIONS_PATH = '/dashboard/integrations';

export interface DashboardSection {
  to: string;
  title: string;
  /** Deeper paths that belong to this section (an action's pages belong to "Мои акции"). */
  nested: string[];
  /** Shown only to the owner of the cabinet open now (money, the team, the log): other roles' calls are refused. */
  ownerOnly?: true;
}

/** The cabinet's navigation, in sidebar order (SPEC §2). */
export const dashboardSections: DashboardSection[] = [
  { to: '/dashboard', title: d.actionsTitle, nested: ['/dashboard/action/'] },
  { to: '/dashboard/shop', title: d.shopTitle, nested: [] },
  { to: '/dashboard/mailing', title: d.mailingTitle, nested: [] },
  { to: '/dashboard/segments', title: messages.segments.title, nested: [] },
  { to: SUPPORT_PATH, title: messages.support.title, nested: [`${SUPPORT_PATH}/`] },
  { to: MODERATION_PATH, title: messages.moderation.navTitle, nested: [] },
  { to: '/dashboard/history', title: d.historyTitle, nested: [] },
  { to: '/dashboard/buyers', title: d.buyersTitle, nested: [] },
  { to: '/dashboard/analytics', title: messages.analytics.title, nested: [] },
  { to: '/dashboard/marketplaces', title: messages.marketplaces.title, nested: [] },
  // Keys and webhooks reach the seller's data and send it elsewhere: the owner's, as the server's table says.
  { to: INTEGRATIONS_PATH, title: messages.webhooks.pageTitle, nested: [], ownerOnly: true },
  { to: '/dashboard/tariffs', title: d.tariffsTitle, nested: [], ownerOnly: true },
  { to: '/dashboard/team', title: messages.teamScreen.title, nested: [], ownerOnly: true },
  { to: '/dashboard/audit-log', title: messages.audit.title, nested: [], ownerOnly: true },
  { to: '/dashboard/help', title: d.helpTitle, nested: [] },
];

/** aria-current for a section's link: 'page' on the section itself, 'true' on its inner pages. */
export function sectionCurrent(section: DashboardSection, pathname: string): 'page' | 'true' | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === section.to) return 'page';
  return section.nested.some((prefix) => path.startsWith(prefix)) ? 'true' : undefined;
}
