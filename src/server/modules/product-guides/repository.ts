import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ProductRuleDraft } from '../../../contract/product-guides.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import {
  guideFiles,
  productRules,
  projects,
  receiptItems,
  receipts,
  telegramBuyers,
  warranties,
  type ProductRuleRow,
} from '../../db/schema.js';

// The cabinet's calls start from the seller's own live action (or, for warranties, join it), so
// another seller's rules and warranties are never found; the bot's start from its action.

export async function listRules(db: Executor, projectId: number): Promise<ProductRuleRow[]> {
  return db
    .select()
    .from(productRules)
    .where(eq(productRules.projectId, projectId))
    .orderBy(asc(productRules.position), asc(productRules.id));
}

export async function replaceRules(db: Executor, projectId: number, rules: ProductRuleDraft[]): Promise<void> {
  await db.delete(productRules).where(eq(productRules.projectId, projectId));
  await db
    .update(projects)
    .set({ hasProductRules: rules.length > 0 })
    .where(eq(projects.id, projectId));
  if (rules.length === 0) return;
  await db.insert(productRules).values(
    rules.map((rule, position) => ({
      projectId,
      position,
      match: rule.match,
      guide: rule.guide,
      warrantyMonths: rule.warranty_months,
      attachment: rule.attachment,
    })),
  );
}

/** The receipt's purchase time and the items counted for the action (the seller's own). */
export async function readReceiptItems(db: Executor, receiptId: number) {
  const [receipt] = await db
    .select({ issuedAt: receipts.issuedAt, scannedAt: receipts.scannedAt })
    .from(receipts)
    .where(eq(receipts.id, receiptId));
  if (!receipt) return undefined;
  const items = await db
    .select({ position: receiptItems.position, name: receiptItems.name })
    .from(receiptItems)
    .where(and(eq(receiptItems.receiptId, receiptId), eq(receiptItems.status, 'counted')))
    .orderBy(asc(receiptItems.position));
  return { purchasedAt: receipt.issuedAt ?? receipt.scannedAt, items };
}

export interface NewWarranty {
  projectId: number;
  receiptId: number;
  itemPosition: number;
  buyerTgId: string;
  itemName: string;
  months: number;
  purchasedOn: string;
  validUntil: string;
  createdAt: Date;
}

/** True when written now; a receipt's item has one warranty, so a second run of the hook writes nothing. */
export async function insertWarranty(db: Executor, warranty: NewWarranty): Promise<boolean> {
  const rows = await db
    .insert(warranties)
    .values(warranty)
    .onConflictDoNothing({ target: [warranties.receiptId, warranties.itemPosition] })
    .returning({ id: warranties.id });
  return rows.length > 0;
}

/** The bot's menu offers «Мои гарантии» when the action gives warranties or the shopper has one. */
export async function offersWarranties(db: Executor, projectId: number, buyerTgId: string): Promise<boolean> {
  const [row] = rowsOf<{ offers: boolean }>(
    await db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM product_rules WHERE project_id = ${projectId} AND warranty_months IS NOT NULL)
          OR EXISTS (SELECT 1 FROM warranties WHERE project_id = ${projectId} AND buyer_tg_id = ${buyerTgId}) AS offers`),
  );
  return row?.offers === true;
}

const warrantyColumns = {
  id: warranties.id,
  buyerTgId: warranties.buyerTgId,
  buyerName: telegramBuyers.firstName,
  receiptId: warranties.receiptId,
  itemName: warranties.itemName,
  months: warranties.months,
  purchasedOn: warranties.purchasedOn,
  validUntil: warranties.validUntil,
};

/**
 * An action's warranties of one shopper or of one receipt, newest first; `sellerId` (when given)
 * must own the action, so a cabinet search never finds another seller's.
 */
export async function findWarranties(
  db: Executor,
  where: { projectId: number; sellerId?: number; buyerTgId?: string; receiptId?: number },
  limit: number,
) {
  return db
    .select(warrantyColumns)
    .from(warranties)
    .innerJoin(projects, eq(projects.id, warranties.projectId))
    .leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, warranties.buyerTgId))
    .where(
      and(
        eq(warranties.projectId, where.projectId),
        where.sellerId === undefined ? undefined : eq(projects.userId, where.sellerId),
        where.buyerTgId === undefined ? undefined : eq(warranties.buyerTgId, where.buyerTgId),
        where.receiptId === undefined ? undefined : eq(warranties.receiptId, where.receiptId),
      ),
    )
    .orderBy(desc(warranties.id))
    .limit(limit);
}
export type WarrantyListRow = Awaited<ReturnType<typeof findWarranties>>[number];

// ---- guide files ----

export async function insertGuideFile(
  db: Executor,
  file: { userId: number; kind: 'pdf' | 'video'; fileName: string; data: Buffer },
): Promise<number> {
  const [row] = await db
    .insert(guideFiles)
    .values({ ...file, byteSize: file.data.length })
    .returning({ id: guideFiles.id });
  return row!.id;
}

/** The kind of the seller's own guide file; undefined for another seller's or none. */
export async function guideFileKind(db: Executor, sellerId: number, id: number): Promise<'pdf' | 'video' | undefined> {
  const [row] = await db
    .select({ kind: guideFiles.kind })
    .from(guideFiles)
    .where(and(eq(guideFiles.id, id), eq(guideFiles.userId, sellerId)));
  return row?.kind;
}
