import { sql } from 'drizzle-orm';
import { drawPublicPath } from '../../../contract/draws.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import { queueBuyerNotices } from '../notices/repository.js';
import type { DrawnWinner } from './repository.js';

const m = messages.draws;

/**
 * Every shopper of the draw learns its result, in the transaction that stores it: a winner with the
 * ticket and the prize, everyone else with their tickets' numbers, both with the public page to
 * check it (and, for a repeating draw, that the next run is on). Once-only references: a winner's
 * is its place, anyone else's the shopper. The others' notices are written by one statement from
 * the draw's holders (a draw may have a million shoppers): the text around their tickets is filled
 * here, the tickets there.
 */
export async function queueResultNotices(
  tx: Executor,
  result: {
    draw: { id: number; projectId: number; title: string; actionName: string; prizeText: string | null };
    nextDrawId: number | null;
    /** Stored already: the others are the shoppers not among them. */
    winners: readonly DrawnWinner[];
    publicUrl: string;
  },
): Promise<void> {
  const { draw } = result;
  const names = { title: draw.title, name: draw.actionName, url: `${result.publicUrl}${drawPublicPath(draw.id)}` };
  const tail = result.nextDrawId === null ? '' : `\n${m.nextRunNotice}`;
  await queueBuyerNotices(
    tx,
    result.winners.map((winner) => ({
      projectId: draw.projectId,
      buyerTgId: winner.buyerTgId,
      text:
        fillMessage(m.winnerNotice, { ...names, ticket: winner.ticket }) +
        (draw.prizeText ? `\n${fillMessage(m.winnerPrize, { prize: draw.prizeText })}` : '') +
        tail,
      shopButton: false,
      reference: `draw-win:${draw.id}:${winner.place}`,
    })),
  );
  const [before, after] = m.loserNotice.split('{tickets}').map((part) => fillMessage(part, names));
  // One row a shopper, their numbers in order (holders.ts): queued in the order of their first ticket.
  await tx.execute(sql`
    INSERT INTO buyer_notices (project_id, buyer_tg_id, text, shop_button, reference)
    SELECT ${draw.projectId}::int, h.buyer_tg_id,
           ${before!}::text || '№ ' || array_to_string(h.tickets, ', № ') || ${after! + tail}::text,
           false, 'draw-result:' || ${draw.id}::int || ':' || h.buyer_tg_id
      FROM draw_holders h
     WHERE h.draw_id = ${draw.id}::int
       AND NOT EXISTS (SELECT 1 FROM draw_winners w WHERE w.draw_id = h.draw_id AND w.buyer_tg_id = h.buyer_tg_id)
     ORDER BY h.tickets[1]
    ON CONFLICT (reference) DO NOTHING`);
}
