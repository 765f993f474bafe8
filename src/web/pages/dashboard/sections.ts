import { messages } from '../../../contract/messages.js';

const d = messages.dashboard;
/** «Сообщения»: its link carries the number of unanswered conversations. */
export const SUPPORT_PATH = '/dashboard/support';
/** «Модерация»: its link carries the number of pictures waiting for a decision. */
export const MODERATION_PATH = '/dashboard/moderation';

export interface DashboardSection {
  to: string;
  title: string;
  /** Deeper paths that belong to this section (an action's pages belong to "Мои акции"). */
  nested: string[];
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
  { to: '/dashboard/tariffs', title: d.tariffsTitle, nested: [] },
  { to: '/dashboard/help', title: d.helpTitle, nested: [] },
];

/** aria-current for a section's link: 'page' on the section itself, 'true' on its inner pages. */
export function sectionCurrent(section: DashboardSection, pathname: string): 'page' | 'true' | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === section.to) return 'page';
  return section.nested.some((prefix) => path.startsWith(prefix)) ? 'true' : undefined;
}
