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

const percentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** '7,5 %' (a points percent may be fractional). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}\u00a0%`;
}

/** Whole amounts without kopecks ('0 ₽', '20 000 ₽'), others with two digits ('1 000,50 ₽'). */
export function formatRubles(amount: number): string {
  const kopecks = rublesToKopecks(amount);
  const format = kopecks % 100 === 0 ? wholeRubles : rublesWithKopecks;
  // `|| 0` turns -0 into 0, so it never shows as "-0 ₽".
  return format.format((kopecks || 0) / 100);
}

/**
 * Every date and time people read is Moscow's, on the server and in the browser alike: sellers
 * are in Russia, receipts' local times are read as Moscow's and the analytics count Moscow days.
 */
export const TIME_ZONE = 'Europe/Moscow';
/** Follows a time of day, so a seller elsewhere knows whose clock it is (a date alone goes without). */
const TIME_ZONE_LABEL = 'МСК';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const dayMonthFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', timeZone: TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
const dayMonthTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

function toDate(value: Date | string): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '28.10.2025'; an unparsable value shows as nothing. */
export function formatDate(value: Date | string): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** '28.10': a day within the coming weeks, its year left out. */
export function formatDayMonth(value: Date | string): string {
  const date = toDate(value);
  return date ? dayMonthFormat.format(date) : '';
}

/** '28.10.2025, 14:05 МСК'; `withZone: false` leaves the zone out (a CSV cell Excel reads as a date). */
export function formatDateTime(value: Date | string, options: { withZone?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const text = dateTimeFormat.format(date);
  return options.withZone === false ? text : `${text} ${TIME_ZONE_LABEL}`;
}

/** '28.10.2025, 14:05 – 18:40 МСК' (one day) or two full date-times: when a run of events happened. */
export function formatDateTimeSpan(from: Date | string, to: Date | string): string {
  const start = toDate(from);
  const end = toDate(to);
  if (!start || !end) return formatDateTime(start ?? end ?? '');
  if (formatDate(start) !== formatDate(end)) return `${formatDateTime(start)} – ${formatDateTime(end)}`;
  const startText = formatDateTime(start, { withZone: false });
  return startText === formatDateTime(end, { withZone: false })
    ? formatDateTime(start)
    : `${startText} – ${timeFormat.format(end)} ${TIME_ZONE_LABEL}`;
}

/** '28 октября в 14:05 МСК': a recent moment, its year left out. */
export function formatDayMonthTime(value: Date | string): string {
  const date = toDate(value);
  return date ? `${dayMonthTimeFormat.format(date)} ${TIME_ZONE_LABEL}` : '';
}

/** SPEC §9: a token or key longer than 10 characters shows only its first 5 and last 4 characters. */
export function maskSecret(secret: string): string {
  return secret.length > 10 ? `${secret.slice(0, 5)}…${secret.slice(-4)}` : secret;
}

const russianPlurals = new Intl.PluralRules('ru-RU');
const countFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** A word's three Russian forms after a number: 1 (and 21, 31…), 2–4 (and 22–24…), 5–20 and the rest. */
export interface RussianForms {
  one: string;
  few: string;
  many: string;
}

export const POINT_WORDS: RussianForms = { one: 'балл', few: 'балла', many: 'баллов' };
export const DAY_WORDS: RussianForms = { one: 'день', few: 'дня', many: 'дней' };
export const RECEIPT_WORDS: RussianForms = { one: 'чек', few: 'чека', many: 'чеков' };

/** The form that agrees with `count`: 1 получателю, 2 получателям, 11 получателям, 21 получателю. */
export function pluralRu(count: number, forms: RussianForms): string {
  const category = russianPlurals.select(count);
  if (category === 'one') return forms.one;
  return category === 'few' ? forms.few : forms.many;
}

/**
 * A count with the word that agrees with it: «1 балл», «773 балла», «1 500 баллов». Every text that
 * puts a number before its noun (the bot, the Mini App, the cabinet, the mails) goes through here.
 */
export function formatCount(count: number, forms: RussianForms): string {
  return `${countFormat.format(count)} ${pluralRu(count, forms)}`;
}

/** «1 балл», «2 балла», «5 баллов», «21 балл». */
export function formatPoints(points: number): string {
  return formatCount(points, POINT_WORDS);
}

/** «1 день», «3 дня», «30 дней». */
export function formatDays(days: number): string {
  return formatCount(days, DAY_WORDS);
}
