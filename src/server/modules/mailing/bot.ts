import { fillMessage, messages } from '../../../contract/messages.js';
import type { BotFeature, FeatureContext, FeatureReply } from '../../platform/bot-feature.js';
import { isOptedOut, optBackIn, optOut } from './consent-repository.js';

// Consent to the seller's mailings in the action's bot: «Отписаться от рассылок» under a mailing
// and /stop opt out; while opted out, /menu offers «Подписаться на рассылки».

const m = messages.mailingConsent;
const KEY = 'mailing';
/** Callback data of the button under a mailing sent through an action's bot. */
export const UNSUBSCRIBE_CALLBACK = `${KEY}:stop`;
const OPT_BACK_IN = 'start';

async function optedOut(context: FeatureContext): Promise<FeatureReply> {
  await optOut(context.deps.db, context.action.userId, Number(context.buyer.tgId));
  return { text: fillMessage(m.optedOut, { name: context.action.name }) };
}

export const mailingConsentFeature: BotFeature = {
  key: KEY,
  commands: ['stop'],
  async menuButtons(context) {
    const out = await isOptedOut(context.deps.db, context.action.userId, Number(context.buyer.tgId));
    return out ? [{ text: m.optBackInButton, callback_data: `${KEY}:${OPT_BACK_IN}` }] : [];
  },
  onCommand: optedOut,
  async onCallback(context, data) {
    if (`${KEY}:${data}` === UNSUBSCRIBE_CALLBACK) return optedOut(context);
    if (data !== OPT_BACK_IN) return null;
    await optBackIn(context.deps.db, context.action.userId, Number(context.buyer.tgId));
    return { text: fillMessage(m.optedBackIn, { name: context.action.name }) };
  },
};
