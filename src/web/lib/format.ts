/**
 * Every number, money amount and date the web app shows goes through here,
 * formatted for ru-RU with Intl (SPEC §9: currency rubles, ru-RU number formats).
 * Money amounts are formatted exactly as the server's messages do, by the shared contract.
 */
import { rublesToKopecks } from '../../contract/format.js';

export { formatRubles, maskSecret } from '../../contract/format.js';

const LOCALE = 'ru-RU';

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const rublesWithKopecks = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** '12 345' */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}

/** Always two kopeck digits ('1 000,00 ₽'): amounts a payment reports (SPEC §8 payment banner). */
export function formatRublesWithKopecks(amount: number): string {
  return rublesWithKopecks.format((rublesToKopecks(amount) || 0) / 100);
}

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '28.10.2025, 14:05' in the browser's time zone; an unparsable value shows as nothing. */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' });

/** '28.10.2025, 14:05 – 18:40' (one day) or two full date-times: when a run of events happened. */
export function formatDateTimeSpan(from: Date | string, to: Date | string): string {
  if (formatDate(from) !== formatDate(to)) return `${formatDateTime(from)} – ${formatDateTime(to)}`;
  const end = typeof to === 'string' ? new Date(to) : to;
  return formatDateTime(from) === formatDateTime(to) ? formatDateTime(from) : `${formatDateTime(from)} – ${timeFormat.format(end)}`;
}

/** '28.10.2025' in the browser's time zone; an unparsable value shows as nothing. */
export function formatDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 });
const percentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** Quantities of goods sold by weight keep their decimals: '0,356', '1 200'. */
export function formatQuantity(quantity: number): string {
  return decimalFormat.format(quantity);
}

/** '7,5 %' (a points percent may be fractional). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}\u00a0%`;
}

const chartDay = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', timeZone: 'Europe/Moscow' });
const chartDayWithYear = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Moscow' });

/**
 * A chart's day, given as uPlot's x (unix seconds of a Moscow midnight: the analytics days
 * are Moscow days): '28.10' on an axis, '28.10.2026' with the year for a hovered point.
 */
export function formatChartDay(unixSeconds: number, options: { withYear?: boolean } = {}): string {
  return (options.withYear ? chartDayWithYear : chartDay).format(new Date(unixSeconds * 1000));
}
