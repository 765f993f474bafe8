import { randomBytes } from 'node:crypto';
import { formatPoints } from '../../../contract/format.js';
import { readBotFeature } from '../../../contract/bot-features.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { REFERRAL_PAYLOAD_PREFIX } from '../../../contract/referral.js';
import type { Executor } from '../../db/connection.js';
import { pointsExpiry } from '../points/earning.js';
import { movePoints } from '../points/repository.js';
import { queueBuyerNotice } from '../notices/repository.js';
import { isBuyerBlocked } from '../trust/repository.js';
import type { FeatureContext } from '../../platform/bot-feature.js';
import type { AwardedAction, AwardHookDeps } from '../../platform/manifest.js';
import * as repo from './repository.js';

const m = messages.referral;

/** 9 random bytes: 12 characters of Telegram's deep-link alphabet, far too many to guess a shopper's link. */
const newCode = () => randomBytes(9).toString('base64url');

/** «Пригласить друга»: the shopper's personal link, the same every time. */
export async function invitationLink(context: FeatureContext): Promise<string> {
  const { action, buyer, deps, now, features } = context;
  const code = await repo.ensureCode(deps.db, action.id, buyer.tgId, newCode(), now);
  const bot = action.telegramBotUsername ?? String(action.telegramBotId);
  return fillMessage(m.linkText, {
    name: action.name,
    link: `https://t.me/${bot}?start=${REFERRAL_PAYLOAD_PREFIX}${code}`,
    referrer_points: formatPoints(features.referral.referrer_points),
    friend_points: formatPoints(features.referral.friend_points),
  });
}

/**
 * `/start r_<code>`: ask whose code it is → is it the shopper's own → have they come by a link
 * already → did they write to the bot before → record them as joined. Every refusal is recorded
 * with its reason (the buyer card shows it); an unknown code records nothing.
 */
export async function acceptInvitation(context: FeatureContext, code: string): Promise<string> {
  const { action, buyer, deps, now } = context;
  const inviterTgId = await repo.findInviter(deps.db, action.id, code);
  if (!inviterTgId) return m.unknownLink;
  const botId = action.telegramBotId ?? 0;
  const invitation = { projectId: action.id, inviterTgId, friendTgId: buyer.tgId, sourceUpdate: `${botId}:${context.updateId}`, now };

  if (inviterTgId === buyer.tgId) {
    await repo.insertRefused(deps.db, invitation, 'self');
    return m.refusedSelf;
  }
  for (;;) {
    const live = await repo.findLiveInvitation(deps.db, action.id, buyer.tgId);
    // The same link again (or this update redelivered) records nothing; once rewarded it promises nothing more.
    if (live?.inviterTgId === inviterTgId) return live.status === 'joined' ? m.joined : m.refusedSecondLink;
    if (live) {
      await repo.insertRefused(deps.db, invitation, 'second_link');
      return m.refusedSecondLink;
    }
    if (await repo.metBefore(deps.db, action.id, buyer.tgId, { botId, updateId: context.updateId })) {
      await repo.insertRefused(deps.db, invitation, 'existing_shopper');
      return m.refusedExistingShopper;
    }
    if (await repo.insertJoined(deps.db, invitation)) return m.joined;
    // Another link of this shopper was recorded a moment ago: read which one won.
  }
}

/**
 * After the friend's first successful receipt: the invitation is decided once (its row locked),
 * both get their points (references unique per invitation) and each is told by the bot, unless the
 * inviter already had `monthly_cap` invitations rewarded this Moscow month, or the seller blocked
 * the inviter (then nobody earns by the invitation, as under the cap, and nobody is told).
 */
export async function rewardInvitation(
  deps: AwardHookDeps,
  awarded: { action: Pick<AwardedAction, 'id' | 'botFeatures' | 'pointsLifetimeDays'>; receiptId: number; buyerTgId: string },
): Promise<void> {
  const { action, receiptId, buyerTgId } = awarded;
  // Every award passes here: an action without the function returns before any parsing.
  if ((action.botFeatures as { referral?: { enabled?: unknown } }).referral?.enabled !== true) return;
  const settings = readBotFeature(action.botFeatures, 'referral');
  const now = deps.now();
  const queued = await deps.db.transaction(async (tx) => {
    const invitation = await repo.lockJoined(tx, action.id, buyerTgId);
    if (!invitation || !(await repo.isFirstSuccess(tx, action.id, buyerTgId, receiptId))) return false;
    if (await isBuyerBlocked(tx, action.id, invitation.inviterTgId)) {
      await repo.decide(tx, invitation.id, { status: 'refused', refusal: 'inviter_blocked', receiptId }, now);
      return false;
    }
    const friend = await friendName(tx, buyerTgId);
    const inviterNotice = { projectId: action.id, buyerTgId: invitation.inviterTgId, shopButton: true };
    const rewarded = await repo.countRewardedThisMonth(tx, action.id, invitation.inviterTgId, now);
    if (settings.monthly_cap > 0 && rewarded >= settings.monthly_cap) {
      await repo.decide(tx, invitation.id, { status: 'refused', refusal: 'monthly_cap', receiptId }, now);
      await queueBuyerNotice(tx, {
        ...inviterNotice,
        text: fillMessage(m.inviterCapped, { friend, cap: settings.monthly_cap }),
        reference: `referral-inviter:${invitation.id}`,
      });
      return true;
    }
    await repo.decide(tx, invitation.id, { status: 'rewarded', receiptId }, now);
    const credit = async (who: string, points: number, reason: string, role: 'friend' | 'inviter', text: string) => {
      if (points <= 0) return false;
      const moved = await movePoints(tx, {
        projectId: action.id,
        buyerTgId: who,
        delta: points,
        kind: 'referral',
        actor: 'system',
        reason,
        reference: `referral:${role}:${invitation.id}`,
        at: now,
        expiresAt: pointsExpiry(action, now),
      });
      const balance = moved?.balance ?? points;
      await queueBuyerNotice(tx, {
        projectId: action.id,
        buyerTgId: who,
        shopButton: true,
        text: fillMessage(text, { points: formatPoints(points), balance: formatPoints(balance), friend }),
        reference: `referral-${role}:${invitation.id}`,
      });
      return true;
    };
    const friendTold = await credit(buyerTgId, settings.friend_points, m.friendReason, 'friend', m.friendRewarded);
    const inviterTold = await credit(
      invitation.inviterTgId,
      settings.referrer_points,
      fillMessage(m.inviterReason, { friend }),
      'inviter',
      m.inviterRewarded,
    );
    return friendTold || inviterTold;
  });
  if (queued) deps.onNoticesQueued();
}

async function friendName(db: Executor, buyerTgId: string): Promise<string> {
  const { firstName, username } = await repo.buyerName(db, buyerTgId);
  return firstName ?? (username ? `@${username}` : m.aFriend);
}
