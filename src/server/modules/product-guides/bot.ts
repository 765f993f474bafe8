import { messages } from '../../../contract/messages.js';
import type { BotFeature } from '../../platform/bot-feature.js';
import { offersWarranties } from './repository.js';
import { warrantiesText } from './service.js';

// Product guides and electronic warranty after a receipt with a matching item the bot
// sends its guide and confirms its warranty; «Мои гарантии» and `/warranty` list the shopper's.

const KEY = 'warranty';
const LIST = 'list';

export const productGuidesFeature: BotFeature = {
  key: KEY,
  commands: [KEY],
  async menuButtons(context) {
    const offers = await offersWarranties(context.deps.db, context.action.id, context.buyer.tgId);
    return offers ? [{ text: messages.serviceDesk.warrantiesButton, callback_data: `${KEY}:${LIST}` }] : [];
  },
  async onCallback(context, data) {
    if (data !== LIST) return null;
    return { text: await warrantiesText(context.deps.db, context.action.id, context.buyer.tgId, context.now) };
  },
  async onCommand(context) {
    return { text: await warrantiesText(context.deps.db, context.action.id, context.buyer.tgId, context.now) };
  },
};
