/**
 * Every number, money amount and date the web app shows goes through here,
 * formatted for ru-RU with Intl (SPEC §9: currency rubles, ru-RU number formats).
 * Money amounts and dates are formatted exactly as the server's messages do, by the shared
 * contract: dates in Moscow time whatever the browser's zone.
 */
import { rublesToKopecks, TIME_ZONE } from '../../contract/format.js';

export {
  formatDate,
  formatDateTime,
  formatDateTimeSpan,
  formatCount,
  formatDayMonth,
  formatDayMonthTime,
  formatDays,
  formatPercent,
  formatPoints,
  formatRubles,
  maskSecret,
} from '../../contract/format.js';

const LOCALE = 'ru-RU';

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const rublesWithKopecks = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '12 345' */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}

/** Always two kopeck digits ('1 000,00 ₽'): amounts a payment reports (SPEC §8 payment banner). */
export function formatRublesWithKopecks(amount: number): string {
  return rublesWithKopecks.format((rublesToKopecks(amount) || 0) / 100);
}

const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 });

/** Quantities of goods sold by weight keep their decimals: '0,356', '1 200'. */
export function formatQuantity(quantity: number): string {
  return decimalFormat.format(quantity);
}

const chartDay = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', timeZone: TIME_ZONE });
const chartDayWithYear = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });

/**
 * A chart's day, given as uPlot's x (unix seconds of a Moscow midnight: the analytics days
 * are Moscow days): '28.10' on an axis, '28.10.2026' with the year for a hovered point.
 */
export function formatChartDay(unixSeconds: number, options: { withYear?: boolean } = {}): string {
  return (options.withYear ? chartDayWithYear : chartDay).format(new Date(unixSeconds * 1000));
}

/** A movement of points with its sign: '+25', '−1 200' (a true minus sign, as Russian typography writes it). */
export function formatSignedNumber(value: number): string {
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${integerFormat.format(Math.abs(value))}`;
}
