import { fillText, POINT_WORDS, publicShopMessages as t } from '../../../contract/public-shop.js';
import { formatDate, formatDayMonth } from '../../lib/format.js';

const plural = new Intl.PluralRules('ru-RU');
const number = new Intl.NumberFormat('ru-RU');

/** "1 балл", "3 балла", "25 баллов". */
export function formatPoints(points: number): string {
  const category = plural.select(points);
  const word = category === 'one' ? POINT_WORDS.one : category === 'few' ? POINT_WORDS.few : POINT_WORDS.many;
  return `${number.format(points)} ${word}`;
}

/** "120 баллов сгорят 12.01.2027", "21 балл сгорит 12.01.2027": the verb agrees with the number. */
export function formatNearestExpiry(points: number, expiresAt: string): string {
  const template = plural.select(points) === 'one' ? t.nearestExpiryOne : t.nearestExpiry;
  return fillText(template, { points: formatPoints(points), date: formatDate(expiresAt) });
}

/** "Ожидают зачисления: 120 баллов, станут доступны 12.12": points held for the marketplaces' return window. */
export function formatHeld(points: number, releaseAt: string): string {
  return fillText(t.held, { points: formatPoints(points), date: formatDayMonth(releaseAt) });
}
