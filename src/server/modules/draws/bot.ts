import { formatDateTime } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { BotFeature } from '../../platform/bot-feature.js';
import * as repo from './repository.js';

const m = messages.draws;

/**
 * «Розыгрыш» in the bot's menu while the action has an open draw: a press lists the open draws
 * with their prizes and how many tickets the shopper holds in each so far. Tickets need nothing from the shopper
 * but a receipt, so the bot only tells.
 */
export const drawsFeature: BotFeature = {
  key: 'draws',
  async menuButtons(context) {
    const open = await repo.openDraws(context.deps.db, context.action.id, context.now);
    return open.length > 0 ? [{ text: m.menuButton, callback_data: 'draws:list' }] : [];
  },
  async onCallback(context, data) {
    if (data !== 'list') return null;
    const open = await repo.openDraws(context.deps.db, context.action.id, context.now);
    if (open.length === 0) return { text: m.menuNone };
    const lines: string[] = [m.menuIntro];
    for (const draw of open) {
      const mine = await repo.countWindowTickets(context.deps.db, draw, context.now, context.buyer.tgId);
      const closes = formatDateTime(draw.closesAt);
      lines.push(
        draw.itemContains
          ? fillMessage(m.menuLineItem, { title: draw.title, item: draw.itemContains, closes, tickets: mine })
          : fillMessage(m.menuLine, { title: draw.title, closes, tickets: mine }),
      );
      if (draw.prizeText) lines.push(fillMessage(m.menuPrize, { prize: draw.prizeText }));
    }
    return { text: lines.join('\n') };
  },
};
