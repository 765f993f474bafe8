import type { QueryOptions } from '@electric-sql/pglite';

/**
 * The messages between the app's thread and PGlite's worker thread (pglite-worker.ts). A statement's
 * answer crosses as the wire protocol's bytes, in a buffer transferred, not copied, and is read on
 * the app's side (pglite-results.ts): a query's parsers, functions, never cross.
 */
export type WireRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; paramTypes?: number[]; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'named'; name: string; text: string; params: (string | null)[] }
  /** Opens transaction `tx`: answered once BEGIN has run, and its statements then carry `tx`. */
  | { id: number; op: 'begin'; tx: number }
  /** Commits or rolls back transaction `tx`: answered once PGlite has. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export interface WireError {
  message: string;
  name: string;
  /** The error's own fields (a database error's `code`, `constraint`, `detail`…). */
  fields: Record<string, unknown>;
}

/**
 * `id` 0 is the worker's "open": once PGlite has started, the database's array types (`ArrayType[]`),
 * for the app's thread to build the parsers PGlite builds for itself.
 */
export type WireReply = { id: number; result: unknown } | { id: number; error: WireError };

/** The part of a query's options that crosses: the parameters' types. The rest is read on the app's side or refused. */
export function paramTypesOf(options: QueryOptions | undefined): number[] | undefined {
  if (options?.serializers || options?.blob || options?.onNotice)
    throw new TypeError('serializers, blob and onNotice of a PGlite query cannot cross to its worker thread');
  return options?.paramTypes;
}

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return nonErrorToWire(error);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // A database error also holds its query's options (parsers: functions), which stay behind.
    try {
      fields[key] = structuredClone(value);
    } catch {
      continue;
    }
  }
  return { message: error.message, name: error.name, fields };
}

/**
 * A thrown value that is no Error: Emscripten's file system throws `{ name: 'ErrnoError', errno }`
 * (a data folder that is a file), which `String()` made "[object Object]" in the start's failure.
 */
function nonErrorToWire(thrown: unknown): WireError {
  if (typeof thrown !== 'object' || thrown === null) return { message: String(thrown), name: 'Error', fields: {} };
  const { name, message } = thrown as { name?: unknown; message?: unknown };
  return {
    message: typeof message === 'string' ? message : described(thrown),
    name: typeof name === 'string' ? name : 'Error',
    fields: {},
  };
}

function described(thrown: object): string {
  try {
    return JSON.stringify(thrown);
  } catch {
    return String(thrown); // circular, or a BigInt inside
  }
}

/** The worker's error as the app knows it: a database error keeps its `code`, `constraint`… */
export function fromWireError(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  error.name = wire.name;
  return error;
}
