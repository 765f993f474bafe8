import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { bankInvoices, sellerRequisites, type BankInvoiceRow, type SellerRequisitesRow } from '../../db/schema.js';

export async function findRequisites(db: Executor, userId: number): Promise<SellerRequisitesRow | undefined> {
  const [row] = await db.select().from(sellerRequisites).where(eq(sellerRequisites.userId, userId));
  return row;
}

export async function writeRequisites(
  db: Executor,
  userId: number,
  requisites: { name: string; inn: string; kpp: string | null; address: string },
  now: Date,
): Promise<SellerRequisitesRow> {
  const values = { ...requisites, updatedAt: now };
  const [row] = await db
    .insert(sellerRequisites)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: sellerRequisites.userId, set: values })
    .returning();
  return row!;
}

/** The next number of the service-wide sequence (a rolled-back issue leaves a gap). */
export async function nextInvoiceSequence(db: Executor): Promise<number> {
  const [row] = rowsOf<{ value: string | number }>(await db.execute(sql`SELECT nextval('bank_invoice_numbers') AS value`));
  return Number(row!.value);
}

export async function insertInvoice(
  db: Executor,
  invoice: {
    number: string;
    userId: number;
    amountKopecks: number;
    buyer: unknown;
    supplier: unknown;
    vatRate: number | null;
    createdAt: Date;
  },
): Promise<BankInvoiceRow> {
  const [row] = await db.insert(bankInvoices).values(invoice).returning();
  return row!;
}

export async function listInvoices(db: Executor, userId: number, limit: number): Promise<BankInvoiceRow[]> {
  return db.select().from(bankInvoices).where(eq(bankInvoices.userId, userId)).orderBy(desc(bankInvoices.id)).limit(limit);
}

/** A seller's own invoice by number: another seller's is not found. */
export async function findOwnInvoice(db: Executor, userId: number, number: string): Promise<BankInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(bankInvoices)
    .where(and(eq(bankInvoices.userId, userId), eq(bankInvoices.number, number)));
  return row;
}

/** Any seller's invoice by number (the demo bank pays whichever invoice it is given). */
export async function findInvoiceByNumber(db: Executor, number: string): Promise<BankInvoiceRow | undefined> {
  const [row] = await db.select().from(bankInvoices).where(eq(bankInvoices.number, number));
  return row;
}

/** Any seller's invoice, locked until the payment's transaction ends (two credits of one invoice queue up). */
export async function lockInvoiceByNumber(db: Executor, number: string): Promise<BankInvoiceRow | undefined> {
  const [row] = await db.select().from(bankInvoices).where(eq(bankInvoices.number, number)).for('update');
  return row;
}

export async function markInvoicePaid(db: Executor, id: number, paidAt: Date): Promise<void> {
  await db.update(bankInvoices).set({ status: 'paid', paidAt }).where(eq(bankInvoices.id, id));
}
