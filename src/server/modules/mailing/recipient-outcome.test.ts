import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.js';
import { TelegramError, type TelegramErrorKind } from '../../integrations/telegram/errors.js';
import { backoffMs } from '../../db/outbox.js';
import { outcomeOfSendError, RECIPIENT_RETRY } from './recipient-outcome.js';

const m = messages.mailing;
const failure = (kind: TelegramErrorKind, description = '', retryAfterSeconds?: number) =>
  new TelegramError({ kind, method: 'sendMessage', description, retryAfterSeconds });

describe('what a refused send means for the recipient', () => {
  it('a rate limit waits Telegram’s retry_after and slows the whole bot, without using up attempts', () => {
    expect(outcomeOfSendError(failure('rate_limited', 'Too Many Requests: retry after 3', 3), RECIPIENT_RETRY.maxAttempts + 5)).toEqual({
      kind: 'retry',
      delayMs: 3000,
      pauseBotMs: 3000,
      error: m.errorUnavailable,
    });
  });

  it('a blocked bot and an unknown chat are final for that recipient', () => {
    expect(outcomeOfSendError(failure('blocked', 'Forbidden: bot was blocked by the user'), 1)).toEqual({
      kind: 'failed',
      error: m.errorBlocked,
    });
    expect(outcomeOfSendError(failure('chat_not_found', 'Bad Request: chat not found'), 1)).toEqual({
      kind: 'failed',
      error: m.errorChatNotFound,
    });
  });

  it('another refusal is final and quotes Telegram’s reason', () => {
    expect(outcomeOfSendError(failure('bad_request', "Bad Request: can't parse entities"), 1)).toEqual({
      kind: 'failed',
      error: "Telegram отклонил сообщение (can't parse entities)",
    });
  });

  it('a revoked token stops the whole mailing', () => {
    expect(outcomeOfSendError(failure('unauthorized', 'Unauthorized'), 1)).toEqual({ kind: 'stop_mailing', error: m.errorTokenRevoked });
  });

  it('an outage is retried with growing waits, then given up', () => {
    expect(outcomeOfSendError(failure('server', 'Bad Gateway'), 1)).toMatchObject({ kind: 'retry', delayMs: 1000, pauseBotMs: 0 });
    expect(outcomeOfSendError(failure('network', 'timeout'), 3)).toMatchObject({ kind: 'retry', delayMs: 4000 });
    expect(outcomeOfSendError(failure('network', 'timeout'), RECIPIENT_RETRY.maxAttempts)).toEqual({
      kind: 'failed',
      error: m.errorUnavailable,
    });
  });

  it('backoff doubles up to a minute', () => {
    expect([1, 2, 3, 4, 7, 20].map((attempts) => backoffMs(attempts, RECIPIENT_RETRY))).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
  });
});
