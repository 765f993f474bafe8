import { fillMessage, messages } from '../../../contract/messages.js';
import { nextTry, type RetryPolicy } from '../../db/outbox.js';
import { neverStarted, type TelegramError } from '../../integrations/telegram/errors.js';

const m = messages.mailing;

/** After a network error or a 5xx: 1 s, 2 s, 4 s … up to a minute; the eighth failure is final. */
export const RECIPIENT_RETRY: RetryPolicy = { maxAttempts: 8, baseMs: 1000, maxMs: 60_000 };

export type RecipientOutcome =
  | { kind: 'sent' }
  /** Final for this recipient: blocked, chat not found, a message Telegram refuses. */
  | { kind: 'failed'; error: string }
  /** Try this recipient again later; `pauseBotMs` slows the whole bot down too (Telegram's 429). */
  | { kind: 'retry'; delayMs: number; pauseBotMs: number; error: string }
  /** The token no longer works: no recipient of this mailing can be reached. */
  | { kind: 'stop_mailing'; error: string };

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
      return {
        kind: 'failed',
        error: fillMessage(m.errorRejected, { reason: error.description.replace(/^Bad Request:\s*/i, '').slice(0, 200) }),
      };
    case 'unauthorized':
      return { kind: 'stop_mailing', error: m.errorTokenRevoked };
    case 'server':
    case 'network': {
      const next = nextTry(attempts, RECIPIENT_RETRY);
      return next
        ? { kind: 'retry', delayMs: next.delayMs, pauseBotMs: 0, error: m.errorUnavailable }
        : { kind: 'failed', error: m.errorUnavailable };
    }
  }
}
