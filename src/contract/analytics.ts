import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';
import { formatCount } from './format.js';
import { fillMessage, messages } from './messages.js';

const a = messages.analytics;

/** Period presets of the analytics filters; days are Moscow calendar days ending today. */
export const ANALYTICS_PERIODS = ['7', '30', '90', 'all', 'range'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** A date range is bounded so a daily series stays a few thousand points at most. */
export const ANALYTICS_MAX_RANGE_DAYS = 3_660;
/** «не длиннее 21 дня, 3 660 дней»: the genitive after a comparative. */
const DAYS_GENITIVE = { one: 'дня', few: 'дней', many: 'дней' };

/** A Moscow calendar day as the filters take it: "ГГГГ-ММ-ДД", and a day that exists. */
export const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, a.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, a.dateInvalid);

/** A range of days given whole: from before to, and no longer than ANALYTICS_MAX_RANGE_DAYS. */
export function checkDayRange(range: { from: string; to: string }, context: z.RefinementCtx): void {
  if (range.from > range.to) context.addIssue({ code: 'custom', message: a.rangeReversed, path: ['from'] });
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days > ANALYTICS_MAX_RANGE_DAYS) {
    context.addIssue({
      code: 'custom',
      message: fillMessage(a.rangeTooLong, { days: formatCount(ANALYTICS_MAX_RANGE_DAYS, DAYS_GENITIVE) }),
      path: ['to'],
    });
  }
}

export const analyticsQuerySchema = z
  .object({
    user_id: userIdSchema.optional(),
    project_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    period: z.enum(ANALYTICS_PERIODS, { error: a.periodInvalid }).default('30'),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
  })
  .superRefine((query, context) => {
    if (query.period !== 'range') return;
    if (!query.from || !query.to) {
      context.addIssue({ code: 'custom', message: a.rangeRequired, path: ['from'] });
      return;
    }
    checkDayRange({ from: query.from, to: query.to }, context);
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsActionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Deleted actions stay in analytics (their receipts happened); the filter marks them. */
  deleted: z.boolean(),
});

export const analyticsFiguresSchema = z.object({
  receipts_checked: z.number().int(),
  receipts_successful: z.number().int(),
  /** successful / checked, 0..1; null without checks. */
  success_share: z.number().nullable(),
  points_awarded: z.number().int(),
  /** Points buyers spent in the shop; null while the shop does not exist. */
  points_spent: z.number().int().nullable(),
  /** Rubles: the sum of counted items of successful receipts. */
  counted_sum: z.number(),
  new_buyers: z.number().int(),
  returning_buyers: z.number().int(),
  /** Rubles the seller paid for checked receipts. */
  spent_on_receipts: z.number(),
  /** Rubles per successful receipt; null without successes. */
  cost_per_successful_receipt: z.number().nullable(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

export const analyticsDaySchema = z.object({
  day: z.string(),
  successful: z.number().int(),
  /** Refused checks of the day by receipt status (only statuses that occurred). */
  refused: z.record(z.string(), z.number().int()),
  counted_sum: z.number(),
  points_awarded: z.number().int(),
  points_spent: z.number().int().nullable(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsWeekSchema = z.object({
  /** The Monday of the week, or the period's first day for a week cut by it. */
  week_start: z.string(),
  new_buyers: z.number().int(),
  returning_buyers: z.number().int(),
});
export type AnalyticsWeek = z.infer<typeof analyticsWeekSchema>;

export const analyticsProductSchema = z.object({
  name: z.string(),
  items: z.number().int(),
  quantity: z.number(),
  sum: z.number(),
});

export const analyticsResponseSchema = z.object({
  /** Moscow calendar days, inclusive; `from` is null for "all time" without data. */
  period: z.object({ kind: z.enum(ANALYTICS_PERIODS), from: z.string().nullable(), to: z.string() }),
  project_id: z.number().int().nullable(),
  actions: z.array(analyticsActionSchema),
  figures: analyticsFiguresSchema,
  daily: z.array(analyticsDaySchema),
  weekly_buyers: z.array(analyticsWeekSchema),
  top_products: z.array(analyticsProductSchema),
  /** False until the points shop exists: points_spent figures are null and the chart says so. */
  points_spent_available: z.boolean(),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

export const analyticsRebuildResponseSchema = z.object({ message: z.string(), receipts: z.number().int(), milliseconds: z.number().int() });
