import type { QueryOptions, Results, RowMode } from '@electric-sql/pglite';

/**
 * The messages between the app's thread and PGlite's worker thread (pglite-worker.ts). Only what
 * the structured clone carries crosses: functions (a query's parsers) stay on the app's side.
 */
export interface WireOptions {
  rowMode?: RowMode;
  paramTypes?: number[];
  /** Types whose values come back as PostgreSQL's text, for the caller's own parsers to read. */
  rawTypes?: number[];
}

export type WireRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; options?: WireOptions; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'named'; name: string; text: string; params: (string | null)[]; options?: WireOptions }
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

/** `id` 0 is the worker's "open": its result once PGlite has started. */
export type WireReply = { id: number; result: unknown } | { id: number; error: WireError };

export function toWireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  if (options.serializers || options.blob || options.onNotice)
    throw new TypeError('serializers, blob and onNotice of a PGlite query cannot cross to its worker thread');
  return {
    rowMode: options.rowMode,
    paramTypes: options.paramTypes,
    rawTypes: options.parsers && Object.keys(options.parsers).map(Number),
  };
}

const asItIs = (value: string) => value;

export function fromWireOptions(wire: WireOptions | undefined): QueryOptions | undefined {
  if (!wire) return undefined;
  return {
    rowMode: wire.rowMode,
    paramTypes: wire.paramTypes,
    parsers: wire.rawTypes && Object.fromEntries(wire.rawTypes.map((type) => [type, asItIs])),
  };
}

/**
 * The caller's parsers over the values the worker left as text (`rawTypes`), as PGlite calls them:
 * `parser(text, typeId)`, never for NULL. Changes `results` in place.
 */
export function applyParsers<R extends Results<unknown>>(results: R, options: QueryOptions | undefined): R {
  const parsers = options?.parsers;
  if (!parsers) return results;
  const columns = results.fields.flatMap((field, index) => {
    // PGlite passes the type too, though its type for a parser says only the text.
    const parser = parsers[field.dataTypeID] as ((value: string, typeId: number) => unknown) | undefined;
    return parser ? [{ index, name: field.name, type: field.dataTypeID, parser }] : [];
  });
  if (columns.length === 0) return results;
  for (const row of results.rows as Record<string | number, unknown>[]) {
    for (const { index, name, type, parser } of columns) {
      const key = options.rowMode === 'array' ? index : name;
      const value = row[key];
      if (typeof value === 'string') row[key] = parser(value, type);
    }
  }
  return results;
}

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
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

/** The worker's error as the app knows it: a database error keeps its `code`, `constraint`… */
export function fromWireError(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  error.name = wire.name;
  return error;
}
