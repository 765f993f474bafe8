import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { namedStatement, type Db, type Executor } from '../../db/connection.js';
import { claimDue, CLAIM_LEASE_MS, nextDueAt, renewClaims, type OutboxTable } from '../../db/outbox.js';
import { finishOutboxRow, type OutboxOutcome } from '../../db/outbox-pass.js';
import { jsonOf } from '../../db/rows.js';
import {
  projects,
  shopNotifications,
  shopOrders,
  shopProducts,
  shopSettings,
  users,
  type ShopOrderRow,
  type ShopProductRow,
  type ShopSettingsRow,
} from '../../db/schema.js';

// Seller-side reads take the seller's and the action's ids: another seller's rows are not found.

export async function findSettings(db: Executor, sellerId: number, projectId: number): Promise<ShopSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(shopSettings)
    .where(and(eq(shopSettings.userId, sellerId), eq(shopSettings.projectId, projectId)));
  return row;
}

/** Creates the action's shop on first use; a concurrent creator's row wins and is returned. */
export async function ensureSettings(db: Executor, sellerId: number, projectId: number, token: string): Promise<ShopSettingsRow> {
  await db.insert(shopSettings).values({ userId: sellerId, projectId, token }).onConflictDoNothing({ target: shopSettings.projectId });
  return (await findSettings(db, sellerId, projectId))!;
}

export type SettingsChange = Partial<
  Pick<
    ShopSettingsRow,
    'token' | 'puzzleBotToken' | 'commandName' | 'variableNameTitle' | 'variableNamePrice' | 'telegramBotToken' | 'telegramBotUsername'
  >
>;

export async function updateSettings(
  db: Executor,
  sellerId: number,
  projectId: number,
  change: SettingsChange,
  now: Date,
): Promise<ShopSettingsRow> {
  const [row] = await db
    .update(shopSettings)
    .set({ ...change, updatedAt: now })
    .where(and(eq(shopSettings.userId, sellerId), eq(shopSettings.projectId, projectId)))
    .returning();
  return row!;
}

/** A live shop by its link token: its settings, the action with its bot, and the seller's mailing bot (each may open the Mini App). */
export async function findShopByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      settings: shopSettings,
      actionName: projects.name,
      actionBotToken: projects.telegramBotToken,
      // The buyer's level in the Mini App.
      levels: projects.levels,
      pointsPercentage: projects.pointsPercentage,
      mailingBotToken: users.mailingBotToken,
    })
    .from(shopSettings)
    .innerJoin(projects, eq(projects.id, shopSettings.projectId))
    .innerJoin(users, eq(users.id, shopSettings.userId))
    .where(and(eq(shopSettings.token, token), isNull(projects.deletedAt)));
  return row;
}

/**
 * What the public products list depends on besides its products: the live action behind a link
 * token, its name and the products' version. Read on every opening of the shop, prepared by name.
 */
const publicShopQuery = namedStatement('read_public_shop', (db, name) =>
  db
    .select({ projectId: shopSettings.projectId, version: shopSettings.productsVersion, shopName: projects.name })
    .from(shopSettings)
    .innerJoin(projects, eq(projects.id, shopSettings.projectId))
    .where(and(eq(shopSettings.token, sql.placeholder('token')), isNull(projects.deletedAt)))
    .prepare(name),
);

export async function findPublicShop(
  db: Executor,
  token: string,
): Promise<{ projectId: number; version: number; shopName: string } | undefined> {
  const [row] = await publicShopQuery(db).execute({ token });
  return row && { projectId: row.projectId, version: Number(row.version), shopName: row.shopName };
}

// ---- products ----

export async function listProducts(db: Executor, projectId: number, options: { activeOnly?: boolean } = {}): Promise<ShopProductRow[]> {
  const conditions = [eq(shopProducts.projectId, projectId), isNull(shopProducts.deletedAt)];
  if (options.activeOnly) conditions.push(eq(shopProducts.isActive, true));
  return db
    .select()
    .from(shopProducts)
    .where(and(...conditions))
    .orderBy(asc(shopProducts.position), asc(shopProducts.id));
}

export async function findProduct(
  db: Executor,
  sellerId: number,
  projectId: number,
  productId: number,
  options: { lock?: boolean } = {},
): Promise<ShopProductRow | undefined> {
  const query = db
    .select()
    .from(shopProducts)
    .where(
      and(
        eq(shopProducts.id, productId),
        eq(shopProducts.userId, sellerId),
        eq(shopProducts.projectId, projectId),
        isNull(shopProducts.deletedAt),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export type NewProduct = Pick<
  ShopProductRow,
  'title' | 'description' | 'imageUrl' | 'pricePoints' | 'quantity' | 'costKopecks' | 'isActive'
>;

/** A new product goes last. The action's row lock orders concurrent inserts, so positions never repeat. */
export async function insertProduct(db: Db, sellerId: number, projectId: number, product: NewProduct): Promise<ShopProductRow> {
  return db.transaction(async (tx: Executor) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('no key update');
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${shopProducts.position}), 0)` })
      .from(shopProducts)
      .where(and(eq(shopProducts.projectId, projectId), isNull(shopProducts.deletedAt)));
    const [row] = await tx
      .insert(shopProducts)
      .values({ ...product, userId: sellerId, projectId, position: Number(last?.position ?? 0) + 1 })
      .returning();
    return row!;
  });
}

export async function updateProduct(db: Executor, productId: number, change: Partial<NewProduct>, now: Date): Promise<ShopProductRow> {
  const [row] = await db
    .update(shopProducts)
    .set({ ...change, updatedAt: now })
    .where(eq(shopProducts.id, productId))
    .returning();
  return row!;
}

/** One taken by an exchange (under the product's row lock) or given back by a cancel; unlimited stock stays null. */
export async function changeStock(db: Executor, productId: number, delta: 1 | -1): Promise<void> {
  await db
    .update(shopProducts)
    .set({ quantity: sql`${shopProducts.quantity} + ${delta}` })
    .where(and(eq(shopProducts.id, productId), isNotNull(shopProducts.quantity)));
}

export async function softDeleteProduct(db: Executor, productId: number, now: Date): Promise<void> {
  await db.update(shopProducts).set({ deletedAt: now, updatedAt: now }).where(eq(shopProducts.id, productId));
}

/** Swaps a product with its neighbour above or below; at the edge nothing moves. */
export async function moveProduct(
  db: Db,
  sellerId: number,
  projectId: number,
  productId: number,
  direction: 'up' | 'down',
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx: Executor) => {
    const list = await tx
      .select({ id: shopProducts.id, position: shopProducts.position })
      .from(shopProducts)
      .where(and(eq(shopProducts.userId, sellerId), eq(shopProducts.projectId, projectId), isNull(shopProducts.deletedAt)))
      .orderBy(asc(shopProducts.position), asc(shopProducts.id))
      .for('update');
    const index = list.findIndex((product) => product.id === productId);
    if (index === -1) return false;
    const other = direction === 'up' ? index - 1 : index + 1;
    if (other < 0 || other >= list.length) return true;
    // Positions are renumbered 1..n in the new order, which also heals any gaps or ties.
    const order = list.map((product) => product.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    for (const [position, id] of order.entries()) {
      await tx
        .update(shopProducts)
        .set({ position: position + 1, updatedAt: now })
        .where(eq(shopProducts.id, id));
    }
    return true;
  });
}

// ---- orders ----

/** The action's points lifetime, for points an order gives back (0: never expire). */
export async function readPointsLifetime(db: Executor, projectId: number): Promise<{ pointsLifetimeDays: number }> {
  const [row] = await db.select({ pointsLifetimeDays: projects.pointsLifetimeDays }).from(projects).where(eq(projects.id, projectId));
  return { pointsLifetimeDays: row?.pointsLifetimeDays ?? 0 };
}

export async function insertOrder(
  db: Executor,
  order: Pick<ShopOrderRow, 'userId' | 'projectId' | 'productId' | 'buyerTgId' | 'buyerName' | 'title' | 'pricePoints' | 'costKopecks'>,
): Promise<ShopOrderRow> {
  const [row] = await db.insert(shopOrders).values(order).returning();
  return row!;
}

export async function findOrder(
  db: Executor,
  sellerId: number,
  orderId: number,
  options: { lock?: boolean } = {},
): Promise<ShopOrderRow | undefined> {
  const query = db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.id, orderId), eq(shopOrders.userId, sellerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function setOrderStatus(db: Executor, orderId: number, status: ShopOrderRow['status'], now: Date): Promise<ShopOrderRow> {
  const [row] = await db.update(shopOrders).set({ status, updatedAt: now }).where(eq(shopOrders.id, orderId)).returning();
  return row!;
}

export async function listOrders(db: Executor, sellerId: number, projectId: number, limit: number): Promise<ShopOrderRow[]> {
  return db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.userId, sellerId), eq(shopOrders.projectId, projectId)))
    .orderBy(desc(shopOrders.id))
    .limit(limit);
}

/** The seller's exchanges, newest first, after (older than) `beforeId`: the seller API's keyset pages. */
export async function listOrdersPage(
  db: Executor,
  sellerId: number,
  filter: { projectId?: number; status?: ShopOrderRow['status']; beforeId?: number; limit: number },
): Promise<ShopOrderRow[]> {
  return db
    .select()
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.userId, sellerId),
        filter.projectId === undefined ? undefined : eq(shopOrders.projectId, filter.projectId),
        filter.status === undefined ? undefined : eq(shopOrders.status, filter.status),
        filter.beforeId === undefined ? undefined : lt(shopOrders.id, filter.beforeId),
      ),
    )
    .orderBy(desc(shopOrders.id))
    .limit(filter.limit);
}

export async function listBuyerOrders(db: Executor, projectId: number, buyerTgId: string, limit: number): Promise<ShopOrderRow[]> {
  return db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.projectId, projectId), eq(shopOrders.buyerTgId, buyerTgId)))
    .orderBy(desc(shopOrders.id))
    .limit(limit);
}

// ---- notifications (an outbox the job queue delivers) ----

/** What an exchange owes the seller's PuzzleBot bot; the buyer's own messages are bot notices (bot/notices). */
export type ShopNotification = {
  kind: 'puzzlebot_exchange';
  payload: { projectId: number; buyerTgId: string; title: string; price: number };
};

export async function queueNotifications(db: Executor, orderId: number, notifications: ShopNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  await db.insert(shopNotifications).values(notifications.map((n) => ({ orderId, kind: n.kind, payload: n.payload })));
}

export const notificationOutbox: OutboxTable = {
  table: shopNotifications,
  key: [shopNotifications.id],
  status: shopNotifications.status,
  doneStatus: 'sent',
  attempts: shopNotifications.attempts,
  nextAttemptAt: shopNotifications.nextAttemptAt,
  lastError: shopNotifications.lastError,
};

/** Claims due notifications; SKIP LOCKED lets several instances share the work. */
export async function claimDueNotifications(db: Db, limit: number, leaseMs: number) {
  const t = shopNotifications;
  const rows = await claimDue<{
    id: string | number;
    kind: ShopNotification['kind'];
    payload: ShopNotification['payload'];
    attempts: number;
  }>(db, notificationOutbox, {
    limit,
    leaseMs,
    orderBy: [t.id],
    returning: [t.id, t.kind, t.payload, t.attempts],
  });
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    payload: jsonOf(row.payload),
    attempts: row.attempts,
  })) as (ShopNotification & { id: number; attempts: number })[];
}

export function renewNotificationClaims(db: Db, ids: readonly number[]): Promise<void> {
  return renewClaims(db, notificationOutbox, ids, CLAIM_LEASE_MS);
}

export async function finishNotification(db: Db, id: number, outcome: OutboxOutcome): Promise<void> {
  await finishOutboxRow(db, notificationOutbox, sql`${shopNotifications.id} = ${id}`, outcome, sql`sent_at = now()`);
}

export async function nextNotificationDueAt(db: Db): Promise<Date | null> {
  return nextDueAt(db, notificationOutbox);
}

/** What a notification needs to be sent: the action's PuzzleBot settings and bots. */
export async function findNotificationTarget(db: Executor, projectId: number) {
  const [row] = await db
    .select({
      projectPuzzleBotToken: projects.puzzleBotToken,
      pointsVariable: projects.puzzleBotPointsVariable,
      actionBotToken: projects.telegramBotToken,
      settings: shopSettings,
      mailingBotToken: users.mailingBotToken,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .leftJoin(shopSettings, eq(shopSettings.projectId, projects.id))
    .where(eq(projects.id, projectId));
  return row;
}
