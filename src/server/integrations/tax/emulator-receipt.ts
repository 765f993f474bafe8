import { z } from 'zod';

/**
 * The tax service's own view of a receipt, for its emulator: the `data.json` form it stores and
 * the fiscal QR string it is asked with. Written apart from the receipts module's reading of the
 * same formats on purpose: a mistake there then shows up against the emulator instead of being
 * shared by both sides.
 */
export const dataJsonSchema = z.object({
  user: z.string().optional(),
  userInn: z.string().default(''),
  // Local ISO date-time as printed, or (the FNS app's older form) Unix seconds.
  dateTime: z.union([z.string(), z.number()]),
  totalSum: z.number(),
  operationType: z.number().default(1),
  fiscalDriveNumber: z.union([z.string(), z.number()]).transform(String),
  fiscalDocumentNumber: z.union([z.string(), z.number()]).transform(String),
  fiscalSign: z.union([z.string(), z.number()]).transform(String),
  retailPlace: z.string().optional(),
  items: z
    .array(
      z.object({
        name: z.string().default(''),
        price: z.number().default(0),
        quantity: z.number().default(1),
        sum: z.number().default(0),
        providerInn: z.string().optional(),
        paymentType: z.number().optional(),
      }),
    )
    .default([]),
});

/** What a fiscal QR names: local date-time ('YYYY-MM-DDTHH:MM:SS'), total, fn, i, fp, operation type. */
export interface ReceiptQr {
  localDateTime: string;
  totalKopecks: number;
  fn: string;
  i: string;
  fp: string;
  n: number;
}

/** Receipts print Moscow time (UTC+3) without a zone. */
const MOSCOW_OFFSET = '+03:00';
const MOSCOW_OFFSET_MS = 3 * 3_600_000;
const withoutLeadingZeros = (digits: string) => digits.trim().replace(/^0+(?=\d)/, '');

/** Local date-time to the minute of a receipt's `dateTime`; Unix seconds are shown in Moscow time, as the FNS app prints them. */
function localMinute(dateTime: string | number): string | undefined {
  if (typeof dateTime === 'number') {
    return Number.isFinite(dateTime) ? new Date(dateTime * 1000 + MOSCOW_OFFSET_MS).toISOString().slice(0, 16) : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(dateTime)) return undefined;
  const instant = new Date(`${dateTime.length === 16 ? `${dateTime}:00` : dateTime}${MOSCOW_OFFSET}`);
  return Number.isNaN(instant.getTime()) ? undefined : dateTime.slice(0, 16);
}

/** The QR printed on a receipt in `data.json` form, or undefined when it is not one. */
export function qrOfReceipt(json: unknown): ReceiptQr | undefined {
  const parsed = dataJsonSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const receipt = parsed.data;
  const local = localMinute(receipt.dateTime);
  if (!local) return undefined;
  return {
    localDateTime: `${local}:00`,
    totalKopecks: Math.round(receipt.totalSum),
    fn: withoutLeadingZeros(receipt.fiscalDriveNumber),
    i: withoutLeadingZeros(receipt.fiscalDocumentNumber),
    fp: withoutLeadingZeros(receipt.fiscalSign),
    n: receipt.operationType,
  };
}

/** Reads `qrraw` (`t=20240917T1801&s=1285.21&fn=…&i=…&fp=…&n=1`, bare or in a URL); undefined for anything else. */
export function readQrraw(input: string): ReceiptQr | undefined {
  if (input.length > 2000) return undefined;
  const text = input.trim();
  let params: URLSearchParams;
  try {
    params = new URLSearchParams((text.includes('?') ? text.slice(text.indexOf('?') + 1) : text).split('#')[0]);
  } catch {
    return undefined;
  }
  const value = (key: string) => params.get(key)?.trim() ?? '';
  const t = /^(\d{4})(\d{2})(\d{2})[Tt](\d{2})(\d{2})(\d{2})?$/.exec(value('t'));
  const s = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(value('s'));
  const [fn, i, fp, n] = [value('fn'), value('i'), value('fp'), value('n')];
  if (!t || !s || !/^\d{1,20}$/.test(fn) || !/^\d{1,10}$/.test(i) || !/^\d{1,10}$/.test(fp) || !/^[1-4]$/.test(n)) return undefined;
  const [, year, month, day, hour, minute, second = '00'] = t;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const realDateTime =
    Number(year) >= 2000 &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    date.getUTCDate() === Number(day);
  if (!realDateTime) return undefined;
  return {
    localDateTime: `${year}-${month}-${day}T${hour}:${minute}:${second}`,
    totalKopecks: Number(s[1]) * 100 + Number((s[2] ?? '0').padEnd(2, '0')),
    fn: withoutLeadingZeros(fn),
    i: withoutLeadingZeros(i),
    fp: withoutLeadingZeros(fp),
    n: Number(n),
  };
}

/** The QR string printed on the receipt. */
export function formatQrraw(qr: ReceiptQr): string {
  const [date, time] = qr.localDateTime.split('T') as [string, string];
  const [hh, mm, ss] = time.split(':');
  const t = `${date.replaceAll('-', '')}T${hh}${mm}${ss && ss !== '00' ? ss : ''}`;
  const s = `${Math.floor(qr.totalKopecks / 100)}.${String(qr.totalKopecks % 100).padStart(2, '0')}`;
  return `t=${t}&s=${s}&fn=${qr.fn}&i=${qr.i}&fp=${qr.fp}&n=${qr.n}`;
}

/** `fn`+`i`+`fp` identify a receipt. */
export const receiptKey = (qr: Pick<ReceiptQr, 'fn' | 'i' | 'fp'>) => `${qr.fn}:${qr.i}:${qr.fp}`;
