import { fillMessage, messages } from '../../../../contract/messages.js';
import { PAYMENT_RESULT_STATUSES, type PaymentResultStatus } from '../../../../contract/payments.js';
import { formatRublesWithKopecks } from '../../../lib/format.js';

/** SPEC §9: the payment banner hides itself after 8 seconds. */
export const PAYMENT_NOTICE_HIDE_MS = 8_000;

/** The query parameters the provider's return leaves on /dashboard (SPEC §2). */
export const PAYMENT_NOTICE_PARAMS = ['payment', 'amount', 'invoice'] as const;

export interface PaymentNotice {
  status: PaymentResultStatus;
  title: string;
  /** Each entry is one sentence under the title. */
  details: string[];
}

const p = messages.payments;
const t = messages.topUpDialog;

const TEXTS: Record<PaymentResultStatus, { title: string; detail: string | null }> = {
  success: { title: p.successTitle, detail: null },
  failed: { title: p.failedTitle, detail: p.failedDetail },
  error: { title: p.errorTitle, detail: p.errorDetail },
  pending: { title: p.pendingTitle, detail: p.pendingDetail },
};

const isStatus = (value: string | null): value is PaymentResultStatus =>
  (PAYMENT_RESULT_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The banner for `?payment=…&amount=…&invoice=…` (SPEC §2, §8), or null when there is no
 * known `payment` value (unknown values are ignored). A success names the amount with
 * kopecks and the invoice; the other outcomes give their SPEC detail, plus the invoice
 * number when there is one, so the seller can quote it to support.
 */
export function paymentNoticeOf(params: URLSearchParams): PaymentNotice | null {
  const status = params.get('payment');
  if (!isStatus(status)) return null;
  const amount = amountOf(params.get('amount'));
  const invoice = invoiceOf(params.get('invoice'));
  const texts = TEXTS[status];
  const details: string[] = [];
  if (status === 'success') {
    if (amount && invoice) details.push(fillMessage(p.successDetail, { amount, invoice }));
    else if (amount) details.push(fillMessage(t.creditedAmount, { amount }));
    else if (invoice) details.push(fillMessage(t.invoiceNumber, { invoice }));
  } else {
    if (texts.detail) details.push(texts.detail);
    if (invoice) details.push(fillMessage(t.invoiceNumber, { invoice }));
  }
  return { status, title: texts.title, details };
}

/** The address's query without the payment notice's parameters, others kept ('' when none are left). */
export function withoutPaymentParams(params: URLSearchParams): string {
  const rest = new URLSearchParams(params);
  for (const name of PAYMENT_NOTICE_PARAMS) rest.delete(name);
  const search = rest.toString();
  return search ? `?${search}` : '';
}

function amountOf(raw: string | null): string | null {
  if (raw === null || !/^\d{1,9}(\.\d{1,2})?$/.test(raw.trim())) return null;
  return formatRublesWithKopecks(Number(raw));
}

function invoiceOf(raw: string | null): string | null {
  return raw !== null && /^\d{1,18}$/.test(raw.trim()) ? raw.trim() : null;
}
