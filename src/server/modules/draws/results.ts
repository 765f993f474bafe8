import { drawPublicPath } from '../../../contract/draws.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import { queueBuyerNotices, type BuyerNotice } from '../notices/repository.js';
import type { DrawnWinner, TicketRow } from './repository.js';

const m = messages.draws;

/**
 * Every shopper of the draw learns its result, in the transaction that stores it: a winner with the
 * ticket and the prize, everyone else with their tickets' numbers, both with the public page to
 * check it (and, for a repeating draw, that the next run is on). Once-only references: a winner's
 * is its place, anyone else's the shopper.
 */
export async function queueResultNotices(
  tx: Executor,
  result: {
    draw: { id: number; projectId: number; title: string; actionName: string; prizeText: string | null };
    nextDrawId: number | null;
    tickets: readonly TicketRow[];
    winners: readonly DrawnWinner[];
    publicUrl: string;
  },
): Promise<void> {
  const { draw } = result;
  const url = `${result.publicUrl}${drawPublicPath(draw.id)}`;
  const tail = result.nextDrawId === null ? '' : `\n${m.nextRunNotice}`;
  const winnerOf = new Map(result.winners.map((winner) => [winner.buyerTgId, winner]));
  const ticketsOf = new Map<string, number[]>();
  for (const ticket of result.tickets) ticketsOf.set(ticket.buyerTgId, [...(ticketsOf.get(ticket.buyerTgId) ?? []), ticket.ticket]);
  const notices: BuyerNotice[] = [];
  for (const [buyerTgId, tickets] of ticketsOf) {
    const winner = winnerOf.get(buyerTgId);
    const names = { title: draw.title, name: draw.actionName, url };
    const text = winner
      ? fillMessage(m.winnerNotice, { ...names, ticket: winner.ticket }) +
        (draw.prizeText ? `\n${fillMessage(m.winnerPrize, { prize: draw.prizeText })}` : '')
      : fillMessage(m.loserNotice, { ...names, tickets: tickets.map((ticket) => `№ ${ticket}`).join(', ') });
    notices.push({
      projectId: draw.projectId,
      buyerTgId,
      text: text + tail,
      shopButton: false,
      reference: winner ? `draw-win:${draw.id}:${winner.place}` : `draw-result:${draw.id}:${buyerTgId}`,
    });
  }
  await queueBuyerNotices(tx, notices);
}
