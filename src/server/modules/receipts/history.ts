import type { ReceiptStatusFilter, ReceiptsResponse } from '../../../contract/receipts.js';
import type { Executor } from '../../db/connection.js';
import { presentReceipt } from './presenter.js';
import * as repo from './repository.js';

/** A page of the seller's receipt history (every action, deleted ones included, or one; every status or one). */
export async function listReceiptHistory(
  db: Executor,
  sellerId: number,
  query: { page: number; limit: number; projectId?: number; status?: ReceiptStatusFilter; after?: number },
): Promise<ReceiptsResponse> {
  const { rows, total } = await repo.listReceipts(db, sellerId, {
    projectId: query.projectId,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    afterId: query.after,
  });
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    receipts: rows.map((row) => ({ ...presentReceipt(row, row.items), repeat: row.repeat })),
    pagination: {
      current_page: query.page,
      total_pages: totalPages,
      total_receipts: total,
      limit: query.limit,
      has_next: query.page < totalPages,
      has_prev: query.page > 1,
      next_after: rows.length === query.limit && query.page < totalPages ? rows[rows.length - 1]!.id : null,
    },
  };
}
