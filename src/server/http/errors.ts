import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../contract/messages.js';

/** Every failure a use case can report; the HTTP status is chosen here, in one place. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'internal'
  | 'service_unavailable';

const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Structured fields the answer carries beside `message` (the route's response schema lists them). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

/** PostgreSQL error codes we translate; drizzle wraps driver errors, so look at the cause too. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';

const catalogueTexts: string[] = Object.values(messages).flatMap((group) => Object.values(group) as string[]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Catalogue texts, placeholders (`{inn}`) matching any value. */
const cataloguePatterns = catalogueTexts.map(
  (text) => new RegExp(`^${text.split(/\{\w+\}/).map(escapeRegExp).join('.+')}$`, 's'),
);
const isCatalogueText = (message: string) => cataloguePatterns.some((pattern) => pattern.test(message));

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return messages.common.invalidInput;
  const first = error.validation[0];
  const message = first?.message;
  if (!first || !message) return messages.common.invalidInput;
  if (isCatalogueText(message)) return message;
  // A rule without its own text: name the field so the message is still actionable.
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field ? `Поле «${field}»: ${message}` : message;
}

/** Maps any thrown error to `{ message }` with the right status; never leaks a stack trace. */
export function toHttpError(error: unknown): { status: number; message: string; headers: Record<string, string>; details?: Record<string, unknown> } {
  if (error instanceof AppError) return { status: error.status, message: error.message, headers: error.headers, details: error.details };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return { status: 400, message: validationMessage(fastifyError), headers: {} };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: messages.common.badJson, headers: {} };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: messages.common.bodyTooLarge, headers: {} };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, message: messages.common.unsupportedMediaType, headers: {} };
  }
  // JSON.parse failures surface as SyntaxError with statusCode 400.
  if (error instanceof SyntaxError) return { status: 400, message: messages.common.badJson, headers: {} };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: messages.common.requestFailed, headers: {} };
  }
  return { status: 500, message: messages.common.internal, headers: {} };
}

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { status, message, headers, details } = toHttpError(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, reason: message }, 'request refused');
  void reply.status(status).headers(headers).send({ ...details, message });
}
