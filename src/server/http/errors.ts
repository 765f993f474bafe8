import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../contract/messages.js';
import { uploadMessages } from '../../contract/uploads.js';
import { AppError, ImageStorageUnavailable, isDatabaseUnavailable } from '../errors.js';

const catalogueTexts: string[] = Object.values(messages).flatMap((group) => Object.values(group) as string[]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Catalogue texts, placeholders (`{inn}`) matching any value. */
const cataloguePatterns = catalogueTexts.map(
  (text) =>
    new RegExp(
      `^${text
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('.+')}$`,
      's',
    ),
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
export function toHttpError(error: unknown): {
  status: number;
  message: string;
  headers: Record<string, string>;
  details?: Record<string, unknown>;
} {
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
      return { status: 415, message: messages.common.unsupportedMediaType, headers: {} };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: messages.common.badRequest, headers: {} };
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_INVALID_URL':
      return { status: 400, message: messages.common.badUrl, headers: {} };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: messages.common.urlTooLong, headers: {} };
  }
  // The image store (a bucket) did not answer: the picture may well exist, so not a 404.
  if (error instanceof ImageStorageUnavailable)
    return { status: 503, message: uploadMessages.storageUnavailable, headers: { 'retry-after': '5' } };
  if (isDatabaseUnavailable(error)) return { status: 503, message: messages.common.serviceUnavailable, headers: { 'retry-after': '5' } };
  // JSON.parse failures surface as SyntaxError with statusCode 400.
  if (error instanceof SyntaxError) return { status: 400, message: messages.common.badJson, headers: {} };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: messages.common.requestFailed, headers: {} };
  }
  return { status: 500, message: messages.common.internal, headers: {} };
}

/**
 * The one error handler: route errors (setErrorHandler) and the router's own refusals
 * (Fastify's `frameworkErrors`: a malformed or over-long URL) answer alike.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { status, message, headers, details } = toHttpError(error);
  if (error instanceof ImageStorageUnavailable) request.log.error({ err: error, store: error.store }, 'image storage unavailable');
  else if (status === 503) request.log.warn({ err: error }, 'database unavailable');
  else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, reason: message }, 'request refused');
  void reply
    .status(status)
    .headers(headers)
    .send({ ...details, message });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a control character in a
 * header, a broken request line, headers too large, a client too slow): the same
 * `{ message }` in Russian, written straight to the socket as Fastify's default does.
 */
export function handleClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', messages.common.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', messages.common.headersTooLarge]
        : [400, 'Bad Request', messages.common.badRequest];
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
