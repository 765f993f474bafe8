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

/** What the bot sends after a guide's text: telegram's limits (sendDocument/sendVideo by upload). */
export const GUIDE_FILE_KINDS = ['pdf', 'video'] as const;
export type GuideFileKind = (typeof GUIDE_FILE_KINDS)[number];
export const GUIDE_FILE_MAX_BYTES: Record<GuideFileKind, number> = { pdf: 20 * 1024 * 1024, video: 50 * 1024 * 1024 };

export interface GuideAttachmentDraft {
  kind: GuideFileKind;
  upload_id?: number;
  url?: string;
}

export interface ProductRuleDraft {
  match: string;
  guide: string | null;
  warranty_months: number | null;
  attachment: GuideAttachmentDraft | null;
}

const attachmentFields = z.strictObject({
  kind: z.enum(GUIDE_FILE_KINDS),
  upload_id: z.number().int().positive().optional(),
  url: z
    .url({ protocol: /^https$/ })
    .max(2048)
    .optional(),
});

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
  attachment: z.unknown().optional(),
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
  const attachment = parsed.data.attachment == null ? null : attachmentFields.safeParse(parsed.data.attachment);
  if (attachment && (!attachment.success || (attachment.data.upload_id === undefined) === (attachment.data.url === undefined)))
    return m.ruleAttachmentInvalid;
  const key = match.toLowerCase();
  if (seen.has(key)) return m.ruleRepeat;
  seen.add(key);
  return { match, guide, warranty_months: months, attachment: attachment?.data ?? null };
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
  attachment: z.object({ kind: z.enum(GUIDE_FILE_KINDS), upload_id: z.number().int().optional(), url: z.string().optional() }).nullable(),
});

export const guideFileQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  kind: z.enum(GUIDE_FILE_KINDS, { error: m.fileKindInvalid }),
});
export const guideFileUploadedSchema = z.object({ message: z.string(), upload_id: z.number().int() });
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
