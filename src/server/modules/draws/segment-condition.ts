import { sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages.js';
import { AppError } from '../../errors.js';
import type { SegmentCondition } from '../../platform/manifest.js';
import { holdersWhole } from './holders.js';
import { findDraw, windowShoppers } from './repository.js';

/** «Участвовал в розыгрыше»: the shopper holds a ticket of the action's draw (another action's is refused). */
export const drawSegmentCondition: SegmentCondition = {
  async matches({ db, projectId }, { took_part: tookPart }) {
    if (!tookPart || !('draw_id' in tookPart)) return [];
    const drawId = tookPart.draw_id;
    const draw = await findDraw(db, drawId);
    if (draw?.projectId !== projectId) throw new AppError('bad_request', messages.segments.drawUnknown);
    // A closed draw's shoppers are its holders (holders.ts), and how many there are is kept with the
    // list. Until the closing job has written them, they are the window's up to the close: the rule
    // the close froze, read from its receipts as an open draw's without kept entrants are.
    if (draw.closedAt) {
      return [
        {
          shoppers: holdersWhole(draw)
            ? sql`SELECT buyer_tg_id FROM draw_holders WHERE draw_id = ${drawId}::int`
            : windowShoppers(draw, draw.closedAt),
          bought: true,
          size: sql`SELECT ${draw.shoppersCount}::int`,
        },
      ];
    }
    // An open draw keeps its shoppers so far as receipts come (entrants.ts), unless it has an item or
    // its window is not counted yet: then they are read from its window's receipts, the rule the
    // close freezes, at a cost that follows the window (2.1 s at a million receipts in it).
    if (draw.entrantsKept) {
      return [
        {
          shoppers: sql`SELECT buyer_tg_id FROM draw_entrants WHERE draw_id = ${drawId}::int`,
          bought: true,
          size: sql`SELECT count(*)::int FROM draw_entrants WHERE draw_id = ${drawId}::int`,
        },
      ];
    }
    return [{ shoppers: windowShoppers(draw, draw.closesAt), bought: true }];
  },
};
