/**
 * A list's position for keyset paging: the last row's sort key, base64url-encoded JSON, so clients
 * treat it as opaque and the keyset underneath may change without breaking them. The seller API
 * and the cabinet's long lists (the support inbox, the moderation queue) share it; each reader
 * checks the key's shape itself and refuses a cursor that is not one of its own.
 */
export function encodeCursor(key: unknown): string {
  return Buffer.from(JSON.stringify({ k: key }), 'utf8').toString('base64url');
}

/** The key a cursor carries; undefined when it is not one of ours at all. */
export function cursorKey(cursor: string): unknown {
  try {
    return (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k?: unknown } | null)?.k;
  } catch {
    return undefined;
  }
}

/** A page from `limit + 1` rows read: the extra row only tells that another page exists. */
export function pageOf<Row, Item>(rows: Row[], limit: number, present: (row: Row) => Item, keyOf: (row: Row) => unknown) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { data: shown.map(present), next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/** A timestamp as PostgreSQL prints `timestamptz::text` (microseconds kept, so a key compares exactly). */
export const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
