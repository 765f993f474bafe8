import { sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages.js';
import { itemNameContainsSql } from '../../db/item-name.js';
import { AppError } from '../../errors.js';
import type { SegmentCondition } from '../../platform/manifest.js';
import { findDraw } from './repository.js';

/** «Участвовал в розыгрыше»: the shopper holds a ticket of the action's draw (another action's is refused). */
export const drawSegmentCondition: SegmentCondition = {
  async matches({ db, projectId }, { took_part: tookPart }) {
    if (!tookPart || !('draw_id' in tookPart)) return [];
    const drawId = tookPart.draw_id;
    const draw = await findDraw(db, drawId);
    if (draw?.projectId !== projectId) throw new AppError('bad_request', messages.segments.drawUnknown);
    // A closed draw has its tickets, written with its closing from the action's successful receipts
    // (index `draw_tickets_buyer`), and how many shoppers hold them, kept with the list. An open draw has none yet:
    // its entries are its window's receipts with a matching item, not cancelled before the window's
    // end (as the repository's windowReceipts counts them).
    if (draw.closedAt) {
      return [
        {
          shoppers: sql`SELECT buyer_tg_id FROM draw_tickets WHERE draw_id = ${drawId}::int`,
          bought: true,
          size: sql`SELECT shoppers_count FROM draws WHERE id = ${drawId}::int`,
        },
      ];
    }
    return [
      {
        predicate: sql`EXISTS (SELECT 1 FROM draws d JOIN receipts r ON r.project_id = d.project_id
          WHERE d.id = ${drawId}::int
            AND r.buyer_tg_id = shopper.buyer_tg_id AND r.status = 'success'
            AND (r.cancelled_at IS NULL OR r.cancelled_at >= d.closes_at)
            AND r.scanned_at >= d.created_at AND r.scanned_at < d.closes_at
            AND (d.item_contains IS NULL OR EXISTS (SELECT 1 FROM receipt_items i WHERE i.receipt_id = r.id
              AND ${itemNameContainsSql(sql`i.name`, sql`d.item_contains`)})))`,
      },
    ];
  },
};
