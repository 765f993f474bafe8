import { and, eq } from 'drizzle-orm';
import { readBotFeature } from '../../../contract/bot-features.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import { buyerPhones } from '../../db/schema.js';
import type { AwardHookDeps, AwardedReceipt } from '../../platform/manifest.js';
import type { BotFeature } from '../../platform/bot-feature.js';
import { queueBuyerNotice } from '../notices/repository.js';

// The shopper's phone: offered once, after their first accepted receipt in the action, with what
// it is for; saved only when it is the sender's own number (Telegram's request_contact button
// sends the presser's contact with their user id; a forwarded card has another id or none).

const m = messages.buyerPhone;
const SHARE_KEYBOARD = [[{ text: m.shareButton, request_contact: true }], [{ text: messages.bot.balanceButton }]];

async function hasPhone(db: Executor, projectId: number, buyerTgId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: buyerPhones.sharedAt })
    .from(buyerPhones)
    .where(and(eq(buyerPhones.projectId, projectId), eq(buyerPhones.buyerTgId, buyerTgId)));
  return row !== undefined;
}

/** Telegram gives the number with or without «+»: kept as «+» and digits. */
const normalisedPhone = (phone: string) => `+${phone.replace(/\D/g, '')}`;

export const buyerPhoneFeature: BotFeature = {
  key: 'phone',
  async onContact(context, contact) {
    if (contact.userId === undefined || String(contact.userId) !== context.buyer.tgId) return { text: m.notOwn, keyboard: SHARE_KEYBOARD };
    await context.deps.db
      .insert(buyerPhones)
      .values({ projectId: context.action.id, buyerTgId: context.buyer.tgId, phone: normalisedPhone(contact.phoneNumber) })
      .onConflictDoUpdate({
        target: [buyerPhones.projectId, buyerPhones.buyerTgId],
        set: { phone: normalisedPhone(contact.phoneNumber), sharedAt: context.now },
      });
    return { text: fillMessage(m.saved, { name: context.action.name }) };
  },
};

/**
 * After an accepted receipt, when the seller turned the function on: the offer, once ever per action and shopper (the notice's reference is
 * unique), through the action's own bot, and only while no number is shared.
 */
export async function offerToSharePhone(deps: AwardHookDeps, { action, buyerTgId }: AwardedReceipt): Promise<void> {
  // Every award passes here: an action without a bot returns first, and only the phone's section is parsed.
  if (!action.hasTelegramBot || !readBotFeature(action.botFeatures, 'phone').enabled) return;
  if (await hasPhone(deps.db, action.id, buyerTgId)) return;
  await queueBuyerNotice(deps.db, {
    projectId: action.id,
    buyerTgId,
    text: fillMessage(m.offer, { name: action.name }),
    shopButton: false,
    contactButton: true,
    reference: `phone-offer:${action.id}:${buyerTgId}`,
  });
  deps.onNoticesQueued();
}
