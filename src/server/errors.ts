/**
 * The server's one error type and the database error helpers, below every module: services,
 * repositories and integrations throw and translate with these; the HTTP edge (http/errors.ts)
 * maps them to an answer.
 */

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
  | 'unavailable';

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
  unavailable: 503,
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

/**
 * An image store did not answer (network, timeout, refused credentials, the service's own 5xx):
 * not the same as "no such image", so served as 503 rather than 404.
 */
export class ImageStorageUnavailable extends Error {
  constructor(
    readonly store: string,
    options: { cause: unknown },
  ) {
    super(`image storage "${store}" is unavailable`, options);
    this.name = 'ImageStorageUnavailable';
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

/** Socket-level failures on the way to the database (Node's error codes). */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** SQLSTATEs of a database that is restarting or refusing connections: class 08, 57P01–57P03, 53300. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/**
 * node-postgres reports a dropped connection and a pool wait timeout without any code, so
 * these two texts of the driver (not of the database) are the only way to tell them apart.
 */
const DRIVER_CONNECTION_TEXTS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** True when the error means "the database cannot be reached right now", not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && DRIVER_CONNECTION_TEXTS.some((text) => message.startsWith(text))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
