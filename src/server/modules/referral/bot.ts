// «Пригласить друга» the referral programme of the action's bot. The menu button
// answers the shopper's personal link; `/start r_<code>` records a new shopper as the inviter's
// friend; the friend's first successful receipt pays both.
import { messages } from '../../../contract/messages.js';
import { REFERRAL_PAYLOAD_PREFIX } from '../../../contract/referral.js';
import type { BotFeature } from '../../platform/bot-feature.js';
import { acceptInvitation, invitationLink } from './service.js';

const KEY = 'referral';
const LINK = 'link';

export const referralFeature: BotFeature = {
  key: KEY,
  async menuButtons(context) {
    return context.features.referral.enabled ? [{ text: messages.botFeatures.nameReferral, callback_data: `${KEY}:${LINK}` }] : [];
  },
  async onCallback(context, data) {
    if (data !== LINK) return null;
    if (!context.features.referral.enabled) return { text: messages.botFeatures.featureOff };
    return { text: await invitationLink(context) };
  },
  async onStart(context, payload) {
    // While the programme is off a link is an ordinary /start: nothing is recorded.
    if (!payload.startsWith(REFERRAL_PAYLOAD_PREFIX) || !context.features.referral.enabled) return [];
    return [await acceptInvitation(context, payload.slice(REFERRAL_PAYLOAD_PREFIX.length))];
  },
};
