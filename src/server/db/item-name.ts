import { sql, type SQL } from 'drizzle-orm';
import { normaliseItemName } from '../../contract/item-name.js';

// `normaliseItemName` and `itemNameContains` (src/contract/item-name.ts) in SQL, for queries that
// match item names inside the database. item-name.test.ts runs both on the same names in PGlite.
// PostgreSQL's own `lower()` and `\s` follow the database's locale: under C `lower()` leaves
// Cyrillic alone, and no locale counts NBSP as a space. So the Russian letters are lowered by
// `translate` and the spaces are JavaScript's `\s` spelt out; `lower()` is left only the other
// letters (Latin, and other scripts where the locale knows them).

const UPPER_AND_YO = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё';
const LOWER_WITH_E = 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе';

/** What JavaScript's `\s` matches (ECMAScript's WhiteSpace and LineTerminator), as a class of PostgreSQL's regular expressions. */
export const SPACE_CLASS = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

const literal = (text: string) => sql.raw(`'${text}'`);

/** `normaliseItemName(text)` of a text expression. */
export function normalisedItemName(text: SQL): SQL {
  const lowered = sql`lower(translate(${text}, ${literal(UPPER_AND_YO)}, ${literal(LOWER_WITH_E)}))`;
  return sql`btrim(regexp_replace(${lowered}, ${literal(`${SPACE_CLASS}+`)}, ' ', 'g'), ' ')`;
}

/**
 * `itemNameContains(name, text)`: the text is either known here (normalised here, sent as a
 * parameter) or a column of the query (normalised by the database).
 */
export function itemNameContainsSql(name: SQL, text: string | SQL): SQL {
  const wanted = typeof text === 'string' ? sql`${normaliseItemName(text)}::text` : normalisedItemName(text);
  return sql`strpos(${normalisedItemName(name)}, ${wanted}) > 0`;
}
