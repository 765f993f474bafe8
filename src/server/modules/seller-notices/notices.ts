import {
  formatCount,
  formatDate,
  formatDays,
  formatPoints,
  formatRubles,
  kopecksToRubles,
  RECEIPT_WORDS,
} from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { BuyerFlagKind } from '../../../contract/trust.js';
import type { SellerNotice } from './outbox.js';

// Each notice's words and the cabinet screen it links to; the modules that notice an event call
// these and queue the result (outbox.ts). `subjectKey` names the occurrence told at most once.

const m = messages.sellerNotices;
const mail = messages.mail;

const rubles = (kopecks: number) => formatRubles(kopecksToRubles(kopecks));

/** The actions stopped: the balance does not pay the next receipt (once per episode, keyed by its start). */
export function actionSuspendedNotice(facts: {
  sellerId: number;
  since: Date;
  balanceKopecks: number;
  priceKopecks: number;
}): SellerNotice {
  return {
    sellerId: facts.sellerId,
    event: 'action_suspended',
    subjectKey: facts.since.toISOString(),
    title: mail.suspendedSubject,
    lines: [fillMessage(mail.suspendedIntro, { balance: rubles(facts.balanceKopecks), price: rubles(facts.priceKopecks) })],
    link: { label: mail.topUpButton, path: '/dashboard' },
  };
}

/** The balance lasts less than about three days at the last week's spending (once per episode). */
export function balanceLowNotice(facts: {
  sellerId: number;
  since: Date;
  balanceKopecks: number;
  perDayKopecks: number;
  daysLeft: number;
}): SellerNotice {
  const days = formatDays(facts.daysLeft);
  return {
    sellerId: facts.sellerId,
    event: 'balance_low',
    subjectKey: facts.since.toISOString(),
    title: fillMessage(mail.runningLowSubject, { days }),
    lines: [fillMessage(mail.runningLowIntro, { perDay: rubles(facts.perDayKopecks), balance: rubles(facts.balanceKopecks), days })],
    link: { label: mail.topUpButton, path: '/dashboard' },
  };
}

/** An action set to renew automatically ends within three days and the balance does not cover it (once per period). */
export function subscriptionEndingNotice(facts: {
  sellerId: number;
  actionId: number;
  action: string;
  end: Date;
  priceKopecks: number;
  balanceKopecks: number;
}): SellerNotice {
  return {
    sellerId: facts.sellerId,
    event: 'subscription_ending',
    subjectKey: `${facts.actionId}:${facts.end.toISOString()}`,
    title: mail.renewalUncoveredSubject,
    lines: [
      fillMessage(mail.renewalUncoveredIntro, {
        name: facts.action,
        date: formatDate(facts.end),
        price: rubles(facts.priceKopecks),
        balance: rubles(facts.balanceKopecks),
      }),
    ],
    link: { label: mail.topUpButton, path: '/dashboard/balance' },
  };
}

/** An action's paid period ended without a renewal (once per period, keyed by its end). */
export function subscriptionEndedNotice(facts: { sellerId: number; actionId: number; action: string; end: Date }): SellerNotice {
  return {
    sellerId: facts.sellerId,
    event: 'subscription_ended',
    subjectKey: `${facts.actionId}:${facts.end.toISOString()}`,
    title: m.subscriptionEndedTitle,
    lines: [fillMessage(m.subscriptionEndedLine, { action: facts.action })],
    link: { label: m.subscriptionEndedLink, path: `/dashboard/action/${facts.actionId}` },
  };
}

/** A check flagged a shopper as suspicious (once per action, shopper and reason). */
export function suspiciousShopperNotice(facts: {
  sellerId: number;
  actionId: number;
  action: string;
  buyerTgId: string;
  kind: BuyerFlagKind;
}): SellerNotice {
  const reason = facts.kind === 'many_per_hour' ? messages.trust.flagManyPerHour : messages.trust.flagOthersReceipts;
  return {
    sellerId: facts.sellerId,
    event: 'suspicious_shopper',
    subjectKey: `${facts.actionId}:${facts.buyerTgId}:${facts.kind}`,
    title: m.suspiciousTitle,
    lines: [fillMessage(m.suspiciousLine, { action: facts.action, buyer: facts.buyerTgId, reason })],
    link: {
      label: m.suspiciousLink,
      path: `/dashboard/buyers/${encodeURIComponent(facts.buyerTgId)}?project_id=${facts.actionId}`,
    },
  };
}

/** A shopper asked to exchange points for a product (once per exchange request). */
export function shopOrderNotice(facts: {
  sellerId: number;
  orderId: number;
  action: string;
  buyer: string;
  product: string;
  points: number;
}): SellerNotice {
  return {
    sellerId: facts.sellerId,
    event: 'shop_order',
    subjectKey: String(facts.orderId),
    title: m.shopOrderTitle,
    lines: [
      fillMessage(m.shopOrderLine, {
        action: facts.action,
        buyer: facts.buyer,
        points: formatPoints(facts.points),
        product: facts.product,
      }),
    ],
    link: { label: m.shopOrderLink, path: '/dashboard/shop' },
  };
}

/** How much of a mailing's text names it in the notice. */
const MAILING_TEXT_SHOWN = 60;

/** A mailing sent to everyone it could reach, with its figures (once per mailing). */
export function mailingFinishedNotice(facts: {
  sellerId: number;
  mailingId: number;
  text: string;
  total: number;
  sent: number;
  failed: number;
}): SellerNotice {
  const oneLine = facts.text.replace(/\s+/g, ' ').trim();
  const text = oneLine.length > MAILING_TEXT_SHOWN ? `${oneLine.slice(0, MAILING_TEXT_SHOWN - 1)}…` : oneLine;
  return {
    sellerId: facts.sellerId,
    event: 'mailing_finished',
    subjectKey: String(facts.mailingId),
    title: m.mailingFinishedTitle,
    lines: [
      fillMessage(m.mailingFinishedLine, {
        text,
        sent: String(facts.sent),
        total: String(facts.total),
        failed: String(facts.failed),
      }),
    ],
    link: { label: m.mailingFinishedLink, path: '/dashboard/mailing' },
  };
}

/**
 * A shopper's picture is the first to wait in the action's moderation queue: told once per such
 * stretch (keyed by that item), not per picture, so a busy day is one notice, not dozens.
 */
export function moderationWaitingNotice(facts: {
  sellerId: number;
  actionId: number;
  action: string;
  itemId: number;
  buyer: string;
}): SellerNotice {
  return {
    sellerId: facts.sellerId,
    event: 'moderation_waiting',
    subjectKey: `${facts.actionId}:${facts.itemId}`,
    title: m.moderationWaitingTitle,
    lines: [fillMessage(m.moderationWaitingLine, { action: facts.action, buyer: facts.buyer })],
    link: { label: m.moderationWaitingLink, path: '/dashboard/moderation' },
  };
}

/**
 * A shopper's question has waited 15 minutes for the seller's answer: once per unanswered stretch
 * of a thread (keyed by the seller's last answer before it, 0 for none).
 */
export function supportWaitingNotice(facts: {
  sellerId: number;
  threadId: number;
  answeredUpTo: number;
  action: string;
  buyer: string;
}): SellerNotice {
  return {
    sellerId: facts.sellerId,
    event: 'support_waiting',
    subjectKey: `${facts.threadId}:${facts.answeredUpTo}`,
    title: m.supportWaitingTitle,
    lines: [fillMessage(m.supportWaitingLine, { action: facts.action, buyer: facts.buyer })],
    link: { label: m.supportWaitingLink, path: `/dashboard/support/${facts.threadId}` },
  };
}

/**
 * The action's pool of promo codes runs low (the action page's own rule): once per pool size, so a
 * refill that runs low again is told again.
 */
export function promoCodesLowNotice(facts: {
  sellerId: number;
  actionId: number;
  action: string;
  total: number;
  remaining: number;
}): SellerNotice {
  return {
    sellerId: facts.sellerId,
    event: 'promo_codes_low',
    subjectKey: `${facts.actionId}:${facts.total}`,
    title: m.promoCodesLowTitle,
    lines: [fillMessage(m.promoCodesLowLine, { action: facts.action, count: String(facts.remaining) })],
    link: { label: m.promoCodesLowLink, path: `/dashboard/action/${facts.actionId}` },
  };
}

/** A Moscow day's figures of all the seller's actions, as the analytics count them. */
export interface DigestFigures {
  sellerId: number;
  /** 'YYYY-MM-DD', Moscow. */
  day: string;
  accepted: number;
  refused: number;
  newBuyers: number;
  points: number;
  feeKopecks: number;
}

/** Yesterday in figures (once per seller and day, keyed by the day), linking to the analytics. */
export function dailyDigestNotice(figures: DigestFigures): SellerNotice {
  return {
    sellerId: figures.sellerId,
    event: 'daily_digest',
    subjectKey: figures.day,
    title: fillMessage(m.digestTitle, { date: formatDate(`${figures.day}T12:00:00Z`) }),
    lines: [
      fillMessage(m.digestReceipts, {
        accepted: formatCount(figures.accepted, RECEIPT_WORDS),
        refused: formatCount(figures.refused, RECEIPT_WORDS),
      }),
      fillMessage(m.digestBuyers, { count: String(figures.newBuyers) }),
      fillMessage(m.digestPoints, { points: formatPoints(figures.points) }),
      fillMessage(m.digestFees, { fees: rubles(figures.feeKopecks) }),
    ],
    link: { label: m.digestLink, path: '/dashboard/analytics' },
  };
}

/** A webhook endpoint failed for three days and was turned off (once per turn-off, keyed by its time). */
export function webhookDisabledNotice(facts: { sellerId: number; endpointId: number; url: string; at: Date; error: string }): SellerNotice {
  return {
    sellerId: facts.sellerId,
    event: 'webhook_disabled',
    subjectKey: `${facts.endpointId}:${facts.at.toISOString()}`,
    title: messages.webhooks.disabledTitle,
    lines: [fillMessage(messages.webhooks.disabledLine, { url: facts.url, error: facts.error })],
    link: { label: messages.webhooks.disabledLink, path: '/dashboard/integrations' },
  };
}
