import { kopecksToRubles } from '../../../contract/format.js';
import type { BuyersResponse } from '../../../contract/receipts.js';
import { BUYER_FLAG_LABELS } from '../../../contract/trust.js';
import type { Executor } from '../../db/connection.js';
import { buyerLevel } from './card-service.js';
import { findOwnProject } from './card-repository.js';
import { listBuyers, summariseBuyers, type BuyerFilter } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function getBuyers(
  db: Executor,
  now: Date,
  sellerId: number,
  query: {
    project_id?: number;
    period_days?: number;
    sort?: BuyerFilter['sort'];
    order: 'asc' | 'desc';
    limit?: number;
    offset: number;
    suspicious: boolean;
    after_buyer_id?: string;
    buyer_tg_id?: string;
  },
): Promise<BuyersResponse> {
  const filter: BuyerFilter = {
    userId: sellerId,
    projectId: query.project_id,
    since: query.period_days === undefined ? undefined : new Date(now.getTime() - query.period_days * DAY_MS),
    suspicious: query.suspicious,
    sort: query.sort ?? 'last_receipt_at',
    order: query.sort ? query.order : 'desc',
    limit: query.limit,
    offset: query.offset,
    afterBuyerId: query.after_buyer_id,
    buyerTgId: query.buyer_tg_id,
  };
  const [rows, summary, action] = await Promise.all([
    listBuyers(db, filter),
    summariseBuyers(db, filter),
    filter.projectId === undefined ? undefined : findOwnProject(db, sellerId, filter.projectId),
  ]);
  return {
    buyers: rows.map((row) => ({
      buyer_id: row.buyer_id,
      successful_receipts_count: row.successful_receipts_count,
      total_amount: kopecksToRubles(row.total_kopecks),
      last_receipt_at: row.last_receipt_at.toISOString(),
      first_name: row.first_name,
      username: row.username,
      // Levels are the action's: over every action there is none to name.
      level: action ? buyerLevel(action, row.total_kopecks - row.held_kopecks) : null,
      points: row.points,
      held_points: row.held_points,
      nearest_expiry: row.nearest_expiry && { points: row.nearest_expiry.points, expires_at: row.nearest_expiry.expiresAt.toISOString() },
      flags: row.flags.map((kind) => ({ kind, label: BUYER_FLAG_LABELS[kind] })),
    })),
    summary: { buyers_count: summary.buyers, successful_receipts: summary.receipts, total_amount: kopecksToRubles(summary.kopecks) },
  };
}
