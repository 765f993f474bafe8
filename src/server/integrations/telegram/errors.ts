import { GrammyError, HttpError } from 'grammy';
import { fillMessage, messages } from '../../../contract/messages.js';

/**
 * What went wrong with a Bot API call, in the terms callers act on:
 * pace and retry (`rate_limited`, `server`, `network`), drop the recipient (`blocked`, `chat_not_found`),
 * or ask the seller to fix something (`unauthorized`, `bad_request`).
 */
export type TelegramErrorKind = 'rate_limited' | 'blocked' | 'chat_not_found' | 'bad_request' | 'unauthorized' | 'server' | 'network';

/** The one error our Telegram client throws. Its message never holds the bot token or the request URL. */
export class TelegramError extends Error {
  readonly kind: TelegramErrorKind;
  /** Telegram's `error_code` (the HTTP status), undefined for network failures. */
  readonly errorCode: number | undefined;
  /** Telegram's `description`, e.g. "Forbidden: bot was blocked by the user". */
  readonly description: string;
  /** Telegram's `parameters.retry_after` on 429 answers. */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: { kind: TelegramErrorKind; method: string; description: string; errorCode?: number; retryAfterSeconds?: number }) {
    super(`Telegram ${options.method}: ${options.errorCode ? `${options.errorCode} ` : ''}${options.description}`);
    this.name = 'TelegramError';
    this.kind = options.kind;
    this.errorCode = options.errorCode;
    this.description = options.description;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Which kind an `{ ok: false, error_code, description }` answer is. */
export function kindOfFailure(errorCode: number, description: string): TelegramErrorKind {
  if (errorCode === 429) return 'rate_limited';
  if (errorCode === 401) return 'unauthorized';
  // 403 covers "bot was blocked by the user", "user is deactivated", "bot was kicked…": the chat can't be reached.
  if (errorCode === 403) return 'blocked';
  if (errorCode >= 500) return 'server';
  // Telegram tells "chat not found" from other bad requests only in the description.
  if (errorCode === 400 && /chat not found|user not found|PEER_ID_INVALID/i.test(description)) return 'chat_not_found';
  return 'bad_request';
}

export function failureToTelegramError(
  method: string,
  failure: { error_code: number; description: string; parameters?: { retry_after?: number } },
): TelegramError {
  const kind = kindOfFailure(failure.error_code, failure.description);
  return new TelegramError({
    kind,
    method,
    errorCode: failure.error_code,
    description: failure.description,
    retryAfterSeconds: kind === 'rate_limited' ? Math.max(1, failure.parameters?.retry_after ?? 1) : undefined,
  });
}

/** A network failure; the cause's text is kept for logs without the token or URL (node-fetch quotes the request URL). */
export function networkError(method: string, cause: unknown, token: string): TelegramError {
  const reason = (cause instanceof Error ? describeCause(cause) : String(cause))
    .split(token)
    .join('<token>')
    .replace(/\bhttps?:\/\/\S+/g, '<url>');
  return new TelegramError({ kind: 'network', method, description: `network error: ${reason}` });
}

function describeCause(error: Error): string {
  const inner = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${inner}`;
}

/** grammY's errors → ours. Anything that is not a grammY error is a bug on our side and is rethrown as is. */
export function fromGrammyError(error: unknown, method: string, token: string): TelegramError {
  if (error instanceof GrammyError) return failureToTelegramError(method, { ...error, parameters: error.parameters });
  if (error instanceof HttpError) return networkError(method, error.error, token);
  throw error;
}

/** A 403 for a person who never wrote to the bot: only the description tells it from a block. */
export function neverStarted(error: TelegramError): boolean {
  return error.kind === 'blocked' && /can't initiate conversation/i.test(error.description);
}

export function isRetryable(error: unknown): boolean {
  return error instanceof TelegramError && (error.kind === 'rate_limited' || error.kind === 'server' || error.kind === 'network');
}

/** A short Russian explanation for the seller (a mailing's report, a bot check). */
export function describeTelegramError(error: TelegramError): string {
  switch (error.kind) {
    case 'blocked':
      return neverStarted(error) ? messages.telegram.notStarted : messages.telegram.blocked;
    case 'chat_not_found':
      return messages.telegram.chatNotFound;
    case 'rate_limited':
      return messages.telegram.rateLimited;
    case 'unauthorized':
      return messages.telegram.unauthorized;
    case 'server':
    case 'network':
      return messages.telegram.unavailable;
    case 'bad_request':
      return fillMessage(messages.telegram.rejected, { description: error.description });
  }
}
