import { timingSafeEqual } from 'node:crypto';
import { INIT_DATA_HEADER, INIT_DATA_MAX_AGE_SECONDS } from '../../../contract/shop.js';
import { initDataSignature } from '../../integrations/telegram/web-app-init-data.js';

export interface TelegramWebAppUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
}

/**
 * Telegram Mini App init data, checked as Telegram documents it: the data-check string (every
 * field but `hash`, sorted, `key=value` joined by newlines) signed with HMAC-SHA256 under the key
 * HMAC-SHA256("WebAppData", bot token). Answers the signed user, or null when anything is off:
 * no hash, a wrong one, no user, `auth_date` older than a day (or from the future), or a field
 * given twice. Telegram never repeats a field; with a repeat, the signature covers both copies
 * while `get` reads the first, and a second `hash` is left out of the signed string altogether,
 * so what was signed and what is read could differ.
 */
export function verifyInitData(initData: string, botToken: string, now: Date): TelegramWebAppUser | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(initData);
  } catch {
    return null;
  }
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) return null;
  const hash = params.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) return null;
  const expected = initDataSignature(params, botToken);
  if (!timingSafeEqual(Buffer.from(hash.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'))) return null;

  const authDate = Number(params.get('auth_date'));
  const ageSeconds = now.getTime() / 1000 - authDate;
  if (!Number.isFinite(authDate) || ageSeconds > INIT_DATA_MAX_AGE_SECONDS || ageSeconds < -300) return null;

  try {
    const user = JSON.parse(params.get('user') ?? '') as TelegramWebAppUser;
    return Number.isSafeInteger(user.id) && user.id > 0 ? user : null;
  } catch {
    return null;
  }
}

/** The Mini App's init data a request carries (its header), for the routes that identify the shopper by it. */
export function initDataOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[INIT_DATA_HEADER];
  return typeof value === 'string' ? value : undefined;
}
