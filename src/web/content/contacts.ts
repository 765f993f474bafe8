/**
 * Where sellers reach the team: editable content, not code. Both links open the
 * team's Telegram; change the addresses here when the contacts change.
 */
export const contacts = {
  /** Sales: demonstrations and presentations (login screen). */
  demoUrl: 'https://t.me/scanapp_support',
  /** Support: questions and bank-transfer top-ups (cabinet sidebar). */
  supportUrl: 'https://t.me/scanapp_support',
} as const;
