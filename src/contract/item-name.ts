/**
 * How a receipt item's name is matched against a text a seller typed: an action's product
 * keywords (the receipt verdict), a draw's item, a segment's item, a product rule. Any letter
 * case, «ё» as «е», every run of whitespace (JavaScript's `\s`: tabs, line breaks, NBSP and the
 * other Unicode spaces) as one space, none at the ends. Receipts were matched this way first and
 * the others follow them; the same rule in SQL is `server/db/item-name.ts`, held to this one by
 * its test.
 */
export function normaliseItemName(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();
}

/** The item's name contains the text, both normalised; an empty text is in every name. */
export function itemNameContains(name: string, text: string): boolean {
  return normaliseItemName(name).includes(normaliseItemName(text));
}
