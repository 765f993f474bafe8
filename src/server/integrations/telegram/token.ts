/** A Bot API token as BotFather issues it: the bot's numeric id, a colon, 35 characters of a URL-safe alphabet. */
const BOT_TOKEN_PATTERN = /^\d+:[A-Za-z0-9_-]{35}$/;

export function isWellFormedBotToken(token: string): boolean {
  return BOT_TOKEN_PATTERN.test(token);
}

/** The bot's Telegram user id: the digits before the colon (no API call needed). */
export function botIdOf(token: string): number {
  const digits = token.slice(0, token.indexOf(':'));
  if (!/^\d+$/.test(digits)) throw new Error('not a bot token');
  return Number(digits);
}
