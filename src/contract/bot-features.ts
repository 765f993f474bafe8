import { userIdSchema } from './auth.js';
import { fillMessage, messages } from './messages.js';
import { numberLike, z } from './zod-setup.js';

// The bot's engagement functions' settings: one object per action, a section per
// function, `GET`/`PUT /lk/api/projects/{id}/features`. A section left out of a PUT keeps its
// value; a section sent is validated whole, its missing fields taking their defaults. Surveys,
// quizzes and draws are resources of their own, not settings here.

const m = messages.botFeatures;
const POINTS_MAX = 1_000_000;
export const WHEEL_SECTORS_MAX = 12;
export const WHEEL_LABEL_MAX = 30;

const enabled = z.boolean({ error: m.enabledInvalid }).default(false);
const wholeNumber = (max: number, message: string) => numberLike(message).pipe(z.number().int(message).min(0, message).max(max, message));
const points = (fallback: number) => wholeNumber(POINTS_MAX, m.pointsInvalid).default(fallback);

export const referralSettingsSchema = z.object(
  {
    enabled,
    referrer_points: points(100),
    friend_points: points(50),
    /** Rewarded invitations per inviter per calendar month (Moscow); 0 = no cap. */
    monthly_cap: wholeNumber(10_000, m.monthlyCapInvalid).default(10),
  },
  { error: m.settingsInvalid },
);

export const birthdaySettingsSchema = z.object(
  {
    enabled,
    points: points(100),
    /** The date must have been given at least this many days before the birthday. */
    min_days_known: wholeNumber(366, m.minDaysKnownInvalid).default(30),
  },
  { error: m.settingsInvalid },
);

/** A sector of the daily bonus's wheel: points, or a promo code from the action's pool; drawn in proportion to its weight. */
const wheelSectorSchema = z.strictObject(
  {
    label: z.string({ error: m.wheelLabelInvalid }).trim().min(1, m.wheelLabelInvalid).max(WHEEL_LABEL_MAX, m.wheelLabelInvalid),
    points: wholeNumber(100_000, m.wheelPrizeInvalid).optional(),
    promo_code: z.literal(true, { error: m.wheelPrizeInvalid }).optional(),
    weight: numberLike(m.wheelWeightInvalid).pipe(
      z.number().int(m.wheelWeightInvalid).min(1, m.wheelWeightInvalid).max(1_000, m.wheelWeightInvalid),
    ),
  },
  { error: m.wheelPrizeInvalid },
);
export type WheelSector = z.output<typeof wheelSectorSchema>;

/**
 * The wheel: none (the bonus is a random number in the range, as before) or 2–12 sectors, each
 * named by its number when wrong, with at least one of points: the fallback of an empty code pool.
 */
const wheelSchema = z.array(z.unknown(), { error: m.wheelSectorsCount }).transform((sectors, context) => {
  if (sectors.length === 1 || sectors.length > WHEEL_SECTORS_MAX) {
    context.addIssue({ code: 'custom', message: m.wheelSectorsCount });
    return z.NEVER;
  }
  const parsed: WheelSector[] = [];
  for (const [index, sector] of sectors.entries()) {
    const result = wheelSectorSchema.safeParse(sector);
    const problem = result.success
      ? (result.data.points === undefined) === (result.data.promo_code === undefined)
        ? m.wheelPrizeInvalid
        : null
      : (result.error.issues[0]?.message ?? m.wheelPrizeInvalid);
    if (problem) {
      context.addIssue({ code: 'custom', message: fillMessage(m.wheelSectorInvalid, { n: index + 1, problem }), path: [index] });
      return z.NEVER;
    }
    parsed.push(result.data!);
  }
  if (parsed.length > 0 && !parsed.some((sector) => sector.points !== undefined)) {
    context.addIssue({ code: 'custom', message: m.wheelNeedsPoints });
    return z.NEVER;
  }
  return parsed;
});

export const dailyBonusSettingsSchema = z
  .object(
    {
      enabled,
      min_points: wholeNumber(100_000, m.dailyRangeInvalid).default(1),
      max_points: wholeNumber(100_000, m.dailyRangeInvalid).default(10),
      wheel: wheelSchema.default([]),
    },
    { error: m.settingsInvalid },
  )
  .refine((value) => value.min_points <= value.max_points, { message: m.dailyRangeInvalid, path: ['max_points'] });

export type DailyBonusSettings = z.output<typeof dailyBonusSettingsSchema>;

export const rewardSettingsSchema = z.object({ enabled, points: points(50) }, { error: m.settingsInvalid });

/** «Написать в поддержку»: off until the seller turns it on, as it promises an answer. */
export const supportSettingsSchema = z.object({ enabled }, { error: m.settingsInvalid });

/** «Номер телефона покупателя»: off until the seller turns it on, as a phone is personal data they must have a basis to collect. */
export const phoneSettingsSchema = z.object({ enabled }, { error: m.settingsInvalid });

export const botFeatureSettingsShape = {
  referral: referralSettingsSchema,
  birthday: birthdaySettingsSchema,
  daily_bonus: dailyBonusSettingsSchema,
  reviews: rewardSettingsSchema,
  photos: rewardSettingsSchema,
  support: supportSettingsSchema,
  phone: phoneSettingsSchema,
};
export type BotFeatureKey = keyof typeof botFeatureSettingsShape;
export const BOT_FEATURE_KEYS = Object.keys(botFeatureSettingsShape) as BotFeatureKey[];

const page = messages.botFeaturesPage;
const help = messages.helpPage;
const phone = messages.buyerPhone;

/** What a function is to a seller: its card on the action page and its section on the help page. */
export interface BotFeatureGuide {
  name: string;
  /** The card's one line on what it does. */
  summary: string;
  /** The help page: what the shopper sees in the bot, and how to try it in the demo chat. */
  shopperSees: string;
  tryInDemo: string;
}

/** One entry per function: a function added to the settings without its card and help texts does not compile. */
export const BOT_FEATURE_GUIDES: Record<BotFeatureKey, BotFeatureGuide> = {
  referral: { name: m.nameReferral, summary: page.summaryReferral, shopperSees: help.referralShopper, tryInDemo: help.referralTry },
  birthday: { name: m.nameBirthday, summary: page.summaryBirthday, shopperSees: help.birthdayShopper, tryInDemo: help.birthdayTry },
  daily_bonus: {
    name: m.nameDailyBonus,
    summary: page.summaryDailyBonus,
    shopperSees: help.dailyBonusShopper,
    tryInDemo: help.dailyBonusTry,
  },
  reviews: { name: m.nameReviews, summary: page.summaryReviews, shopperSees: help.reviewsShopper, tryInDemo: help.reviewsTry },
  photos: { name: m.namePhotos, summary: page.summaryPhotos, shopperSees: help.photosShopper, tryInDemo: help.photosTry },
  support: { name: m.nameSupport, summary: page.summarySupport, shopperSees: help.supportShopper, tryInDemo: help.supportTry },
  phone: { name: phone.featureName, summary: phone.featureSummary, shopperSees: phone.featureShopper, tryInDemo: phone.featureTry },
};

/** Every section, each with its defaults filled in: the answer of both calls. */
export const botFeaturesSchema = z.object(botFeatureSettingsShape);
export type BotFeatures = z.output<typeof botFeaturesSchema>;

/** A PUT: any of the sections; unknown ones are refused so a typo never passes silently. */
export const botFeaturesUpdateSchema = z.strictObject(
  {
    user_id: userIdSchema.optional(),
    ...(Object.fromEntries(BOT_FEATURE_KEYS.map((key) => [key, botFeatureSettingsShape[key].optional()])) as {
      [K in BotFeatureKey]: z.ZodOptional<(typeof botFeatureSettingsShape)[K]>;
    }),
  },
  { error: m.settingsInvalid },
);

export const botFeaturesResponseSchema = z.object({ features: botFeaturesSchema });
export const botFeaturesSavedSchema = z.object({ message: z.string(), features: botFeaturesSchema });

/** One section of the stored object, parsed with its defaults; one that no longer parses falls back to them. */
export function readBotFeature<K extends BotFeatureKey>(stored: Record<string, unknown> | null | undefined, key: K): BotFeatures[K] {
  const parsed = botFeatureSettingsShape[key].safeParse(stored?.[key] ?? {});
  return (parsed.success ? parsed.data : botFeatureSettingsShape[key].parse({})) as BotFeatures[K];
}

/** The stored object read back, every section as readBotFeature reads it. */
export function readBotFeatures(stored: Record<string, unknown> | null | undefined): BotFeatures {
  return Object.fromEntries(BOT_FEATURE_KEYS.map((key) => [key, readBotFeature(stored, key)])) as BotFeatures;
}
