/**
 * The demo chat with an action's bot (demo mode), the same address from every link: the bot's id
 * picks the chat, the action's id gives its «Тестовый чек» button a receipt of that action.
 */
export function demoChatHref(action: { id: number; telegram_bot_id: number | null }): string | null {
  if (action.telegram_bot_id === null) return null;
  return `/__emulators/telegram/chat?bot_id=${action.telegram_bot_id}&action_id=${action.id}`;
}
