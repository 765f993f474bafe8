import { userIdSchema } from './auth.js';
import { isValidInn } from './inn.js';
import { messages } from './messages.js';
import { depositRequestSchema } from './payments.js';
import { z } from './zod-setup.js';

/**
 * Paying by invoice (счёт на оплату): a legal entity or an ИП pays by bank transfer. Named
 * "bank invoices" in code and tables: `invoices` are the card top-ups' Robokassa InvIds.
 */
const m = messages.bankInvoices;

/** `СЧ-000123`: one sequence for the whole service (the operator issues every invoice). */
export const BANK_INVOICE_PREFIX = 'СЧ-';
const NUMBER_DIGITS = 6;
const NUMBER_PATTERN = /^СЧ-(\d{6,})$/;

export function formatBankInvoiceNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`invoice sequence must be a positive integer: ${sequence}`);
  return `${BANK_INVOICE_PREFIX}${String(sequence).padStart(NUMBER_DIGITS, '0')}`;
}

/**
 * The invoice number an operator typed as a payment's `--reference`, normalised (a payer may
 * write it in lower case or around spaces), or null when the reference is not an invoice number.
 */
export function parseBankInvoiceNumber(reference: string): string | null {
  const match = NUMBER_PATTERN.exec(reference.trim().toUpperCase());
  return match ? `${BANK_INVOICE_PREFIX}${match[1]}` : null;
}

/** КПП: 4 digits (the tax office), 2 digits or capital Latin letters (the reason), 3 digits. */
const KPP_PATTERN = /^\d{4}[\dA-Z]{2}\d{3}$/;

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);

const requisitesFields = z.object({
  name: text(300, m.nameInvalid),
  inn: z.string({ error: m.innInvalid }).trim().refine(isValidInn, m.innInvalid),
  kpp: z
    .string({ error: m.kppInvalid })
    .trim()
    .toUpperCase()
    .refine((kpp) => kpp === '' || KPP_PATTERN.test(kpp), m.kppInvalid)
    .default(''),
  address: text(500, m.addressInvalid),
});

/** An ИП (12-digit INN) has no КПП; an organisation (10 digits) always has one. */
function withKppRule<T extends z.ZodType<{ inn: string; kpp: string }>>(schema: T) {
  return schema.superRefine((requisites, context) => {
    if (requisites.inn.length === 10 && requisites.kpp === '') context.addIssue({ code: 'custom', path: ['kpp'], message: m.kppRequired });
  });
}

/** The payer's details, entered once and printed in the buyer's block of every invoice. */
export const sellerRequisitesSchema = withKppRule(requisitesFields);
export type SellerRequisitesInput = z.input<typeof sellerRequisitesSchema>;

/** The requisites as stored and answered (`kpp` null for an ИП). */
export const storedRequisitesSchema = z.object({ name: z.string(), inn: z.string(), kpp: z.string().nullable(), address: z.string() });
export type SellerRequisites = z.infer<typeof storedRequisitesSchema>;

export const requisitesQuerySchema = z.object({ user_id: userIdSchema.optional() });
export const requisitesResponseSchema = z.object({ requisites: storedRequisitesSchema.nullable() });

export const saveRequisitesRequestSchema = withKppRule(requisitesFields.extend({ user_id: userIdSchema.optional() }));
export const saveRequisitesResponseSchema = z.object({ message: z.string(), requisites: storedRequisitesSchema });

/** Rubles, the card top-up's rules (from 1 to 1 000 000 ₽, to the kopeck). */
export const createBankInvoiceRequestSchema = z.object({ user_id: userIdSchema, amount: depositRequestSchema.shape.amount });

/** Where the invoice's PDF is served, to its seller's session only (Authorization header). */
export const bankInvoicePdfPath = (number: string) => `/balance/invoices/${encodeURIComponent(number)}/pdf`;

export const createBankInvoiceResponseSchema = z.object({ number: z.string(), pdf_url: z.string() });
export type CreateBankInvoiceResponse = z.infer<typeof createBankInvoiceResponseSchema>;

export const BANK_INVOICE_STATUSES = ['pending', 'paid'] as const;
export type BankInvoiceStatus = (typeof BANK_INVOICE_STATUSES)[number];
export const BANK_INVOICE_STATUS_LABELS: Record<BankInvoiceStatus, string> = { pending: m.statusPending, paid: m.statusPaid };

export const bankInvoiceSchema = z.object({
  number: z.string(),
  amount: z.number(),
  status: z.enum(BANK_INVOICE_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  pdf_url: z.string(),
});
export type BankInvoice = z.infer<typeof bankInvoiceSchema>;

export const bankInvoicesQuerySchema = z.object({ user_id: userIdSchema.optional() });
export const bankInvoicesResponseSchema = z.object({ invoices: z.array(bankInvoiceSchema) });

/** The newest invoices the balance screen lists; a seller issues a few a month. */
export const BANK_INVOICES_LIST_LIMIT = 100;

export const bankInvoicePdfParamsSchema = z.object({ number: z.string().max(40) });
export const bankInvoicePdfQuerySchema = z.object({ user_id: userIdSchema.optional() });
