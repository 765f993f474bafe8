import { pluralRu, POINT_WORDS } from '../../../contract/format.js';
import { fillText, publicShopMessages as t } from '../../../contract/public-shop.js';
import { formatDate, formatDayMonth, formatPoints } from '../../lib/format.js';

/** "120 баллов сгорят 12.01.2027", "21 балл сгорит 12.01.2027": the verb agrees with the number. */
export function formatNearestExpiry(points: number, expiresAt: string): string {
  const template = pluralRu(points, POINT_WORDS) === POINT_WORDS.one ? t.nearestExpiryOne : t.nearestExpiry;
  return fillText(template, { points: formatPoints(points), date: formatDate(expiresAt) });
}

/** "Ожидают зачисления: 120 баллов, станут доступны 12.12": points held for the marketplaces' return window. */
export function formatHeld(points: number, releaseAt: string): string {
  return fillText(t.held, { points: formatPoints(points), date: formatDayMonth(releaseAt) });
}
