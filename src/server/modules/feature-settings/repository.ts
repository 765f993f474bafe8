import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { projects } from '../../db/schema.js';

const ownLiveAction = (sellerId: number, projectId: number) =>
  and(eq(projects.id, projectId), eq(projects.userId, sellerId), isNull(projects.deletedAt));

export async function readStoredFeatures(db: Executor, sellerId: number, projectId: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ features: projects.botFeatures }).from(projects).where(ownLiveAction(sellerId, projectId));
  return row?.features;
}

/** Replaces the sections given, keeps the others (one statement: `||` merges the top level). */
export async function mergeStoredFeatures(
  db: Executor,
  sellerId: number,
  projectId: number,
  sections: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .update(projects)
    .set({ botFeatures: sql`${projects.botFeatures} || ${JSON.stringify(sections)}::jsonb` })
    .where(ownLiveAction(sellerId, projectId))
    .returning({ features: projects.botFeatures });
  return row?.features;
}
