import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { botChatSteps } from '../../db/schema.js';

/** What a function of the bot waits for from a shopper (contract: features/feature.ts). */
export async function readStep(db: Executor, projectId: number, buyerTgId: string) {
  const [row] = await db
    .select({ feature: botChatSteps.feature, step: botChatSteps.step })
    .from(botChatSteps)
    .where(and(eq(botChatSteps.projectId, projectId), eq(botChatSteps.buyerTgId, buyerTgId)));
  return row;
}

export async function writeStep(
  db: Executor,
  projectId: number,
  buyerTgId: string,
  feature: string,
  step: Record<string, unknown>,
  now: Date,
) {
  await db
    .insert(botChatSteps)
    .values({ projectId, buyerTgId, feature, step, updatedAt: now })
    .onConflictDoUpdate({ target: [botChatSteps.projectId, botChatSteps.buyerTgId], set: { feature, step, updatedAt: now } });
}

export async function clearStep(db: Executor, projectId: number, buyerTgId: string, feature: string) {
  await db
    .delete(botChatSteps)
    .where(and(eq(botChatSteps.projectId, projectId), eq(botChatSteps.buyerTgId, buyerTgId), eq(botChatSteps.feature, feature)));
}
