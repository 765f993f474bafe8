// The promo-codes function of the action's bot (issue 28), as the rest of the server sees it:
// app.ts registers its cabinet routes and hands its issuing to the receipt check, which calls it
// after a successful award; the bot's success answer shows the code with promoCodeLine().
import { fillMessage, messages } from '../../../../../contract/messages.js';

export { promoCodeRoutes } from './routes.js';
export { issuePromoCode, type AwardedReceipt } from './service.js';

/** The line under the bot's success answer that hands the shopper their code. */
export const promoCodeLine = (code: string) => fillMessage(messages.promoCodes.botLine, { code });
