import { kopecksToRubles, rublesToKopecks } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { PaymentResultStatus } from '../../../contract/payments.js';
import type { Db } from '../../db/connection.js';
import { buildPaymentLink, verifyResultNotice, verifySuccessReturn, type RobokassaSettings } from '../../integrations/robokassa/client.js';
import { applyBalanceChange } from '../billing/ledger.js';
import { runIdempotent } from '../billing/service.js';
import * as repo from './repository.js';

export interface PaymentDeps {
  db: Db;
  now: () => Date;
  robokassa: RobokassaSettings;
  /** Test payments may be asked for by the caller only where no real money could be involved. */
  allowClientTestMode: boolean;
  publicUrl: string;
  log: { warn(data: object, message: string): void; info(data: object, message: string): void };
}

export async function createDeposit(
  deps: PaymentDeps,
  sellerId: number,
  input: { amount: number; enable_recurring: boolean; is_test?: boolean },
): Promise<{ payment_url: string; invoice_id: number }> {
  const isTest = deps.robokassa.isTest || (deps.allowClientTestMode && input.is_test === true);
  const invoice = await repo.insertInvoice(deps.db, {
    userId: sellerId,
    amountKopecks: rublesToKopecks(input.amount),
    recurring: input.enable_recurring,
    isTest,
    now: deps.now(),
  });
  const paymentUrl = buildPaymentLink(deps.robokassa, {
    invoiceId: invoice.id,
    amountKopecks: invoice.amountKopecks,
    description: fillMessage(messages.payments.invoiceDescription, { invoice: invoice.id }),
    receiptItemName: messages.payments.receiptItem,
    recurring: input.enable_recurring,
    isTest,
    userId: sellerId,
  });
  return { payment_url: paymentUrl, invoice_id: invoice.id };
}

export type NoticeOutcome = { accepted: true; invoiceId: number } | { accepted: false; reason: string };

/**
 * ResultURL: credits the invoice exactly once, however many times (and however
 * concurrently) the provider repeats the notice. Only a correctly signed notice for a
 * known invoice with the invoice's exact amount moves money.
 */
export async function handleResultNotice(deps: PaymentDeps, params: Record<string, unknown>): Promise<NoticeOutcome> {
  const notice = verifyResultNotice(deps.robokassa, params);
  if (!notice.ok) {
    deps.log.warn({ reason: notice.reason, invId: params.InvId }, 'payment notice refused');
    return { accepted: false, reason: notice.reason };
  }
  const alreadyPaid = async (): Promise<NoticeOutcome> => ({ accepted: true, invoiceId: notice.invoiceId });
  return runIdempotent(
    deps.db,
    async (tx) => {
      const now = deps.now();
      const invoice = await repo.findInvoice(tx, notice.invoiceId, { lock: true });
      if (!invoice) {
        deps.log.warn({ invoiceId: notice.invoiceId }, 'payment notice for an unknown invoice');
        return { accepted: false, reason: 'unknown invoice' };
      }
      if (invoice.status === 'paid') return alreadyPaid();
      if (invoice.amountKopecks !== notice.amountKopecks) {
        deps.log.warn(
          { invoiceId: invoice.id, expected: invoice.amountKopecks, got: notice.amountKopecks },
          'payment notice amount differs from the invoice',
        );
        await repo.markInvoice(tx, invoice.id, 'error', now, ['pending', 'cancelled']);
        return { accepted: false, reason: 'amount mismatch' };
      }
      await applyBalanceChange(tx, {
        userId: invoice.userId,
        kind: 'card_deposit',
        amountKopecks: invoice.amountKopecks,
        reference: `invoice:${invoice.id}`,
        description: fillMessage(messages.billing.ledgerCardDeposit, { invoice: invoice.id }),
        now,
      });
      await repo.markInvoicePaid(tx, invoice.id, now);
      deps.log.info({ invoiceId: invoice.id, kopecks: invoice.amountKopecks }, 'card payment credited');
      return { accepted: true, invoiceId: invoice.id };
    },
    alreadyPaid,
  );
}

/**
 * Where the browser goes back to after the provider's page. Always this product's own
 * dashboard: nothing from the request chooses the address, so it cannot redirect elsewhere.
 */
function dashboardUrl(publicUrl: string, status: PaymentResultStatus, invoice?: { id: number; amountKopecks: number }): string {
  const query = new URLSearchParams({ payment: status });
  if (invoice) {
    query.set('amount', kopecksToRubles(invoice.amountKopecks).toFixed(2));
    query.set('invoice', String(invoice.id));
  }
  return `${publicUrl}/dashboard?${query.toString()}`;
}

const STATUS_BY_INVOICE: Record<'pending' | 'paid' | 'cancelled' | 'error', PaymentResultStatus> = {
  paid: 'success',
  pending: 'pending',
  cancelled: 'pending',
  error: 'error',
};

/** SuccessURL: success only when the notice was processed; pending while it has not arrived. */
export async function successReturnUrl(deps: PaymentDeps, params: Record<string, unknown>): Promise<string> {
  const verified = verifySuccessReturn(deps.robokassa, params);
  if (!verified.ok) {
    deps.log.warn({ reason: verified.reason, invId: params.InvId }, 'payment return refused');
    return dashboardUrl(deps.publicUrl, 'error');
  }
  const invoice = await repo.findInvoice(deps.db, verified.invoiceId);
  if (!invoice) return dashboardUrl(deps.publicUrl, 'error');
  if (invoice.amountKopecks !== verified.amountKopecks) return dashboardUrl(deps.publicUrl, 'error', invoice);
  return dashboardUrl(deps.publicUrl, STATUS_BY_INVOICE[invoice.status], invoice);
}

/** FailURL (unsigned by the provider): marks a pending invoice cancelled; a late notice still credits it. */
export async function failReturnUrl(deps: PaymentDeps, params: Record<string, unknown>): Promise<string> {
  const invId = typeof params.InvId === 'string' && /^\d{1,9}$/.test(params.InvId) ? Number(params.InvId) : undefined;
  const invoice = invId === undefined ? undefined : await repo.findInvoice(deps.db, invId);
  if (!invoice) return dashboardUrl(deps.publicUrl, 'failed');
  if (invoice.status === 'paid') return dashboardUrl(deps.publicUrl, 'success', invoice);
  await repo.markInvoice(deps.db, invoice.id, 'cancelled', deps.now(), ['pending']);
  return dashboardUrl(deps.publicUrl, 'failed', invoice);
}
