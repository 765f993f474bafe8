import { fillMessage, messages } from '../../../contract/messages.js';
import type { BotFeature } from '../../platform/bot-feature.js';

/** The line under the bot's success answer that hands the shopper the code the award gave them. */
export const promoCodesFeature: BotFeature = {
  key: 'promo',
  awardLines(_context, award) {
    return award.promo_code ? [fillMessage(messages.promoCodes.botLine, { code: award.promo_code })] : [];
  },
};
