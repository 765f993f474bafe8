import { and, asc, desc, eq, getTableColumns, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { buyerSummaries, projects, type ProjectRow } from '../../db/schema.js';
import { subscriptionEndedNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';

// Every lookup is scoped to the seller: another seller's action is simply not found.

type ProjectValues = Omit<typeof projects.$inferInsert, 'id' | 'userId' | 'createdAt' | 'deletedAt'>;

/** An action as the cabinet shows it: its row and its successful receipts. */
export type ActionRow = ProjectRow & { receiptsCount: number };

/** The action's successful receipts, counted by the award in the seller's summary of the action. */
const actionColumns = {
  ...getTableColumns(projects),
  // Columns qualified by hand: inside sql`` drizzle writes a bare "user_id", which the subquery
  // would read from its own table.
  receiptsCount: sql<number>`coalesce((SELECT summary.successful_receipts FROM ${buyerSummaries} summary
    WHERE summary.user_id = ${projects}.user_id AND summary.project_id = ${projects}.id), 0)`.mapWith(Number),
};

const isLiveActionOf = (userId: number, id: number) => and(eq(projects.id, id), eq(projects.userId, userId), isNull(projects.deletedAt));

export async function insertProject(db: Executor, userId: number, values: ProjectValues & { createdAt: Date }): Promise<ProjectRow> {
  const [row] = await db
    .insert(projects)
    .values({ ...values, userId })
    .returning();
  return row!;
}

export async function listLiveActions(db: Executor, userId: number): Promise<ActionRow[]> {
  return db
    .select(actionColumns)
    .from(projects)
    .where(and(eq(projects.userId, userId), isNull(projects.deletedAt)))
    .orderBy(asc(projects.id));
}

/** Every action of the seller, live ones first, then deleted ones (newest deletion first). */
export async function listActionsWithDeleted(db: Executor, userId: number): Promise<ActionRow[]> {
  return db
    .select(actionColumns)
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(sql`${projects.deletedAt} IS NOT NULL`, desc(projects.deletedAt), asc(projects.id));
}

export async function findLiveAction(db: Executor, userId: number, id: number): Promise<ActionRow | undefined> {
  const [row] = await db.select(actionColumns).from(projects).where(isLiveActionOf(userId, id)).limit(1);
  return row;
}

/**
 * The seller's live action, or undefined when it is missing, another seller's or deleted: the one
 * check every module asks before it reads or writes what belongs to an action. `lock` takes the
 * row (FOR NO KEY UPDATE) for the caller's transaction, so two writers to one action queue up
 * while receipts and other rows that only reference the action are not held back.
 */
export async function findLiveProject(
  db: Executor,
  userId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ProjectRow | undefined> {
  const query = db.select().from(projects).where(isLiveActionOf(userId, id)).limit(1);
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

export async function updateProject(db: Executor, userId: number, id: number, values: Partial<ProjectValues>): Promise<boolean> {
  const updated = await db.update(projects).set(values).where(isLiveActionOf(userId, id)).returning({ id: projects.id });
  return updated.length > 0;
}

export async function softDeleteProject(db: Executor, userId: number, id: number, now: Date): Promise<boolean> {
  const deleted = await db
    .update(projects)
    .set({ deletedAt: now, isActive: false, updatedAt: now })
    .where(isLiveActionOf(userId, id))
    .returning({ id: projects.id });
  return deleted.length > 0;
}

/**
 * Ends every subscription that is over (optionally one seller's only). Idempotent, so any
 * number of instances may run it at once; the message is built per row from its end date.
 */
/** Live, active actions set to renew automatically whose end date has come (of one seller, or all). */
export async function findDueAutoRenewals(db: Executor, now: Date, userId?: number): Promise<{ id: number; userId: number }[]> {
  return db
    .select({ id: projects.id, userId: projects.userId })
    .from(projects)
    .where(
      and(
        eq(projects.isActive, true),
        eq(projects.autoRenew, true),
        isNull(projects.deletedAt),
        lte(projects.subscriptionEndDate, now),
        userId === undefined ? undefined : eq(projects.userId, userId),
      ),
    );
}

export async function expireSubscriptions(
  db: Executor,
  now: Date,
  statusMessage: (endDate: Date) => string,
  userId?: number,
): Promise<number> {
  const due = await db
    .select({ id: projects.id, end: projects.subscriptionEndDate })
    .from(projects)
    .where(
      and(
        eq(projects.isActive, true),
        isNull(projects.deletedAt),
        lte(projects.subscriptionEndDate, now),
        userId === undefined ? undefined : eq(projects.userId, userId),
      ),
    );
  let ended = 0;
  for (const row of due) {
    // The end and the seller's notice are one transaction: the notice exists exactly when the action ended.
    await db.transaction(async (tx) => {
      const [action] = await tx
        .update(projects)
        .set({ isActive: false, statusMessage: statusMessage(row.end!), updatedAt: now })
        .where(and(eq(projects.id, row.id), eq(projects.isActive, true), lte(projects.subscriptionEndDate, now)))
        .returning({ userId: projects.userId, name: projects.name });
      if (!action) return;
      await queueSellerNotice(
        tx,
        subscriptionEndedNotice({ sellerId: action.userId, actionId: row.id, action: action.name, end: row.end! }),
      );
      ended += 1;
    });
  }
  return ended;
}
