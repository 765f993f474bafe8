import { createBankInvoiceRequestSchema } from '../../../../contract/bank-invoices.js';
import { parseCustomAmount } from '../top-up/amount.js';

/** The typed invoice amount in rubles, or the API's own Russian message for what is wrong with it. */
export function checkInvoiceAmount(text: string): { ok: true; amount: number } | { ok: false; message: string } {
  const parsed = createBankInvoiceRequestSchema.shape.amount.safeParse(parseCustomAmount(text));
  return parsed.success ? { ok: true, amount: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
}
