import { messages } from '../../../contract/messages.js';
import { SUPPORT_CAPTION_MAX } from '../../../contract/support.js';
import { UPLOAD_MAX_BYTES } from '../../../contract/uploads.js';
import { queueBuyerNotice } from '../notices/repository.js';
import { beginsConversation } from './conversation.js';
import { ackNoticeReference, addMessage, hasOpenThread, openThread } from './repository.js';
import { CONTENT_TYPES } from '../uploads/image-rules.js';
import { normaliseImage } from '../uploads/image.js';
import type { BotFeature, FeatureContext, FeatureReply } from '../../platform/bot-feature.js';

const m = messages.support;
const WRITE = 'write';
/** «Написать в поддержку», also offered under another function's answer (a typed question «Вопросы и ответы» has no answer to). */
export const writeToSupportButton = { text: m.button, callback_data: `support:${WRITE}` };

/**
 * «Написать в поддержку»: the button asks the shopper to write → the next text or photo opens (or
 * joins) their thread → while that thread is open, any later text or picture that is neither a
 * receipt nor another function's step joins it too, until the seller closes it.
 */
export const supportFeature: BotFeature = {
  key: 'support',

  async menuButtons(context) {
    return context.features.support.enabled ? [writeToSupportButton] : [];
  },

  async onCallback(context, data) {
    if (data !== WRITE) return { text: messages.botFeatures.unknownButton };
    if (!context.features.support.enabled) return { text: messages.botFeatures.featureOff };
    await context.setStep({});
    return { text: m.ask };
  },

  async onText(context, text) {
    await context.clearStep();
    if (!context.features.support.enabled) return { text: messages.botFeatures.featureOff };
    return receive(context, { text });
  },

  async onPhoto(context, photo) {
    if (!context.features.support.enabled) {
      await context.clearStep();
      return { text: messages.botFeatures.featureOff };
    }
    if (photo.fileSize !== undefined && photo.fileSize > UPLOAD_MAX_BYTES) return { text: m.notAPicture };
    const { deps, botToken } = context;
    const file = await deps.telegram.getFile(botToken, photo.fileId);
    const bytes = await deps.telegram.downloadFile(botToken, file.file_path);
    const answer = await receivePicture(context, bytes, photo.caption);
    // A refused picture keeps the step: the shopper may send another one or write instead.
    if (answer === null) await context.clearStep();
    return answer;
  },

  async onLooseText(context, text) {
    if (!(await takesLoose(context))) return undefined;
    return receive(context, { text });
  },

  async onLoosePhoto(context, photo) {
    if (!(await takesLoose(context))) return undefined;
    return receivePicture(context, photo.bytes, photo.caption);
  },
};

/** A message with no step of any function joins the shopper's open thread, while the function is on. */
async function takesLoose(context: FeatureContext): Promise<boolean> {
  return context.features.support.enabled && hasOpenThread(context.deps.db, context.action.id, context.buyer.tgId);
}

async function receivePicture(context: FeatureContext, bytes: Buffer, caption: string | undefined): Promise<FeatureReply | null> {
  if (caption && caption.length > SUPPORT_CAPTION_MAX) return { text: m.captionTooLong };
  if (bytes.length > UPLOAD_MAX_BYTES) return { text: m.notAPicture };
  const normalised = await normaliseImage(bytes);
  if (!normalised.ok) return { text: m.notAPicture };
  const image = { data: normalised.image.data, type: CONTENT_TYPES[normalised.image.format] };
  return receive(context, { text: caption?.trim() || null, image });
}

/**
 * The message joins the shopper's open thread (a new one when none is open) and, once per
 * conversation, the acknowledgement is queued in the same transaction: what the shopper wrote is
 * stored exactly when they are told it was passed on. A redelivered update is stored once.
 */
async function receive(context: FeatureContext, message: { text: string | null; image?: { data: Buffer; type: string } }): Promise<null> {
  const { deps, action, buyer } = context;
  const queued = await deps.db.transaction(async (tx) => {
    const thread = await openThread(tx, action.id, buyer.tgId, context.now);
    const stored = await addMessage(tx, {
      threadId: thread.id,
      author: 'shopper',
      text: message.text,
      ...(message.image && { image: message.image }),
      updateId: context.updateId,
      createdAt: context.now,
    });
    if (stored === undefined || !beginsConversation(thread.lastMessageAt, context.now)) return false;
    await queueBuyerNotice(tx, {
      projectId: action.id,
      buyerTgId: buyer.tgId,
      text: m.acknowledged,
      shopButton: false,
      reference: ackNoticeReference(thread.id, stored),
    });
    return true;
  });
  if (queued) deps.onNoticesQueued?.();
  return null;
}
