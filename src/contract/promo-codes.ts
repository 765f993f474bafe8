import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';
import { fillMessage, messages } from './messages.js';

// Promo codes for the next purchase: an action's pool of codes, handed out one per
// successful receipt by the action's rule. Calls: /projects/{id}/promo-codes[/settings].

const m = messages.promoCodes;

/** When a shopper gets a code: never, after every successful receipt, after their first one only. */
export const PROMO_CODE_RULES = ['off', 'every', 'first'] as const;
export type PromoCodeRule = (typeof PROMO_CODE_RULES)[number];

export const PROMO_CODE_MAX_LENGTH = 64;
/** Codes one upload may add, and codes one action may hold (issued ones included). */
export const PROMO_CODES_PER_UPLOAD = 10_000;
export const PROMO_CODES_PER_ACTION = 100_000;
export const PROMO_PREFIX_MAX_LENGTH = 20;
export const PROMO_GENERATE_MAX = 10_000;
/** The newest issued codes the cabinet lists; the counts cover them all. */
export const PROMO_ISSUED_SHOWN = 100;
/** The action page warns below 10 % of the pool left, or below 10 codes, whichever is more. */
export const PROMO_LOW_SHARE = 0.1;
export const PROMO_LOW_COUNT = 10;

/** One code: 1–64 characters, none of them a space or a control character. */
const CODE_PATTERN = new RegExp(`^[^\\s\\p{C}]{1,${PROMO_CODE_MAX_LENGTH}}$`, 'u');
const PREFIX_PATTERN = new RegExp(`^[A-Z0-9_-]{0,${PROMO_PREFIX_MAX_LENGTH}}$`);

/** True when the pool should be refilled soon; an empty pool that never had codes is not "low", it is empty. */
export function isPoolLow(total: number, remaining: number): boolean {
  return total > 0 && remaining < lowPoolMark(total);
}

/** The fewest free codes a pool of `total` may hold without being low: low ⟺ fewer free than this. */
export function lowPoolMark(total: number): number {
  return Math.ceil(Math.max(total * PROMO_LOW_SHARE, PROMO_LOW_COUNT));
}

/** An upload's codes: trimmed, blanks dropped. Repeats stay, so the answer can count them as skipped. */
export function nonBlankCodes(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter(Boolean);
}

/**
 * The codes of a pasted text or a .txt/.csv file, one per line. A spreadsheet's CSV may add
 * separators or quotes around a one-column line (`"CODE";`): only its first cell counts.
 */
export function codesFromText(text: string, options: { csv?: boolean } = {}): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cells = options.csv
    ? lines.map((line) =>
        line
          .split(/[,;\t]/)[0]!
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      )
    : lines;
  return nonBlankCodes(cells);
}

const shown = (code: string) => (code.length > 30 ? `${code.slice(0, 30)}…` : code);

export const codesSchema = z
  .array(z.string({ error: m.noCodes }), { error: m.noCodes })
  .transform(nonBlankCodes)
  .superRefine((codes, ctx) => {
    if (codes.length === 0) ctx.addIssue({ code: 'custom', message: m.noCodes });
    if (codes.length > PROMO_CODES_PER_UPLOAD) ctx.addIssue({ code: 'custom', message: m.tooManyInUpload });
    const wrong = codes.find((code) => !CODE_PATTERN.test(code));
    if (wrong !== undefined) ctx.addIssue({ code: 'custom', message: fillMessage(m.codeInvalid, { code: shown(wrong) }) });
  });

export const generateSchema = z.object(
  {
    prefix: z
      .string({ error: m.prefixInvalid })
      .optional()
      .transform((prefix) => (prefix ?? '').trim().toUpperCase())
      .refine((prefix) => PREFIX_PATTERN.test(prefix), m.prefixInvalid),
    count: z.coerce.number({ error: m.countInvalid }).int(m.countInvalid).min(1, m.countInvalid).max(PROMO_GENERATE_MAX, m.countInvalid),
  },
  { error: m.codesOrGenerate },
);

/** `{ codes: [...] }` (pasted or from a file) or `{ generate: { prefix, count } }`, never both. */
export const addPromoCodesRequestSchema = z
  .object({ user_id: userIdSchema.optional(), codes: codesSchema.optional(), generate: generateSchema.optional() })
  .refine((body) => (body.codes === undefined) !== (body.generate === undefined), m.codesOrGenerate);

export const addPromoCodesResponseSchema = z.object({ message: z.string(), added: z.number().int(), skipped: z.number().int() });
export type AddPromoCodesResponse = z.infer<typeof addPromoCodesResponseSchema>;

export const promoCodeSettingsRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  rule: z.enum(PROMO_CODE_RULES, { error: m.ruleInvalid }),
});

export const promoCodeSettingsResponseSchema = z.object({ message: z.string(), rule: z.enum(PROMO_CODE_RULES) });

export const issuedPromoCodeSchema = z.object({
  code: z.string(),
  buyer_tg: z.string(),
  /** The shopper's Telegram name or @username, when the bot has seen them. */
  buyer_name: z.string().nullable(),
  receipt_id: z.number().int().nullable(),
  issued_at: z.string(),
});

export const promoCodesResponseSchema = z.object({
  rule: z.enum(PROMO_CODE_RULES),
  total: z.number().int(),
  remaining: z.number().int(),
  issued: z.number().int(),
  low: z.boolean(),
  /** The newest PROMO_ISSUED_SHOWN issued codes, newest first. */
  codes_issued: z.array(issuedPromoCodeSchema),
});
export type PromoCodes = z.infer<typeof promoCodesResponseSchema>;
