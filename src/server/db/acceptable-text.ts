/**
 * What text the database can store, for every way text comes in: the HTTP edge refuses it
 * (http/input-guard.ts), an integration's answer is cleaned of it (the tax client).
 */

/**
 * Characters no text field can hold: C0 controls except tab, line feed and carriage return
 * (multi-line texts such as bot command answers keep them), DEL, C1 controls and the
 * non-characters U+FFFE/U+FFFF. NUL in particular is refused by PostgreSQL
 * ("invalid byte sequence for encoding UTF8: 0x00"). A lone surrogate (half of a pair,
 * e.g. "\ud800" in JSON) cannot be encoded as UTF-8 at all.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Nesting deeper than any schema of ours is junk; refusing it also bounds the walk. */
const MAX_DEPTH = 32;

function isBinary(value: object): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function';
}

export function isAcceptableText(text: string): boolean {
  return !FORBIDDEN_CHARACTER.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * The dotted path of the first string (value or object key) that no field can hold, or
 * undefined when every string is acceptable. `where` names the root ("body", "query").
 */
export function findUnacceptableText(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isAcceptableText(value) ? undefined : where;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return where;
  // A Buffer or a stream (an upload, later) is not text and is not walked. (Fastify's query
  // object has its own prototype, so "plain objects only" would skip it.)
  if (isBinary(value)) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnacceptableText(value[index], `${where}.${index}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isAcceptableText(key)) return where;
    const found = findUnacceptableText(item, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const FORBIDDEN_CHARACTERS = new RegExp(FORBIDDEN_CHARACTER.source, 'g');
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * For text from outside services (the tax service's receipts): the same characters are
 * removed rather than refused, since a receipt is no less real for a stray byte in an item name.
 */
export function stripUnacceptableText(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(FORBIDDEN_CHARACTERS, '').replace(LONE_SURROGATES, '\ufffd');
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => stripUnacceptableText(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [stripUnacceptableText(key, depth + 1), stripUnacceptableText(item, depth + 1)]),
  );
}
