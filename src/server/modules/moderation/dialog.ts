import { createHash } from 'node:crypto';
import { fillMessage, messages } from '../../../contract/messages.js';
import { MODERATION_COMMENT_MAX, MODERATION_SETTINGS_KEY, type ModerationKind } from '../../../contract/moderation.js';
import { UPLOAD_MAX_BYTES } from '../../../contract/uploads.js';
import { CONTENT_TYPES } from '../uploads/image-rules.js';
import { normaliseImage } from '../uploads/image.js';
import type { BotFeature, FeatureContext, FeatureReply } from '../../platform/bot-feature.js';
import * as repo from './repository.js';
import { queuePicture } from './service.js';

const m = messages.moderation;
const ASK = 'ask';

/**
 * One function of the action's bot per kind, «Баллы за отзыв» and «Баллы за фото с товаром»: the
 * button asks for a picture → the picture (and its caption) goes to the seller's queue → a comment
 * may follow as the next text. Both kinds share this dialog; each has its own settings section,
 * callback prefix and step.
 */
export function moderationFeature(kind: ModerationKind): BotFeature {
  const key = MODERATION_SETTINGS_KEY[kind];
  const settings = (context: FeatureContext) => context.features[key];

  return {
    key,
    async menuButtons(context) {
      if (!settings(context).enabled) return [];
      return [{ text: kind === 'review' ? m.reviewButton : m.photoButton, callback_data: `${key}:${ASK}` }];
    },

    async onCallback(context, data) {
      if (data !== ASK) return { text: messages.botFeatures.unknownButton };
      if (!settings(context).enabled) return { text: messages.botFeatures.featureOff };
      await context.setStep({});
      return { text: fillMessage(kind === 'review' ? m.askReview : m.askPhoto, { points: settings(context).points }) };
    },

    async onPhoto(context, photo) {
      if (!settings(context).enabled) {
        await context.clearStep();
        return { text: messages.botFeatures.featureOff };
      }
      return receivePicture(context, kind, photo);
    },

    async onText(context, text, step) {
      if (typeof step.itemId !== 'number') return { text: m.waitingForPhoto };
      if (text.length > MODERATION_COMMENT_MAX) return { text: m.commentTooLong };
      await repo.addComment(context.deps.db, step.itemId, context.action.id, context.buyer.tgId, text);
      await context.clearStep();
      return { text: m.commentAdded };
    },
  };
}

/**
 * Download → hash the bytes as sent → re-encode without metadata → queue. The same picture in the
 * action again (either kind) is refused and the shopper may send another one.
 */
async function receivePicture(
  context: FeatureContext,
  kind: ModerationKind,
  photo: { fileId: string; fileSize: number | undefined; caption?: string },
): Promise<FeatureReply> {
  const { deps, botToken, action, buyer } = context;
  if (photo.fileSize !== undefined && photo.fileSize > UPLOAD_MAX_BYTES) return { text: m.notAPicture };
  const file = await deps.telegram.getFile(botToken, photo.fileId);
  const bytes = await deps.telegram.downloadFile(botToken, file.file_path);
  if (bytes.length > UPLOAD_MAX_BYTES) return { text: m.notAPicture };
  const normalised = await normaliseImage(bytes);
  if (!normalised.ok) return { text: m.notAPicture };

  const comment = photo.caption?.trim().slice(0, MODERATION_COMMENT_MAX) || null;
  const shopper = buyer.username ? `@${buyer.username}` : (buyer.firstName ?? buyer.tgId);
  const itemId = await deps.db.transaction((tx) =>
    queuePicture(
      tx,
      {
        projectId: action.id,
        buyerTgId: buyer.tgId,
        kind,
        comment,
        image: normalised.image.data,
        imageType: CONTENT_TYPES[normalised.image.format],
        imageSha256: createHash('sha256').update(bytes).digest('hex'),
        createdAt: context.now,
      },
      { sellerId: action.userId, action: action.name, buyer: shopper },
    ),
  );
  if (itemId === undefined) return { text: m.duplicatePicture };
  if (comment) {
    await context.clearStep();
    return { text: m.received };
  }
  await context.setStep({ itemId });
  return { text: `${m.received}\n${m.commentInvite}` };
}
