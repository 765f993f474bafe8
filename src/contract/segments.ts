import { userIdSchema } from './auth.js';
import { messages } from './messages.js';
import { LEVEL_NAME_MAX } from './points.js';
import { numberLike, z } from './zod-setup.js';
import { bigIdParam, intId, intIdParam } from './ids.js';

// Segments of an action's shoppers: POST/GET /segments, PUT/DELETE /segments/{id},
// GET /segments/{id}/buyers, POST /segments/preview. Conditions combine with AND.

const m = messages.segments;

const SEGMENT_NAME_MAX = 80;
const SEGMENT_ITEM_TEXT_MAX = 100;
const SEGMENT_DAYS_MAX = 3650;
const SEGMENT_RUBLES_MAX = 100_000_000;
const SEGMENT_INVITED_MAX = 100_000;
const SEGMENT_POINTS_MAX = 1_000_000_000;
export const SEGMENT_BUYERS_PER_PAGE = 50;

const whole = (message: string, min: number, max: number) =>
  numberLike(message).pipe(z.number().int(message).min(min, message).max(max, message));
const rubles = numberLike(m.totalInvalid).pipe(
  z
    .number()
    .min(0, m.totalInvalid)
    .max(SEGMENT_RUBLES_MAX, m.totalInvalid)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.totalInvalid),
);
const id = intId;

/** Null or absent: the condition is not set (a form sends its empty fields as null). */
const fields = {
  item_contains: z.string({ error: m.itemInvalid }).trim().min(1, m.itemInvalid).max(SEGMENT_ITEM_TEXT_MAX, m.itemInvalid).nullish(),
  total_min: rubles.nullish(),
  total_max: rubles.nullish(),
  last_purchase_within_days: whole(m.daysInvalid, 1, SEGMENT_DAYS_MAX).nullish(),
  last_purchase_not_within_days: whole(m.daysInvalid, 1, SEGMENT_DAYS_MAX).nullish(),
  level: z.string({ error: m.levelInvalid }).trim().min(1, m.levelInvalid).max(LEVEL_NAME_MAX, m.levelInvalid).nullish(),
  birthday_month: whole(m.birthdayMonthInvalid, 1, 12).nullish(),
  took_part: z
    .union([z.strictObject({ survey_id: id(m.tookPartInvalid) }), z.strictObject({ draw_id: id(m.tookPartInvalid) })], {
      error: m.tookPartInvalid,
    })
    .nullish(),
  invited_min: whole(m.invitedInvalid, 1, SEGMENT_INVITED_MAX).nullish(),
  points_min: whole(m.pointsInvalid, 0, SEGMENT_POINTS_MAX).nullish(),
};

type Fields = { [K in keyof typeof fields]: z.output<(typeof fields)[K]> };
/** The conditions as stored and answered: only those that are set. */
export type SegmentConditions = { [K in keyof Fields]?: NonNullable<Fields[K]> };

export const segmentConditionsSchema = z
  .object(fields, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? m.conditionUnknown : m.conditionsInvalid),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.total_min != null && c.total_max != null && c.total_min > c.total_max) {
      ctx.addIssue({ code: 'custom', path: ['total_max'], message: m.totalRangeInvalid });
    }
    const within = c.last_purchase_within_days;
    const notWithin = c.last_purchase_not_within_days;
    if (within != null && notWithin != null && notWithin >= within) {
      ctx.addIssue({ code: 'custom', path: ['last_purchase_not_within_days'], message: m.daysRangeInvalid });
    }
  })
  .transform(
    (c): SegmentConditions =>
      Object.fromEntries(Object.entries(c).filter(([, value]) => value !== null && value !== undefined)) as SegmentConditions,
  );

const projectId = intId(m.projectInvalid);
/** The builder checks the name with this too. */
export const segmentNameSchema = z.string({ error: m.nameInvalid }).trim().min(1, m.nameInvalid).max(SEGMENT_NAME_MAX, m.nameInvalid);

export const createSegmentRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: projectId,
  name: segmentNameSchema,
  conditions: segmentConditionsSchema,
});

/** A segment stays in its action: only the name and conditions change. */
export const updateSegmentRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  name: segmentNameSchema,
  conditions: segmentConditionsSchema,
});

export const segmentPreviewRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: projectId,
  conditions: segmentConditionsSchema,
});

export const segmentIdParamsSchema = z.object({
  id: bigIdParam(m.notFound),
});

export const segmentListQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: intIdParam(m.projectInvalid),
});

export const segmentBuyersQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  page: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(1_000_000, m.pageInvalid).default(1),
});

const conditionsOutSchema = z.object({
  item_contains: z.string().optional(),
  total_min: z.number().optional(),
  total_max: z.number().optional(),
  last_purchase_within_days: z.number().int().optional(),
  last_purchase_not_within_days: z.number().int().optional(),
  level: z.string().optional(),
  birthday_month: z.number().int().optional(),
  took_part: z.union([z.object({ survey_id: z.number().int() }), z.object({ draw_id: z.number().int() })]).optional(),
  invited_min: z.number().int().optional(),
  points_min: z.number().int().optional(),
});

export const segmentSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  conditions: conditionsOutSchema,
  /** Shoppers matching now. */
  count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentSavedResponseSchema = z.object({ message: z.string(), segment: segmentSchema });
export const segmentListResponseSchema = z.object({ segments: z.array(segmentSchema) });
export const segmentDeletedResponseSchema = z.object({ message: z.string() });
export const segmentPreviewResponseSchema = z.object({ count: z.number().int() });

export const segmentBuyerSchema = z.object({
  tg_id: z.string(),
  name: z.string().nullable(),
  points: z.number().int(),
  /** The level the shopper holds by their purchases; null when the action has no levels. */
  level: z.string().nullable(),
  receipts: z.number().int(),
  /** Successful receipts' counted sum, rubles. */
  total: z.number(),
  last_purchase_at: z.string().nullable(),
});
export type SegmentBuyer = z.infer<typeof segmentBuyerSchema>;

export const segmentBuyersResponseSchema = z.object({
  segment: segmentSchema,
  buyers: z.array(segmentBuyerSchema),
  pagination: z.object({ current_page: z.number().int(), total_pages: z.number().int(), per_page: z.number().int() }),
});
export type SegmentBuyersPage = z.infer<typeof segmentBuyersResponseSchema>;
