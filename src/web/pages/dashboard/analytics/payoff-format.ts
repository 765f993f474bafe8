import { TIME_ZONE } from '../../../../contract/format.js';
import type { IssuingMarketplace } from '../../../../contract/marketplace-issuers.js';
import { messages } from '../../../../contract/messages.js';
import { formatPercent } from '../../../lib/format.js';

/** «Маркетплейсы»: where a seller connects Wildberries and Ozon. */
export const MARKETPLACES_PATH = '/dashboard/marketplaces';

export const marketplaceName = (marketplace: IssuingMarketplace) => messages.payoff[marketplace];

/** A share 0..1 as a percent with one decimal ('12,5 %'); '—' where there is none (nothing sold, an immature cohort). */
export function formatShare(share: number | null): string {
  return share === null ? '—' : formatPercent(Math.round(share * 1000) / 10);
}

const monthFormat = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: TIME_ZONE });

/** A cohort's month 'YYYY-MM' as 'август 2026 г.'. */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-15T12:00:00+03:00`));
}
