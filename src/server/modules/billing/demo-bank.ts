import { parseBankInvoiceNumber } from '../../../contract/bank-invoices.js';
import { kopecksToRubles } from '../../../contract/format.js';
import { messages } from '../../../contract/messages.js';
import { AppError } from '../../errors.js';
import { findInvoiceByNumber } from './invoice-repository.js';
import { creditSellerByBankTransfer, type BankTransferCredit, type BillingDeps } from './service.js';

/**
 * Demo mode's bank: the seller "pays" an invoice by its number, for its exact amount, and the
 * money arrives through the operator's own path (`user:credit … --reference СЧ-…`), so the
 * invoice is marked paid and a second payment of it is answered as already credited.
 */
export async function payInvoiceAtDemoBank(deps: BillingDeps, typedNumber: string): Promise<BankTransferCredit> {
  const number = parseBankInvoiceNumber(typedNumber);
  const invoice = number ? await findInvoiceByNumber(deps.db, number) : undefined;
  if (!invoice) throw new AppError('not_found', messages.bankInvoices.notFound);
  return creditSellerByBankTransfer(deps, {
    userId: invoice.userId,
    rubles: kopecksToRubles(invoice.amountKopecks),
    reason: DEMO_BANK_REASON,
    reference: invoice.number,
  });
}

/** Beside the ledger row's «оплата счёта», so the statement shows the money was a demo's. */
const DEMO_BANK_REASON = 'демо-банк';
