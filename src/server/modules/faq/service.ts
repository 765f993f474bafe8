import type { FaqItem, FaqItemDraft } from '../../../contract/faq.js';
import { messages } from '../../../contract/messages.js';
import type { Db } from '../../db/connection.js';
import type { FaqItemRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findLiveProject } from '../actions/repository.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import * as repo from './repository.js';

// The seller's side of «Вопросы и ответы»: read the list, replace it whole.

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);

const present = (row: FaqItemRow): FaqItem => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  link: row.link,
  keywords: row.keywords,
});

const sameItem = (row: FaqItemRow, item: FaqItemDraft) =>
  row.question === item.question && row.answer === item.answer && row.link === item.link;

export async function getFaq(db: Db, sellerId: number, projectId: number): Promise<{ items: FaqItem[] }> {
  if (!(await findLiveProject(db, sellerId, projectId))) throw actionNotFound();
  return { items: (await repo.listItems(db, projectId)).map(present) };
}

/**
 * Replaces the list in one transaction. An item left unchanged (keywords aside) keeps its row, so its button in a
 * shopper's older message still answers; an edited or removed one gets a new row or none, and its
 * old button answers that the question is gone.
 */
export async function replaceFaq(
  db: Db,
  sellerId: number,
  projectId: number,
  items: FaqItemDraft[],
  actor: AuditActor,
): Promise<{ message: string; items: FaqItem[] }> {
  return db.transaction(async (tx) => {
    // Locked: two saves of one list must not interleave.
    const action = await findLiveProject(tx, sellerId, projectId, { lock: true });
    if (!action) throw actionNotFound();
    const unclaimed = await repo.listItems(tx, projectId);
    const placed: { keep: FaqItemRow | undefined; item: FaqItemDraft }[] = items.map((item) => {
      const index = unclaimed.findIndex((row) => sameItem(row, item));
      return { keep: index === -1 ? undefined : unclaimed.splice(index, 1)[0], item };
    });
    for (const row of unclaimed) await repo.deleteItem(tx, row.id);
    for (const [position, { keep, item }] of placed.entries()) {
      if (keep) await repo.placeItem(tx, keep.id, position, item.keywords);
      else await repo.insertItem(tx, projectId, position, item);
    }
    // The log holds the questions removed or edited (before) and added or edited (after), not the whole list.
    const shown = ({ question, answer, link }: FaqItemDraft) => ({ question, answer, link });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'faq.update',
      subject: action.name,
      before: { items: unclaimed.map(shown) },
      after: { items: placed.filter(({ keep }) => !keep).map(({ item }) => shown(item)) },
    });
    return { message: messages.serviceDesk.faqSaved, items: (await repo.listItems(tx, projectId)).map(present) };
  });
}
