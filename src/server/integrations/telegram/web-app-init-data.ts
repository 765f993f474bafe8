import { createHmac } from 'node:crypto';

/**
 * The signature Telegram puts on a Mini App's init data: HMAC-SHA256 of the data-check string
 * (every field but `hash`, as `key=value`, sorted, joined by newlines) under the key
 * HMAC-SHA256("WebAppData", bot token). Telegram (here, its emulator) signs; the shop checks.
 */
export function initDataSignature(params: URLSearchParams, botToken: string): string {
  const dataCheckString = [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString).digest('hex');
}

/** Init data signed for a user, as Telegram hands it to a Mini App opened from that bot's button. */
export function signInitData(user: object, botToken: string, authDate: Date, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...extra, auth_date: String(Math.floor(authDate.getTime() / 1000)), user: JSON.stringify(user) });
  params.set('hash', initDataSignature(params, botToken));
  return params.toString();
}
