import { messages } from '../../../../../contract/messages.js';
import type { BotFeature } from '../feature.js';
import { offersWarranties } from './repository.js';
import { giveGuidesAndWarranties, warrantiesText } from './service.js';

// Product guides and electronic warranty (issue 30): after a receipt with a matching item the bot
// sends its guide and confirms its warranty; «Мои гарантии» and `/warranty` list the shopper's.

export { productGuideRoutes } from './routes.js';

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
  afterAward: giveGuidesAndWarranties,
};
