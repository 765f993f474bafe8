import {
  BANK_INVOICES_LIST_LIMIT,
  bankInvoicePdfPath,
  formatBankInvoiceNumber,
  type BankInvoice,
  type CreateBankInvoiceResponse,
  type SellerRequisites,
} from '../../../contract/bank-invoices.js';
import { API_BASE } from '../../../contract/constants.js';
import { formatRubles, kopecksToRubles, rublesToKopecks } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Db, Executor } from '../../db/connection.js';
import type { BankInvoiceRow, SellerRequisitesRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { changedValues } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { readPublicOperatorDetails, type Mode } from '../operator/service.js';
import { renderInvoicePdf, type InvoiceBuyer, type InvoiceSupplier } from './invoice-pdf.js';
import * as repo from './invoice-repository.js';
import { invoiceVat, vatAtRate } from './invoice-vat.js';

const m = messages.bankInvoices;

export interface BankInvoiceDeps {
  db: Db;
  now: () => Date;
  mode: Mode;
  /** ROBOKASSA_RECEIPT_TAX: the VAT the invoice states (./invoice-vat.ts). */
  receiptTax: string;
}

function presentRequisites(row: SellerRequisitesRow): SellerRequisites {
  return { name: row.name, inn: row.inn, kpp: row.kpp, address: row.address };
}

export async function readRequisites(db: Executor, sellerId: number): Promise<SellerRequisites | null> {
  const row = await repo.findRequisites(db, sellerId);
  return row ? presentRequisites(row) : null;
}

/** Stores the checked requisites whole (one upsert): a bad field was refused before anything was written. */
export async function saveRequisites(
  deps: { db: Db; now: () => Date },
  sellerId: number,
  input: { name: string; inn: string; kpp: string; address: string },
  actor: AuditActor,
): Promise<{ message: string; requisites: SellerRequisites }> {
  const row = await deps.db.transaction(async (tx: Executor) => {
    const before = await repo.findRequisites(tx, sellerId);
    const written = await repo.writeRequisites(
      tx,
      sellerId,
      { name: input.name, inn: input.inn, kpp: input.kpp || null, address: input.address },
      deps.now(),
    );
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'billing.requisites',
      subject: messages.audit.subjectRequisites,
      ...changedValues(before ? presentRequisites(before) : null, presentRequisites(written)),
    });
    return written;
  });
  return { message: m.requisitesSaved, requisites: presentRequisites(row) };
}

/** Operator details an invoice cannot go without (the supplier's block and where to pay), as a seller is told of them. */
const REQUIRED_OPERATOR_DETAILS = {
  company_name: m.operatorFieldName,
  company_inn: m.operatorFieldInn,
  company_address: m.operatorFieldAddress,
  company_bank: m.operatorFieldBank,
} as const;

/**
 * The supplier as the public pages show it: in production only what the operator set (a gap
 * refuses the invoice, naming it); in demo mode the gaps are labelled samples, as on /oferta.
 */
async function readSupplier(deps: BankInvoiceDeps): Promise<InvoiceSupplier> {
  const details = await readPublicOperatorDetails(deps.db, deps.mode);
  const missing = Object.entries(REQUIRED_OPERATOR_DETAILS).filter(
    ([key]) => details[key as keyof typeof REQUIRED_OPERATOR_DETAILS] === null,
  );
  if (missing.length > 0)
    throw new AppError('conflict', fillMessage(m.operatorDetailsMissing, { fields: missing.map(([, name]) => name).join(', ') }));
  return {
    name: details.company_name!,
    inn: details.company_inn!,
    ogrn: details.company_ogrn,
    address: details.company_address!,
    bank: details.company_bank!,
    samples: details.samples.filter((key) =>
      ['company_name', 'company_inn', 'company_ogrn', 'company_address', 'company_bank'].includes(key),
    ),
  };
}

function pdfUrl(number: string): string {
  return `${API_BASE}${bankInvoicePdfPath(number)}`;
}

/** Issues a numbered invoice with the seller's requisites and the operator's details as they are now. */
export async function issueBankInvoice(deps: BankInvoiceDeps, sellerId: number, amountRubles: number): Promise<CreateBankInvoiceResponse> {
  const requisites = await readRequisites(deps.db, sellerId);
  if (!requisites) throw new AppError('conflict', m.requisitesMissing);
  const supplier = await readSupplier(deps);
  const amountKopecks = rublesToKopecks(amountRubles);
  const vat = invoiceVat(deps.receiptTax, amountKopecks);
  const invoice = await deps.db.transaction(async (tx) => {
    const number = formatBankInvoiceNumber(await repo.nextInvoiceSequence(tx));
    return repo.insertInvoice(tx, {
      number,
      userId: sellerId,
      amountKopecks,
      buyer: requisites satisfies InvoiceBuyer,
      supplier,
      vatRate: vat.rate,
      createdAt: deps.now(),
    });
  });
  return { number: invoice.number, pdf_url: pdfUrl(invoice.number) };
}

function presentInvoice(row: BankInvoiceRow): BankInvoice {
  return {
    number: row.number,
    amount: kopecksToRubles(row.amountKopecks),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    pdf_url: pdfUrl(row.number),
  };
}

export async function listBankInvoices(db: Executor, sellerId: number): Promise<{ invoices: BankInvoice[] }> {
  return { invoices: (await repo.listInvoices(db, sellerId, BANK_INVOICES_LIST_LIMIT)).map(presentInvoice) };
}

/** The seller's own invoice as a PDF, from what was stored when it was issued; another seller's is not found. */
export async function bankInvoicePdf(db: Executor, sellerId: number, number: string): Promise<Buffer> {
  const invoice = await repo.findOwnInvoice(db, sellerId, number);
  if (!invoice) throw new AppError('not_found', m.notFound);
  return renderInvoicePdf({
    number: invoice.number,
    createdAt: invoice.createdAt,
    amountKopecks: invoice.amountKopecks,
    supplier: invoice.supplier as InvoiceSupplier,
    buyer: invoice.buyer as InvoiceBuyer,
    vat: vatAtRate(invoice.vatRate, invoice.amountKopecks),
  });
}

/**
 * The invoice a bank payment names (`user:credit … --reference СЧ-000123`), checked and marked
 * paid inside the credit's transaction. 'already-paid' lets the credit answer as a replay.
 * Another seller's invoice or a different amount is refused before anything is written.
 */
export async function settleBankInvoice(
  tx: Executor,
  payment: { userId: number; number: string; amountKopecks: number; now: Date },
): Promise<'paid' | 'already-paid'> {
  const invoice = await repo.lockInvoiceByNumber(tx, payment.number);
  if (!invoice) throw new AppError('not_found', m.notFound);
  if (invoice.userId !== payment.userId) throw new AppError('conflict', fillMessage(m.otherSeller, { number: invoice.number }));
  if (invoice.status === 'paid') return 'already-paid';
  if (invoice.amountKopecks !== payment.amountKopecks) {
    throw new AppError(
      'bad_request',
      fillMessage(m.amountMismatch, {
        paid: formatRubles(kopecksToRubles(payment.amountKopecks)),
        number: invoice.number,
        amount: formatRubles(kopecksToRubles(invoice.amountKopecks)),
      }),
    );
  }
  await repo.markInvoicePaid(tx, invoice.id, payment.now);
  return 'paid';
}
