import { and, asc, eq } from 'drizzle-orm';
import type { FaqItemDraft } from '../../../contract/faq.js';
import type { Executor } from '../../db/connection.js';
import { faqItems, type FaqItemRow } from '../../db/schema.js';

// The cabinet's calls start from the seller's own live action, so another seller's list is never
// found; the bot's start from the action it answers for.

export async function listItems(db: Executor, projectId: number): Promise<FaqItemRow[]> {
  return db.select().from(faqItems).where(eq(faqItems.projectId, projectId)).orderBy(asc(faqItems.position), asc(faqItems.id));
}

export async function findItem(db: Executor, projectId: number, itemId: number): Promise<FaqItemRow | undefined> {
  const [row] = await db
    .select()
    .from(faqItems)
    .where(and(eq(faqItems.id, itemId), eq(faqItems.projectId, projectId)));
  return row;
}

export async function hasItems(db: Executor, projectId: number): Promise<boolean> {
  const [row] = await db.select({ id: faqItems.id }).from(faqItems).where(eq(faqItems.projectId, projectId)).limit(1);
  return row !== undefined;
}

export async function deleteItem(db: Executor, itemId: number): Promise<void> {
  await db.delete(faqItems).where(eq(faqItems.id, itemId));
}

/** A kept item's new place and keywords. */
export async function placeItem(db: Executor, itemId: number, position: number, keywords: string[]): Promise<void> {
  await db.update(faqItems).set({ position, keywords }).where(eq(faqItems.id, itemId));
}

export async function insertItem(db: Executor, projectId: number, position: number, item: FaqItemDraft): Promise<void> {
  await db.insert(faqItems).values({ projectId, position, ...item });
}
