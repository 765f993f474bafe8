import { fillMessage, messages } from '../../../contract/messages.js';
import { neverStarted, type TelegramError } from '../../integrations/telegram/errors.js';

const m = messages.mailing;

/** Attempts per recipient before "Telegram unavailable" becomes final. */
export const MAX_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 60_000;

export type RecipientOutcome =
  | { kind: 'sent' }
  /** Final for this recipient: blocked, chat not found, a message Telegram refuses. */
  | { kind: 'failed'; error: string }
  /** Try this recipient again later; `pauseBotMs` slows the whole bot down too (Telegram's 429). */
  | { kind: 'retry'; delayMs: number; pauseBotMs: number; error: string }
  /** The token no longer works: no recipient of this mailing can be reached. */
  | { kind: 'stop_mailing'; error: string };

/** Backoff after a network error or a 5xx: 1 s, 2 s, 4 s … up to a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));
}

/** What to do with a recipient after Telegram refused a send (pure: the worker only applies it). */
export function outcomeOfSendError(error: TelegramError, attempts: number): RecipientOutcome {
  switch (error.kind) {
    case 'rate_limited': {
      const waitMs = Math.max(1, error.retryAfterSeconds ?? 1) * 1000;
      // A rate limit is not the recipient's fault: it does not use up their attempts.
      return { kind: 'retry', delayMs: waitMs, pauseBotMs: waitMs, error: m.errorUnavailable };
    }
    case 'blocked':
      return { kind: 'failed', error: neverStarted(error) ? m.errorNotStarted : m.errorBlocked };
    case 'chat_not_found':
      return { kind: 'failed', error: m.errorChatNotFound };
    case 'bad_request':
      return { kind: 'failed', error: fillMessage(m.errorRejected, { reason: error.description.replace(/^Bad Request:\s*/i, '').slice(0, 200) }) };
    case 'unauthorized':
      return { kind: 'stop_mailing', error: m.errorTokenRevoked };
    case 'server':
    case 'network':
      return attempts >= MAX_ATTEMPTS
        ? { kind: 'failed', error: m.errorUnavailable }
        : { kind: 'retry', delayMs: backoffMs(attempts), pauseBotMs: 0, error: m.errorUnavailable };
  }
}
