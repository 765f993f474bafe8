import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { invoices, type InvoiceRow } from '../../db/schema.js';

export async function insertInvoice(
  db: Executor,
  values: { userId: number; amountKopecks: number; recurring: boolean; isTest: boolean; now: Date },
): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({
      userId: values.userId,
      amountKopecks: values.amountKopecks,
      recurring: values.recurring,
      isTest: values.isTest,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

export async function findInvoice(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<InvoiceRow | undefined> {
  const query = db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markInvoicePaid(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(invoices).set({ status: 'paid', paidAt: now, updatedAt: now }).where(eq(invoices.id, id));
}

export async function markInvoice(
  db: Executor,
  id: number,
  status: 'cancelled' | 'error',
  now: Date,
  onlyFrom: InvoiceRow['status'][],
): Promise<void> {
  for (const from of onlyFrom) {
    await db
      .update(invoices)
      .set({ status, updatedAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.status, from), ne(invoices.status, 'paid')));
  }
}
