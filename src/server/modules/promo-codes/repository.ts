import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PromoCodeRule } from '../../../contract/promo-codes.js';
import type { Executor } from '../../db/connection.js';
import { projects } from '../../db/schema.js';
import { jsonOf, rowsOf } from '../../db/rows.js';

// Every cabinet read and write starts from the seller's own live action (the service asks the
// actions module's `findLiveProject`; `readPool` and `setRule` check it in their own statement), so
// another seller's action is not found and nothing of it is touched.

/** Adds the codes the pool does not hold yet; answers how many were added and how many the pool now holds. */
export async function insertCodes(
  tx: Executor,
  projectId: number,
  codes: readonly string[],
  now: Date,
): Promise<{ added: number; total: number }> {
  const result = await tx.execute(sql`
    WITH added AS (
      INSERT INTO promo_codes (project_id, code, created_at)
      SELECT ${projectId}::int, code, ${now.toISOString()}::timestamptz
        FROM jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) WITH ORDINALITY AS c(code, n)
       ORDER BY n
      ON CONFLICT (project_id, code) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM added) AS added,
           (SELECT count(*) FROM promo_codes WHERE project_id = ${projectId}::int) + (SELECT count(*) FROM added) AS total`);
  const row = rowsOf<{ added: string | number; total: string | number }>(result)[0]!;
  return { added: Number(row.added), total: Number(row.total) };
}

export async function setRule(db: Executor, sellerId: number, projectId: number, rule: PromoCodeRule): Promise<boolean> {
  const updated = await db
    .update(projects)
    .set({ promoCodeRule: rule })
    .where(and(eq(projects.id, projectId), eq(projects.userId, sellerId), isNull(projects.deletedAt)))
    .returning({ id: projects.id });
  return updated.length > 0;
}

export interface IssuedCodeRow {
  code: string;
  buyerTg: string;
  firstName: string | null;
  username: string | null;
  receiptId: number | null;
  issuedAt: Date;
}

export interface PoolRow {
  rule: PromoCodeRule;
  total: number;
  issued: number;
  newestIssued: IssuedCodeRow[];
}

/** The action's rule, its pool's counts and its newest issued codes with their shoppers' names: one statement. */
export async function readPool(db: Executor, sellerId: number, projectId: number, shown: number): Promise<PoolRow | undefined> {
  const result = await db.execute(sql`
    SELECT p.promo_code_rule AS rule,
      (SELECT count(*) FROM promo_codes c WHERE c.project_id = p.id) AS total,
      (SELECT count(*) FROM promo_codes c WHERE c.project_id = p.id AND c.issued_at IS NOT NULL) AS issued,
      (SELECT coalesce(json_agg(json_build_object('code', i.code, 'buyerTg', i.issued_buyer_tg, 'firstName', b.first_name,
                'username', b.username, 'receiptId', i.issued_receipt_id, 'issuedAt', i.issued_at) ORDER BY i.issued_at DESC, i.id DESC), '[]')
         FROM (SELECT * FROM promo_codes c WHERE c.project_id = p.id AND c.issued_at IS NOT NULL
                ORDER BY c.issued_at DESC, c.id DESC LIMIT ${shown}::int) i
         LEFT JOIN telegram_buyers b ON b.buyer_tg_id = i.issued_buyer_tg) AS newest
      FROM projects p
     WHERE p.id = ${projectId}::int AND p.user_id = ${sellerId}::int AND p.deleted_at IS NULL`);
  type NewestCode = Omit<IssuedCodeRow, 'issuedAt' | 'receiptId'> & { issuedAt: string; receiptId: number | string | null };
  const row = rowsOf<{ rule: PromoCodeRule; total: string | number; issued: string | number; newest: NewestCode[] | string }>(result)[0];
  if (!row) return undefined;
  // Never null: the statement's coalesce answers an empty list.
  const newest = jsonOf(row.newest)!;
  return {
    rule: row.rule,
    total: Number(row.total),
    issued: Number(row.issued),
    newestIssued: newest.map((code) => ({
      ...code,
      receiptId: code.receiptId === null ? null : Number(code.receiptId),
      issuedAt: new Date(code.issuedAt),
    })),
  };
}

/**
 * The claim: the action's lowest free code goes to the shopper with this receipt, in one
 * statement. FOR UPDATE SKIP LOCKED lets parallel claims take different codes instead of
 * waiting for (and then losing) the same one. A receipt that already has a code gets it again
 * (a retried check); `oncePerBuyer` (the 'first' rule) gives one only for the shopper's first
 * accepted receipt in the action, ever (an earlier one, even from before the rule or a pool ran
 * dry, makes them a regular), skips a shopper who has a code, and the unique index
 * promo_codes_once_per_buyer refuses the second of two parallel first claims.
 * A data-modifying WITH must be the top-level statement, so this one is not a drizzle select and
 * is not prepared by name (its parse and plan are a fraction of a millisecond).
 */
export async function claimCode(
  db: Executor,
  input: { projectId: number; receiptId: number; buyerTg: string; oncePerBuyer: boolean; now: Date },
): Promise<string | undefined> {
  const { projectId, receiptId, buyerTg, oncePerBuyer } = input;
  const result = await db.execute(sql`
    WITH existing AS (
      SELECT code FROM promo_codes WHERE issued_receipt_id = ${receiptId}::bigint
    ), free AS (
      SELECT id FROM promo_codes
       WHERE project_id = ${projectId}::int AND issued_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM existing)
         AND NOT (${oncePerBuyer}::boolean AND (EXISTS (
           SELECT 1 FROM promo_codes mine WHERE mine.project_id = ${projectId}::int AND mine.issued_buyer_tg = ${buyerTg}::text)
           OR EXISTS (
           SELECT 1 FROM receipts earlier
            WHERE earlier.project_id = ${projectId}::int AND earlier.buyer_tg_id = ${buyerTg}::text
              AND earlier.id < ${receiptId}::bigint AND earlier.status = 'success')))
       ORDER BY id
       LIMIT 1
       FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE promo_codes c
         SET issued_buyer_tg = ${buyerTg}::text, issued_receipt_id = ${receiptId}::bigint,
             issued_at = ${input.now.toISOString()}::timestamptz, once_per_buyer = ${oncePerBuyer}::boolean
        FROM free
       WHERE c.id = free.id
      RETURNING c.code
    )
    SELECT code FROM claimed UNION ALL SELECT code FROM existing`);
  const [row] = rowsOf<{ code: string }>(result);
  return row?.code;
}

/**
 * A code for a prize outside a receipt (the daily bonus's wheel): the action's lowest free code
 * goes to the shopper, or none when the pool is empty. SKIP LOCKED as in `claimCode`.
 */
export async function claimFreeCode(
  db: Executor,
  input: { projectId: number; buyerTg: string; now: Date },
): Promise<{ id: number; code: string } | undefined> {
  const result = await db.execute(sql`
    UPDATE promo_codes c
       SET issued_buyer_tg = ${input.buyerTg}::text, issued_at = ${input.now.toISOString()}::timestamptz
      FROM (SELECT id FROM promo_codes WHERE project_id = ${input.projectId}::int AND issued_at IS NULL
             ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) free
     WHERE c.id = free.id
    RETURNING c.id, c.code`);
  const [row] = rowsOf<{ id: string | number; code: string }>(result);
  return row && { id: Number(row.id), code: row.code };
}

/**
 * Keeps the pool's size and low mark after an upload (in its transaction, under the action's lock):
 * the id of the `mark`-th free code from the end, from which a claim (lowest free id first) leaves
 * fewer than `mark` free. Null when fewer are free already: any claim finds the pool low.
 */
export async function markPool(tx: Executor, projectId: number, total: number, mark: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO promo_code_pools (project_id, total, low_from_id)
    VALUES (${projectId}::int, ${total}::int,
            (SELECT id FROM promo_codes WHERE project_id = ${projectId}::int AND issued_at IS NULL
              ORDER BY id DESC OFFSET ${mark - 1}::bigint LIMIT 1))
    ON CONFLICT (project_id) DO UPDATE SET total = EXCLUDED.total, low_from_id = EXCLUDED.low_from_id`);
}

/**
 * Whether the receipt's code reached the pool's low mark, and the pool's size: one lookup by the
 * receipt (its code's unique index) and the pool's key, whatever the pool's size.
 */
export async function claimReachedLowMark(db: Executor, receiptId: number): Promise<{ reached: boolean; total: number } | undefined> {
  const [row] = rowsOf<{ reached: boolean; total: string | number }>(
    await db.execute(sql`
      SELECT c.id >= coalesce(p.low_from_id, 0) AS reached, p.total
        FROM promo_codes c JOIN promo_code_pools p ON p.project_id = c.project_id
       WHERE c.issued_receipt_id = ${receiptId}::bigint`),
  );
  return row && { reached: row.reached === true, total: Number(row.total) };
}

/** The action's free codes, counted up to `limit`: a pool near its end is read, never a whole large one. */
export async function countFreeCodes(db: Executor, projectId: number, limit: number): Promise<number> {
  const [row] = rowsOf<{ free: string | number }>(
    await db.execute(sql`
      SELECT count(*) AS free
        FROM (SELECT 1 FROM promo_codes WHERE project_id = ${projectId}::int AND issued_at IS NULL LIMIT ${limit}::int) f`),
  );
  return Number(row?.free ?? 0);
}
