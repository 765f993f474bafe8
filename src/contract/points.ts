import { userIdSchema } from './auth.js';
import {
  formatDate,
  formatDayMonth,
  formatPercent,
  formatPoints,
  kopecksToRubles,
  pluralRu,
  POINT_WORDS,
  rublesToKopecks,
} from './format.js';
import { bigIdParam } from './ids.js';
import { fillMessage, messages } from './messages.js';
import { warrantySchema } from './product-guides.js';
import { ORDER_STATUSES } from './public-shop.js';
import { buyerReferralSchema } from './referral.js';
import { blockReasonSchema, buyerBlockSchema, buyerFlagSchema, unblockReasonSchema } from './trust.js';
import { numberLike, z } from './zod-setup.js';

// Points as a currency: the ledger's kinds and actors, the action's expiry and level
// rules, how a receipt's percent is chosen, and the buyer card's calls
// (GET /lk/api/buyers/{tg_id}, POST /lk/api/buyers/{tg_id}/points, …/block, …/unblock).

const m = messages.points;

/** Every kind of movement of a buyer's points (the database's CHECK lists the same). */
export const POINTS_KINDS = [
  'receipt',
  'order',
  'order_refund',
  'manual',
  'expiry',
  'referral',
  'birthday',
  'survey',
  'quiz',
  'draw_prize',
  'review',
  'photo',
  'daily_bonus',
  /** Held points of a receipt become available (the action's hold for returns). */
  'release',
  /** The seller took a receipt's points back. */
  'cancel',
] as const;
export type PointsKind = (typeof POINTS_KINDS)[number];

export const POINTS_KIND_LABELS: Record<PointsKind, string> = {
  receipt: m.kindReceipt,
  order: m.kindOrder,
  order_refund: m.kindOrderRefund,
  manual: m.kindManual,
  expiry: m.kindExpiry,
  referral: m.kindReferral,
  birthday: m.kindBirthday,
  survey: m.kindSurvey,
  quiz: m.kindQuiz,
  draw_prize: m.kindDrawPrize,
  review: m.kindReview,
  photo: m.kindPhoto,
  daily_bonus: m.kindDailyBonus,
  release: m.kindRelease,
  cancel: m.kindCancel,
};

/** Who moved the points. */
export const POINTS_ACTORS = ['shopper', 'seller', 'system'] as const;
export type PointsActor = (typeof POINTS_ACTORS)[number];
export const POINTS_ACTOR_LABELS: Record<PointsActor, string> = { shopper: m.actorShopper, seller: m.actorSeller, system: m.actorSystem };

// ---- the action's rules ----

export const POINTS_LIFETIME_MAX_DAYS = 3650;
export const EXPIRY_REMINDER_DEFAULT_DAYS = 7;
export const EXPIRY_REMINDER_MAX_DAYS = 365;
export const LEVELS_MAX = 5;
export const LEVEL_NAME_MAX = 40;
const LEVEL_MIN_SUM_MAX = 100_000_000;

const wholeDays = (max: number, message: string) => numberLike(message).pipe(z.number().int(message).min(0, message).max(max, message));

/** «Срок жизни баллов, дней»: 0 = the points never expire. */
export const pointsLifetimeDaysSchema = wholeDays(POINTS_LIFETIME_MAX_DAYS, m.lifetimeRange);
/** «Напомнить о сгорании за, дней»: 0 = no reminder. */
export const expiryReminderDaysSchema = wholeDays(EXPIRY_REMINDER_MAX_DAYS, m.reminderRange);

const percent = (message: string) => numberLike(message).pipe(z.number().min(0, message).max(100, message));

/** «Процент баллов за повторную покупку»: empty = as the shopper's level. */
export const repeatPointsPercentageSchema = z
  .union([z.literal(''), z.null(), percent(m.repeatPercentRange)], { error: m.repeatPercentRange })
  .transform((value) => (value === '' ? null : value));

/** One loyalty level as the API speaks it: the threshold is rubles of counted purchases on the action, all time. */
export const levelSchema = z.object(
  {
    name: z.string({ error: m.levelNameInvalid }).trim().min(1, m.levelNameInvalid).max(LEVEL_NAME_MAX, m.levelNameInvalid),
    min_sum: numberLike(m.levelThresholdInvalid).pipe(
      z
        .number()
        .min(0, m.levelThresholdInvalid)
        .max(LEVEL_MIN_SUM_MAX, m.levelThresholdInvalid)
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.levelThresholdInvalid),
    ),
    points_percentage: percent(m.levelPercentRange),
  },
  { error: m.levelsInvalid },
);
export type Level = z.output<typeof levelSchema>;

/** «Уровни лояльности»: none, or 1–5 levels from 0 ₽ up, thresholds strictly increasing, names distinct. */
export const levelsSchema = z
  .array(levelSchema, { error: m.levelsInvalid })
  .max(LEVELS_MAX, m.levelsTooMany)
  .superRefine((levels, ctx) => {
    if (levels.length === 0) return;
    if (levels[0]!.min_sum !== 0) ctx.addIssue({ code: 'custom', message: m.levelFirstFromZero, path: [0, 'min_sum'] });
    for (let i = 1; i < levels.length; i++) {
      if (levels[i]!.min_sum <= levels[i - 1]!.min_sum) {
        ctx.addIssue({ code: 'custom', message: m.levelThresholdsIncrease, path: [i, 'min_sum'] });
        break;
      }
    }
    const names = levels.map((level) => level.name.toLocaleLowerCase('ru'));
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: m.levelNamesRepeat });
  });

/** A loyalty level as the action keeps it: the threshold in kopecks of counted purchases. */
export interface StoredLevel {
  name: string;
  min_kopecks: number;
  points_percentage: number;
}

export function storedLevels(levels: readonly Level[]): StoredLevel[] {
  return levels.map((level) => ({
    name: level.name,
    min_kopecks: rublesToKopecks(level.min_sum),
    points_percentage: level.points_percentage,
  }));
}

/** The levels as the API answers them; the first one's percent is always the action's. */
export function presentLevels(levels: readonly StoredLevel[], pointsPercentage: number): Level[] {
  return levels.map((level, index) => ({
    name: level.name,
    min_sum: kopecksToRubles(level.min_kopecks),
    points_percentage: index === 0 ? pointsPercentage : level.points_percentage,
  }));
}

/** The lowest level's percent is the action's own: one number, never two that disagree. */
export function firstLevelPercentIssue(levels: readonly Level[] | undefined, pointsPercentage: number): string | null {
  if (!levels?.length || levels[0]!.points_percentage === pointsPercentage) return null;
  return fillMessage(m.levelFirstPercent, { percent: pointsPercentage });
}

/** The level a shopper holds with `spentKopecks` of counted purchases; null when the action has no levels. */
export function levelAt<T extends { min_kopecks: number }>(levels: readonly T[], spentKopecks: number): { level: T; index: number } | null {
  let found: { level: T; index: number } | null = null;
  levels.forEach((level, index) => {
    if (spentKopecks >= level.min_kopecks) found = { level, index };
  });
  return found;
}

export const POINTS_RULES = ['base', 'level', 'repeat'] as const;
export type PointsRule = (typeof POINTS_RULES)[number];

export interface EarningRate {
  percent: number;
  rule: PointsRule;
  /** The level's name when the action has levels. */
  levelName: string | null;
}

/**
 * The percent a receipt earns at: the level the shopper holds before it (the action's
 * percent without levels: rule 'base'; the lowest level's percent is the action's too), or the
 * repeat-purchase percent from the shopper's second successful receipt on when that is higher. A
 * tie keeps the level: the repeat rule is named only when it gave more.
 */
export function earningRate(
  action: { pointsPercentage: number; levels: readonly StoredLevel[]; repeatPointsPercentage: number | null },
  before: { receipts: number; spentKopecks: number },
): EarningRate {
  const held = levelAt(action.levels, before.spentKopecks);
  const levelPercent = held && held.index > 0 ? held.level.points_percentage : action.pointsPercentage;
  const base: EarningRate = { percent: levelPercent, rule: held ? 'level' : 'base', levelName: held?.level.name ?? null };
  const repeat = action.repeatPointsPercentage;
  if (before.receipts >= 1 && repeat !== null && repeat > levelPercent) return { ...base, percent: repeat, rule: 'repeat' };
  return base;
}

/** How the history and the bot name the rule a receipt earned by. */
export function pointsRuleLabel(rule: PointsRule, levelName: string | null): string {
  if (rule === 'repeat') return m.ruleRepeat;
  if (rule === 'level' && levelName) return fillMessage(m.ruleLevel, { level: levelName });
  return m.ruleBase;
}

/** What the receipt history and its CSV say a successful receipt earned by: «Повторная покупка, 7 %». */
export function pointsRuleText(rule: PointsRule, levelName: string | null, percent: number): string {
  return fillMessage(m.ruleWithPercent, { rule: pointsRuleLabel(rule, levelName), percent: formatPercent(percent) });
}

// ---- the buyer card ----

const MAX_INT = 2_147_483_647;

export const buyerTgIdParamsSchema = z.object({
  tg_id: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,19}$/, m.tgIdInvalid),
});

/** The card and its adjustments belong to one action: without it there is no level, balance or ledger to show. */
const cardProjectIdSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: m.projectRequired })
    .int(messages.actions.notFound)
    .positive(messages.actions.notFound)
    .max(MAX_INT, messages.actions.notFound),
);

export const buyerCardQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: cardProjectIdSchema,
});

/** The card's ledger rows at first, and what each «Показать ещё» adds: a shopper of years has tens of thousands. */
export const BUYER_LEDGER_PAGE = 50;

/** GET /buyers/:tg_id/ledger: the rows older than `before`, the previous page's `next_before`; without it the newest. */
export const buyerLedgerQuerySchema = buyerCardQuerySchema.extend({ before: bigIdParam(m.ledgerCursorInvalid).optional() });

export const ADJUST_MAX = 1_000_000;
export const ADJUST_REASON_MAX = 200;

export const adjustDeltaSchema = numberLike(m.adjustDeltaInvalid).pipe(
  z
    .number()
    .int(m.adjustDeltaInvalid)
    .min(-ADJUST_MAX, m.adjustDeltaInvalid)
    .max(ADJUST_MAX, m.adjustDeltaInvalid)
    .refine((v) => v !== 0, m.adjustDeltaInvalid),
);

export const adjustReasonSchema = z
  .string({ error: m.adjustReasonRequired })
  .trim()
  .min(1, m.adjustReasonRequired)
  .max(ADJUST_REASON_MAX, m.adjustReasonRequired);

export const adjustPointsRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: cardProjectIdSchema,
  delta: adjustDeltaSchema,
  reason: adjustReasonSchema,
});

/** «Заблокировать»: the reason is required; blocking a blocked shopper again replaces it. */
export const blockBuyerRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: cardProjectIdSchema,
  reason: blockReasonSchema,
});

/** «Разблокировать»: the block's request, its reason optional. */
export const unblockBuyerRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: cardProjectIdSchema,
  reason: unblockReasonSchema,
});

/**
 * `Idempotency-Key` of an adjustment: the cabinet sends one per form submission, so a double
 * click or a retried request moves the points once. Other headers pass through untouched.
 */
export const IDEMPOTENCY_KEY_MAX = 100;
export const adjustPointsHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_.:-]{1,${IDEMPOTENCY_KEY_MAX}}$`), m.idempotencyKeyInvalid)
    .optional(),
});

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** Available points the row moved; `held_delta` the held ones (a held credit, its release, a cancel). */
  delta: z.number().int(),
  held_delta: z.number().int(),
  kind: z.enum(POINTS_KINDS),
  kind_label: z.string(),
  actor: z.enum(POINTS_ACTORS),
  reason: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  balance_after: z.number().int(),
  held_after: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const buyerLedgerPageSchema = z.object({ ledger: z.array(ledgerEntrySchema), next_before: z.number().int().nullable() });
export type BuyerLedgerPage = z.infer<typeof buyerLedgerPageSchema>;

/** The shopper's level in the action (null: the action has no levels). */
export const buyerLevelSchema = levelSchema.nullable();

/** The points that expire soonest: those of the nearest day (Moscow time), and that day's last moment. */
export const nearestExpirySchema = z.object({ points: z.number().int(), expires_at: z.string() }).nullable();

/** Points held for the marketplaces' return window, by the (Moscow) day they become available, the nearest first. */
export const heldPointsSchema = z.array(z.object({ points: z.number().int(), release_at: z.string() }));

/** «Ожидают зачисления: 120 баллов, станут доступны 12.12». */
export function heldPhrase(points: number, releaseAt: Date | string): string {
  return fillMessage(messages.publicShop.held, { points: formatPoints(points), date: formatDayMonth(releaseAt) });
}

/** What a buyer's card shows of their receipts, shop orders and promo codes: the newest ones. */
export const BUYER_CARD_ROWS = 200;

export const buyerCardSchema = z.object({
  tg_id: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  /** Available points: what the shop can spend. */
  points: z.number().int(),
  /** Points held for the marketplaces' return window, not spendable yet, and by the day they become available. */
  held_points: z.number().int(),
  held: heldPointsSchema,
  nearest_expiry: nearestExpirySchema,
  level: buyerLevelSchema,
  /** Rubles of counted purchases on the action, all time, but those whose points are still held: what the level is reached by. */
  spent_total: z.number(),
  successful_receipts: z.number().int(),
  /** The newest BUYER_LEDGER_PAGE rows of the ledger. */
  ledger: z.array(ledgerEntrySchema),
  /** `before` of the ledger's next page; null when these are all. */
  ledger_next_before: z.number().int().nullable(),
  receipts: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      status_label: z.string(),
      total: z.number().nullable(),
      points_awarded: z.number().int(),
      scanned_at: z.string(),
      /** A cancelled receipt (status `cancelled`): when, why, the points taken back; null on every other. */
      cancelled_at: z.string().nullable(),
      cancel_reason: z.string().nullable(),
      points_cancelled: z.number().int().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      price_points: z.number().int(),
      status: z.enum(ORDER_STATUSES),
      status_label: z.string(),
      created_at: z.string(),
    }),
  ),
  promo_codes: z.array(z.object({ code: z.string(), receipt_id: z.number().int().nullable(), issued_at: z.string() })),
  /** Who this buyer invited and who invited them (referral programme), with each invitation's status. */
  referrals: z.array(buyerReferralSchema),
  /** The electronic warranties the buyer's receipts brought, newest first. */
  warranties: z.array(warrantySchema),
  /** The seller's block of the shopper in the action; null: not blocked. */
  blocked: buyerBlockSchema.nullable(),
  /** Why the check flagged the shopper as suspicious in the action, the first flag first. */
  flags: z.array(buyerFlagSchema),
});
export type BuyerCard = z.infer<typeof buyerCardSchema>;

export const adjustPointsResponseSchema = z.object({ message: z.string(), points: z.number().int() });
export type AdjustPointsResponse = z.infer<typeof adjustPointsResponseSchema>;

/** «120 баллов сгорят 12.01.2027», «21 балл сгорит 12.01.2027»: the verb agrees with the number. */
export function expiryPhrase(points: number, expiresAt: Date): string {
  return fillMessage(pluralRu(points, POINT_WORDS) === POINT_WORDS.one ? m.nearestExpiryOne : m.nearestExpiry, {
    points: formatPoints(points),
    date: formatDate(expiresAt),
  });
}
