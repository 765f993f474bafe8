/** ru-RU formatting and money conversions shared by the server (its messages) and the web app. */
/** Money is integer kopecks in storage and arithmetic, rubles (a number) in the API. */
export function rublesToKopecks(rubles: number): number {
  return Math.round(rubles * 100);
}

export function kopecksToRubles(kopecks: number): number {
  return kopecks / 100;
}

const LOCALE = 'ru-RU';
const wholeRubles = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const rublesWithKopecks = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Whole amounts without kopecks ('0 ₽', '20 000 ₽'), others with two digits ('1 000,50 ₽'). */
export function formatRubles(amount: number): string {
  const kopecks = rublesToKopecks(amount);
  const format = kopecks % 100 === 0 ? wholeRubles : rublesWithKopecks;
  // `|| 0` turns -0 into 0, so it never shows as "-0 ₽".
  return format.format((kopecks || 0) / 100);
}

/** Sellers are in Russia; server-made texts show dates in Moscow time unless told otherwise. */
export function formatDate(value: Date | string, timeZone = 'Europe/Moscow'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
}

/** SPEC §9: a token or key longer than 10 characters shows only its first 5 and last 4 characters. */
export function maskSecret(secret: string): string {
  return secret.length > 10 ? `${secret.slice(0, 5)}…${secret.slice(-4)}` : secret;
}

const russianPlurals = new Intl.PluralRules('ru-RU');

/** A word's three Russian forms after a number: 1 (and 21, 31…), 2–4 (and 22–24…), 5–20 and the rest. */
export interface RussianForms {
  one: string;
  few: string;
  many: string;
}

/** The form that agrees with `count`: 1 получателю, 2 получателям, 11 получателям, 21 получателю. */
export function pluralRu(count: number, forms: RussianForms): string {
  const category = russianPlurals.select(count);
  if (category === 'one') return forms.one;
  return category === 'few' ? forms.few : forms.many;
}
