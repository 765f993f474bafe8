import type { FastifyServerOptions } from 'fastify';

/**
 * Field names whose values never reach a log line, wherever they sit in a logged object
 * (up to three levels deep): passwords and their hashes, session/bot/admin tokens, the key
 * sealing bot tokens at rest, action API keys, Robokassa passwords, Telegram init data, and query parameter lists of
 * database errors (which hold whatever was being written: a password hash at registration).
 */
const SECRET_FIELDS = [
  'password',
  'password_hash',
  'current_password',
  'passwordHash',
  'token',
  'puzzle_bot_token',
  'puzzleBotToken',
  'mailing_bot_token',
  'mailingBotToken',
  'telegram_bot_token',
  'telegramBotToken',
  'bot_token',
  'botToken',
  'actionBotToken',
  'shopBotToken',
  // The key that seals the tokens at rest (secrets/), under any name it might be logged with.
  'SECRETS_KEY',
  'SECRETS_KEY_PREVIOUS',
  'secrets',
  'keyring',
  'api_key',
  'apiKey',
  'init_data',
  'initData',
  'password1',
  'password2',
  'params',
  'authorization',
  'cookie',
  'x-api-key',
  'x-admin-token',
  'x-telegram-init-data',
];

const REDACTED = '[скрыто]';

function redactPaths(): string[] {
  const key = (name: string) => (/^[A-Za-z_]\w*$/.test(name) ? `.${name}` : `["${name}"]`);
  return SECRET_FIELDS.flatMap((name) => [key(name).replace(/^\./, ''), `*${key(name)}`, `*.*${key(name)}`]);
}

/** Text of an error without parameter values: drizzle appends "params: …" to its message. */
const PARAMS_TAIL = /\n\s*params:[\s\S]*$/;
/** Belt and braces: an argon2 hash is recognisable wherever it appears. */
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"',)]*/g;

export function scrubText(text: string): string {
  return text.replace(PARAMS_TAIL, '').replace(ARGON2_HASH, REDACTED);
}

/**
 * Fields of driver errors that describe the failure without carrying row data. PostgreSQL's
 * `detail` is left out on purpose: for a check violation it quotes the whole failing row.
 */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine', 'schema', 'dataType'] as const;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** Replaces pino's error serializer: whitelisted fields only, the cause chain followed. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)), stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: scrubText(error.message),
    // Frames only: the first line of a stack repeats the (unscrubbed) message.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
  for (const field of SAFE_ERROR_FIELDS) {
    if (typeof fields[field] === 'string' || typeof fields[field] === 'number') serialized[field] = fields[field];
  }
  // The SQL text is parameterised ($1, $2…): useful, and it holds no values.
  if (typeof fields.query === 'string') serialized.query = fields.query.slice(0, 2000);
  if (error.cause !== undefined && depth < 4) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** A query string can carry a key (`?token=…`): its secret-named values are replaced. */
export function scrubUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of [...query.keys()]) {
    if (SECRET_FIELDS.includes(name.toLowerCase())) {
      query.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${query}` : url;
}

/** Pino options for Fastify's logger: redaction by field name and the safe serializers. */
export function safeLoggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', ...redactPaths()], censor: REDACTED },
    serializers: {
      err: serializeError,
      error: serializeError,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: scrubUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
