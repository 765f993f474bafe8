import { z } from 'zod';

/**
 * A receipt as the tax service returns it (`data.json` of proverkacheka.com, or the FNS
 * app's `ticket.document.receipt`). Only what verification needs is read; money in kopecks.
 */
const itemSchema = z.object({
  name: z.string().default(''),
  price: z.number().default(0),
  quantity: z.number().default(1),
  sum: z.number().default(0),
  providerInn: z.string().optional(),
  // FNS tag 1214 «признак способа расчёта»; absent in older formats.
  paymentType: z.number().optional(),
});

export const taxReceiptJsonSchema = z.object({
  user: z.string().optional(),
  userInn: z.string().default(''),
  // proverkacheka: local ISO date-time; the FNS app's older form: Unix seconds.
  dateTime: z.union([z.string(), z.number()]),
  totalSum: z.number(),
  operationType: z.number().default(1),
  fiscalDriveNumber: z.union([z.string(), z.number()]).transform(String),
  fiscalDocumentNumber: z.union([z.string(), z.number()]).transform(String),
  fiscalSign: z.union([z.string(), z.number()]).transform(String),
  retailPlace: z.string().optional(),
  items: z.array(itemSchema).default([]),
});

export interface TaxReceiptItem {
  name: string;
  priceKopecks: number;
  quantity: number;
  sumKopecks: number;
  /** FNS tag 1226: the real seller of an item sold by an agent (a marketplace). */
  providerInn: string | null;
  /** FNS tag 1214: 1–3 prepayment/advance, 4 full settlement, 5–6 credit sale, 7 credit repayment; null when absent. */
  paymentMethod: number | null;
}

export interface TaxReceipt {
  seller: string | null;
  sellerInn: string;
  issuedAt: Date;
  totalKopecks: number;
  operationType: number;
  fn: string;
  i: string;
  fp: string;
  retailPlace: string | null;
  items: TaxReceiptItem[];
}

/** Receipts print local time without a zone; we read it as Moscow time (UTC+3), where most sellers are. */
const MOSCOW_OFFSET = '+03:00';

export function receiptInstant(dateTime: string | number): Date | undefined {
  if (typeof dateTime === 'number') return Number.isFinite(dateTime) ? new Date(dateTime * 1000) : undefined;
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(dateTime) ? dateTime : undefined;
  if (!local) return undefined;
  const date = new Date(`${local.length === 16 ? `${local}:00` : local}${MOSCOW_OFFSET}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const trimInn = (inn: string | undefined) => (inn ?? '').trim();

/** Parses the service's JSON; undefined when it is not a receipt we can read. */
export function readTaxReceipt(json: unknown): TaxReceipt | undefined {
  const parsed = taxReceiptJsonSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const r = parsed.data;
  const issuedAt = receiptInstant(r.dateTime);
  if (!issuedAt) return undefined;
  return {
    seller: r.user?.trim() || null,
    sellerInn: trimInn(r.userInn),
    issuedAt,
    totalKopecks: Math.round(r.totalSum),
    operationType: r.operationType,
    fn: r.fiscalDriveNumber.trim().replace(/^0+(?=\d)/, ''),
    i: r.fiscalDocumentNumber.trim().replace(/^0+(?=\d)/, ''),
    fp: r.fiscalSign.trim().replace(/^0+(?=\d)/, ''),
    retailPlace: r.retailPlace?.trim() || null,
    items: r.items.map((item) => ({
      name: item.name.trim(),
      priceKopecks: Math.round(item.price),
      quantity: item.quantity,
      sumKopecks: Math.round(item.sum),
      providerInn: trimInn(item.providerInn) || null,
      paymentMethod: item.paymentType ?? null,
    })),
  };
}
