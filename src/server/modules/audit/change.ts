import { messages } from '../../../contract/messages.js';

type Values = Record<string, unknown>;

/**
 * What a save changed, as the audit log's before and after: the fields whose value differs, each
 * side holding only those. A secret field (a bot's or a platform's token) reads as set or changed,
 * never as itself. `was` null: the thing did not exist, and `after` holds every field given.
 */
export function changedValues(
  was: Values | null | undefined,
  now: Values,
  secrets: ReadonlySet<string> = new Set(),
): { before: Values | null; after: Values } {
  const before: Values = {};
  const after: Values = {};
  for (const [field, value] of Object.entries(now)) {
    if (value === undefined) continue;
    const old = was?.[field] ?? null;
    if (was && JSON.stringify(old) === JSON.stringify(value)) continue;
    const secret = secrets.has(field);
    before[field] = secret ? (old ? messages.audit.secretSet : null) : old;
    after[field] = secret ? (value ? messages.audit.secretChanged : null) : value;
  }
  return { before: was ? before : null, after };
}

/**
 * A list replaced whole, as the audit log's before and after: the items that went (removed or
 * edited) and the items that came (added or edited), compared as JSON; the unchanged are left out.
 */
export function listChange<Item>(was: readonly Item[], now: readonly Item[]): { before: { items: Item[] }; after: { items: Item[] } } {
  const key = (item: Item) => JSON.stringify(item);
  const wasKeys = new Set(was.map(key));
  const nowKeys = new Set(now.map(key));
  return {
    before: { items: was.filter((item) => !nowKeys.has(key(item))) },
    after: { items: now.filter((item) => !wasKeys.has(key(item))) },
  };
}
