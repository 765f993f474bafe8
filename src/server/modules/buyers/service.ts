import { kopecksToRubles } from '../../../contract/format.js';
import type { BuyersResponse } from '../../../contract/receipts.js';
import type { Executor } from '../../db/connection.js';
import { listBuyers, summariseBuyers, type BuyerFilter } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function getBuyers(
  db: Executor,
  now: Date,
  sellerId: number,
  query: { project_id?: number; period_days?: number; sort?: BuyerFilter['sort']; order: 'asc' | 'desc'; limit?: number; offset: number },
): Promise<BuyersResponse> {
  const filter: BuyerFilter = {
    userId: sellerId,
    projectId: query.project_id,
    since: query.period_days === undefined ? undefined : new Date(now.getTime() - query.period_days * DAY_MS),
    sort: query.sort ?? 'last_receipt_at',
    order: query.sort ? query.order : 'desc',
    limit: query.limit,
    offset: query.offset,
  };
  const [rows, summary] = await Promise.all([listBuyers(db, filter), summariseBuyers(db, filter)]);
  return {
    buyers: rows.map((row) => ({
      buyer_id: row.buyer_id,
      successful_receipts_count: row.successful_receipts_count,
      total_amount: kopecksToRubles(row.total_kopecks),
      last_receipt_at: row.last_receipt_at.toISOString(),
      first_name: row.first_name,
      username: row.username,
    })),
    summary: { buyers_count: summary.buyers, successful_receipts: summary.receipts, total_amount: kopecksToRubles(summary.kopecks) },
  };
}
