import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import { marketplaceConnections, marketplaceOrders, marketplaceSales, type MarketplaceConnectionRow } from '../../db/schema.js';
import type { OrderRow, SaleRow } from './sale-rows.js';

// Every read and write a seller asks for goes through their own id, so another seller's
// connection is not found; the import's own steps take the connection's id from its job.

export type ConnectionWithCount = MarketplaceConnectionRow & { rowsStored: number };

const rowsStored = sql<number>`(SELECT count(*) FROM marketplace_sales s WHERE s.connection_id = ${marketplaceConnections.id})::int`;

export async function listConnections(db: Executor, sellerId: number): Promise<ConnectionWithCount[]> {
  const rows = await db
    .select({ connection: marketplaceConnections, rowsStored })
    .from(marketplaceConnections)
    .where(eq(marketplaceConnections.userId, sellerId))
    .orderBy(marketplaceConnections.id);
  return rows.map((row) => ({ ...row.connection, rowsStored: row.rowsStored }));
}

export async function findConnection(db: Executor, sellerId: number, id: number): Promise<ConnectionWithCount | undefined> {
  const [row] = await db
    .select({ connection: marketplaceConnections, rowsStored })
    .from(marketplaceConnections)
    .where(and(eq(marketplaceConnections.id, id), eq(marketplaceConnections.userId, sellerId)));
  return row && { ...row.connection, rowsStored: row.rowsStored };
}

export async function hasConnectionOfKind(db: Executor, sellerId: number, kind: MarketplaceConnectionRow['kind']): Promise<boolean> {
  const [row] = await db
    .select({ id: marketplaceConnections.id })
    .from(marketplaceConnections)
    .where(and(eq(marketplaceConnections.userId, sellerId), eq(marketplaceConnections.kind, kind)));
  return row !== undefined;
}

/** A new connection, queued for its first import. */
export async function insertConnection(
  db: Executor,
  fields: {
    userId: number;
    kind: MarketplaceConnectionRow['kind'];
    secret: string;
    clientId: string | null;
    secretHint: string;
    now: Date;
  },
): Promise<MarketplaceConnectionRow> {
  const { now, ...values } = fields;
  const [row] = await db
    .insert(marketplaceConnections)
    .values({ ...values, createdAt: now, importStatus: 'queued' })
    .returning();
  return row!;
}

/** Its sales go with it (ON DELETE CASCADE). */
export async function deleteConnection(db: Executor, sellerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(marketplaceConnections)
    .where(and(eq(marketplaceConnections.id, id), eq(marketplaceConnections.userId, sellerId)))
    .returning({ id: marketplaceConnections.id });
  return deleted.length > 0;
}

/** Queues an import unless one is queued, running or waiting already: true when this call queued it. */
export async function markQueued(db: Executor, id: number): Promise<boolean> {
  const queued = await db
    .update(marketplaceConnections)
    .set({ importStatus: 'queued', importError: null })
    .where(and(eq(marketplaceConnections.id, id), inArray(marketplaceConnections.importStatus, ['idle', 'failed'])))
    .returning({ id: marketplaceConnections.id });
  return queued.length > 0;
}

/**
 * Takes the connection's import for this run: a queued one, a wait that is over, or a run whose
 * lease ran out (its instance stopped). `import_not_before` holds the lease while running, so a
 * second job for the same connection finds it taken and leaves.
 */
export async function claimImport(db: Executor, id: number, now: Date, leaseUntil: Date): Promise<MarketplaceConnectionRow | undefined> {
  const [row] = await db
    .update(marketplaceConnections)
    .set({ importStatus: 'running', importNotBefore: leaseUntil })
    .where(
      and(
        eq(marketplaceConnections.id, id),
        or(
          eq(marketplaceConnections.importStatus, 'queued'),
          and(
            inArray(marketplaceConnections.importStatus, ['waiting', 'running']),
            or(sql`${marketplaceConnections.importNotBefore} IS NULL`, lte(marketplaceConnections.importNotBefore, now)),
          ),
        ),
      ),
    )
    .returning();
  return row;
}

/** What one page of a marketplace brought: sales and returns, orders, and Ozon postings cancelled since (their rows go). */
export interface ImportedPage {
  sales?: SaleRow[];
  orders?: OrderRow[];
  cancelledPostings?: string[];
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * A page's rows and the cursor after them, in one transaction: after a crash the import resumes
 * from a cursor whose rows are stored. A row already stored changes only when the marketplace
 * changed it later (`changed_at`), so a page read twice stores nothing new.
 */
export async function storePage(
  db: Db,
  connection: Pick<MarketplaceConnectionRow, 'id' | 'userId' | 'kind'>,
  page: ImportedPage,
  state: Partial<
    Pick<MarketplaceConnectionRow, 'importCursor' | 'importStatus' | 'importNotBefore' | 'importedUntil' | 'importError' | 'lastImportAt'>
  >,
): Promise<void> {
  const owner = { connectionId: connection.id, userId: connection.userId, marketplace: connection.kind };
  await db.transaction(async (tx) => {
    if (page.cancelledPostings?.length) {
      await tx
        .delete(marketplaceSales)
        .where(
          and(
            eq(marketplaceSales.connectionId, connection.id),
            inArray(sql`split_part(${marketplaceSales.externalId}, ':', 1)`, page.cancelledPostings),
          ),
        );
    }
    if (page.sales?.length) {
      await tx
        .insert(marketplaceSales)
        .values(page.sales.map((row) => ({ ...row, ...owner })))
        .onConflictDoUpdate({
          target: [marketplaceSales.connectionId, marketplaceSales.externalId],
          set: {
            kind: excluded('kind'),
            happenedAt: excluded('happened_at'),
            moscowDay: excluded('moscow_day'),
            productName: excluded('product_name'),
            nameKey: excluded('name_key'),
            article: excluded('article'),
            units: excluded('units'),
            amountKopecks: excluded('amount_kopecks'),
            changedAt: excluded('changed_at'),
          },
          setWhere: sql`excluded.changed_at > ${marketplaceSales.changedAt}`,
        });
    }
    if (page.orders?.length) {
      // A cancellation is the same order changed later: it updates the row, as a later sale row does.
      await tx
        .insert(marketplaceOrders)
        .values(page.orders.map((row) => ({ ...row, ...owner })))
        .onConflictDoUpdate({
          target: [marketplaceOrders.connectionId, marketplaceOrders.externalId],
          set: {
            orderedAt: excluded('ordered_at'),
            moscowDay: excluded('moscow_day'),
            productName: excluded('product_name'),
            nameKey: excluded('name_key'),
            article: excluded('article'),
            units: excluded('units'),
            amountKopecks: excluded('amount_kopecks'),
            cancelledAt: excluded('cancelled_at'),
            changedAt: excluded('changed_at'),
          },
          setWhere: sql`excluded.changed_at > ${marketplaceOrders.changedAt}`,
        });
    }
    await tx.update(marketplaceConnections).set(state).where(eq(marketplaceConnections.id, connection.id));
  });
}

export async function updateImportState(
  db: Executor,
  id: number,
  state: Partial<
    Pick<MarketplaceConnectionRow, 'importCursor' | 'importStatus' | 'importNotBefore' | 'importedUntil' | 'importError' | 'lastImportAt'>
  >,
): Promise<void> {
  await db.update(marketplaceConnections).set(state).where(eq(marketplaceConnections.id, id));
}

/**
 * Connections whose import should go on now: a wait that is over, a run whose lease ran out, or
 * an idle one whose last import is a day old (the daily import). The idle ones are marked queued.
 */
export async function dueImports(db: Executor, now: Date): Promise<number[]> {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
  const resumed = await db
    .select({ id: marketplaceConnections.id })
    .from(marketplaceConnections)
    .where(and(inArray(marketplaceConnections.importStatus, ['waiting', 'running']), lte(marketplaceConnections.importNotBefore, now)));
  const daily = await db
    .update(marketplaceConnections)
    .set({ importStatus: 'queued', importError: null })
    .where(
      and(
        eq(marketplaceConnections.importStatus, 'idle'),
        or(sql`${marketplaceConnections.lastImportAt} IS NULL`, lte(marketplaceConnections.lastImportAt, dayAgo)),
      ),
    )
    .returning({ id: marketplaceConnections.id });
  return [...resumed, ...daily].map((row) => row.id);
}
