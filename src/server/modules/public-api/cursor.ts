import { messages } from '../../../contract/messages.js';
import { ApiProblem } from './problem.js';

/**
 * The `cursor` of a page: the last row's sort key, base64url-encoded JSON, so clients treat it as
 * opaque and the keyset underneath may change without breaking them. A cursor that does not
 * decode to the expected key is 400.
 */
export function encodeCursor(key: string | number): string {
  return Buffer.from(JSON.stringify({ k: key }), 'utf8').toString('base64url');
}

export function decodeCursor<T extends 'number' | 'string'>(
  cursor: string | undefined,
  kind: T,
): (T extends 'number' ? number : string) | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k?: unknown }).k;
  } catch {
    key = undefined;
  }
  const valid = kind === 'number' ? Number.isSafeInteger(key) && (key as number) > 0 : typeof key === 'string' && /^\d{1,20}$/.test(key);
  if (!valid) throw new ApiProblem(400, messages.publicApi.cursorInvalid);
  return key as T extends 'number' ? number : string;
}

/** A page from `limit + 1` rows read: the extra row only tells that another page exists. */
export function pageOf<Row, Item>(rows: Row[], limit: number, present: (row: Row) => Item, keyOf: (row: Row) => string | number) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { data: shown.map(present), next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
