import { userIdSchema } from './auth.js';
import { fillMessage, messages } from './messages.js';
import { z } from './zod-setup.js';

// Product guides and electronic warranty of an action's bot: `GET`/`PUT
// /projects/{id}/product-rules` (the whole ordered list, replaced at once or not at all) and
// `GET /warranties?project_id=&buyer=|receipt=` (the cabinet's search).

const m = messages.serviceDesk;

export const RULE_MATCH_MIN = 2;
export const RULE_MATCH_MAX = 100;
/** Telegram's limit of one message's text. */
export const RULE_GUIDE_MAX = 4096;
export const WARRANTY_MONTHS_MAX = 120;
export const PRODUCT_RULES_MAX = 50;

export interface ProductRuleDraft {
  match: string;
  guide: string | null;
  warranty_months: number | null;
}

const ruleFields = z.object({
  match: z.string().trim(),
  guide: z.string().trim().nullish(),
  warranty_months: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d*$/)
        .transform((text) => (text ? Number(text) : null)),
    ])
    .nullish(),
});

function readRule(raw: unknown, seen: Set<string>): ProductRuleDraft | string {
  const parsed = ruleFields.safeParse(raw);
  if (!parsed.success) return m.ruleItemInvalid;
  const { match } = parsed.data;
  const guide = parsed.data.guide || null;
  const months = parsed.data.warranty_months ?? null;
  if (match.length < RULE_MATCH_MIN || match.length > RULE_MATCH_MAX) return m.ruleMatchInvalid;
  if (guide !== null && guide.length > RULE_GUIDE_MAX) return m.ruleGuideInvalid;
  if (months !== null && (!Number.isInteger(months) || months < 1 || months > WARRANTY_MONTHS_MAX)) return m.ruleWarrantyInvalid;
  if (guide === null && months === null) return m.ruleEmpty;
  const key = match.toLowerCase();
  if (seen.has(key)) return m.ruleRepeat;
  seen.add(key);
  return { match, guide, warranty_months: months };
}

/** `PUT /projects/{id}/product-rules`: `[{ match, guide?, warranty_months? }]`; each bad rule is named by its number. */
export const productRulesSchema = z
  .array(z.unknown(), { error: m.rulesInvalid })
  .max(PRODUCT_RULES_MAX, m.rulesTooMany)
  .transform((rules, ctx) => {
    const seen = new Set<string>();
    const read = rules.map((raw) => readRule(raw, seen));
    read.forEach((rule, index) => {
      if (typeof rule === 'string') ctx.addIssue({ code: 'custom', path: [index], message: fillMessage(rule, { n: index + 1 }) });
    });
    return read.filter((rule): rule is ProductRuleDraft => typeof rule !== 'string');
  });

export const productRuleSchema = z.object({
  match: z.string(),
  guide: z.string().nullable(),
  warranty_months: z.number().int().nullable(),
});
export type ProductRule = z.infer<typeof productRuleSchema>;

export const productRulesResponseSchema = z.object({ rules: z.array(productRuleSchema) });
export const productRulesSavedSchema = z.object({ message: z.string(), rules: z.array(productRuleSchema) });

export const warrantySchema = z.object({
  id: z.number().int(),
  buyer_tg_id: z.string(),
  buyer_name: z.string().nullable(),
  receipt_id: z.number().int(),
  item_name: z.string(),
  months: z.number().int(),
  /** Moscow calendar days, 'YYYY-MM-DD': the purchase and the last day covered. */
  purchased_on: z.string(),
  valid_until: z.string(),
  /** The warranty still covers today (Moscow). */
  active: z.boolean(),
});
export type Warranty = z.infer<typeof warrantySchema>;

/** `GET /warranties`: one action's warranties of a shopper (`buyer`, a Telegram id) or of a receipt (`receipt`, its number). */
export const warrantySearchQuerySchema = z
  .object({
    user_id: userIdSchema.optional(),
    project_id: z.coerce.number({ error: m.warrantySearchInvalid }).int(m.warrantySearchInvalid).positive(m.warrantySearchInvalid),
    buyer: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, m.warrantySearchInvalid)
      .optional(),
    receipt: z.coerce.number({ error: m.warrantySearchInvalid }).int(m.warrantySearchInvalid).positive(m.warrantySearchInvalid).optional(),
  })
  .refine((query) => (query.buyer === undefined) !== (query.receipt === undefined), { message: m.warrantySearchInvalid });

export const warrantyListSchema = z.object({ warranties: z.array(warrantySchema) });
