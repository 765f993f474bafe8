import { formatPoints } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { BuyerAccount, PublicOrder, PublicProductsResponse, PurchaseResponse, ShopOrder } from '../../../contract/shop.js';
import type { Executor } from '../../db/connection.js';
import type { ShopOrderRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { verifyInitData, type TelegramWebAppUser } from './init-data.js';
import { etagOf, type ProductsCache, type RenderedProducts } from './products-cache.js';
import { movePoints, readBalance, readNearestExpiry, readSpentKopecks } from '../points/repository.js';
import { readHeldByDay } from '../points/hold-repository.js';
import { heldLevel, pointsExpiry } from '../points/earning.js';
import * as repo from './repository.js';
import { queueBuyerNotice } from '../notices/repository.js';
import { shopBotTokens } from '../bot/shop-bots.js';
import { requireOwnAction, type ShopDeps } from './settings-service.js';
import { isBuyerBlocked } from '../trust/repository.js';
import { shopOrderNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import { recordAudit, type AuditActor } from '../audit/record.js';

const m = messages.shop;
const p = messages.publicShop;
const ORDERS_SHOWN = 100;

export interface OrderDeps extends ShopDeps {
  /** Called after an exchange queued notifications, so delivery starts at once. */
  onNotificationsQueued: () => void;
}

function presentOrder(row: ShopOrderRow): ShopOrder {
  return {
    id: row.id,
    project_id: row.projectId,
    product_id: row.productId,
    buyer_tg_id: row.buyerTgId,
    buyer_name: row.buyerName,
    title: row.title,
    price_points: row.pricePoints,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentPublicOrder(row: ShopOrderRow): PublicOrder {
  return { id: row.id, title: row.title, price_points: row.pricePoints, status: row.status, created_at: row.createdAt.toISOString() };
}

// ---- the buyers' side ----

export async function requireShop(db: Executor, token: string) {
  const shop = await repo.findShopByToken(db, token);
  if (!shop) throw new AppError('not_found', p.tokenNotFound);
  return shop;
}

type Shop = NonNullable<Awaited<ReturnType<typeof repo.findShopByToken>>>;

/** The buyer, proved by one of the shop's bots' signature, never claimed (SPEC: the buyer's messenger user ID). */
function requireBuyer(deps: Pick<ShopDeps, 'now'>, initData: string | undefined, shop: Shop): TelegramWebAppUser {
  let buyer: TelegramWebAppUser | null = null;
  for (const token of initData ? shopBotTokens({ ...shop, shopBotToken: shop.settings.telegramBotToken }) : []) {
    buyer = verifyInitData(initData!, token, deps.now());
    if (buyer) break;
  }
  if (!buyer) throw new AppError('unauthorized', p.telegramIdUnknown);
  return buyer;
}

/** The shop's action and the shopper its bot's signature proves (the daily bonus's wheel opens in the same Mini App). */
export async function identifyShopBuyer(deps: Pick<ShopDeps, 'db' | 'now'>, token: string, initData: string | undefined) {
  const shop = await requireShop(deps.db, token);
  const buyer = requireBuyer(deps, initData, shop);
  return { sellerId: shop.settings.userId, projectId: shop.settings.projectId, buyerTgId: String(buyer.id) };
}

function buyerName(buyer: TelegramWebAppUser): string | null {
  const name = [buyer.first_name, buyer.last_name].filter(Boolean).join(' ');
  const handle = buyer.username ? `@${buyer.username}` : '';
  return [name, handle].filter(Boolean).join(' ') || null;
}

/**
 * The shop's active products, rendered once per version of the list (docs/decisions.md, "The
 * public products list is cached by version"): each request reads the version with the token, one
 * indexed query, and renders only when no instance-local answer of that version is kept.
 */
export async function listPublicProducts(deps: ShopDeps, cache: ProductsCache, token: string): Promise<RenderedProducts> {
  const shop = await repo.findPublicShop(deps.db, token);
  if (!shop) throw new AppError('not_found', p.tokenNotFound);
  const cached = cache.get(token, shop);
  if (cached) return cached;
  // Rendered from a read after the version's: at least as new as the version it is kept under.
  const products = await repo.listProducts(deps.db, shop.projectId, { activeOnly: true });
  const answer: PublicProductsResponse = {
    products: products.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      image_url: row.imageUrl,
      price_points: row.pricePoints,
      in_stock: row.quantity !== 0,
    })),
    shop_name: shop.shopName,
  };
  const body = JSON.stringify(answer);
  const rendered = { version: shop.version, shopName: shop.shopName, body, etag: etagOf(body) };
  cache.set(token, rendered);
  return rendered;
}

export async function getBuyerAccount(deps: ShopDeps, token: string, initData: string | undefined): Promise<BuyerAccount> {
  const shop = await requireShop(deps.db, token);
  const buyer = requireBuyer(deps, initData, shop);
  const projectId = shop.settings.projectId;
  const buyerTgId = String(buyer.id);
  const [points, spentKopecks, nearest, held, orders] = await Promise.all([
    readBalance(deps.db, projectId, buyerTgId),
    shop.levels.length > 0 ? readSpentKopecks(deps.db, shop.settings.userId, projectId, buyerTgId) : 0,
    readNearestExpiry(deps.db, projectId, buyerTgId),
    readHeldByDay(deps.db, projectId, buyerTgId),
    repo.listBuyerOrders(deps.db, projectId, buyerTgId, ORDERS_SHOWN),
  ]);
  return {
    points,
    level: heldLevel(shop, spentKopecks),
    nearest_expiry: nearest && { points: nearest.points, expires_at: nearest.expiresAt.toISOString() },
    held: held.map((day) => ({ points: day.points, release_at: day.releaseAt.toISOString() })),
    orders: orders.map(presentPublicOrder),
  };
}

/**
 * An exchange request: the price leaves the buyer's points and the order is written in one
 * transaction. The debit is one conditional UPDATE, so parallel requests can never spend more
 * than the buyer has. The bot platform, the buyer's chat and the seller (`shop_order`) hear about it
 * through the job queue.
 */
export async function purchase(
  deps: OrderDeps,
  token: string,
  initData: string | undefined,
  input: { productId: number; buyerTgId: string },
): Promise<PurchaseResponse> {
  const shop = await requireShop(deps.db, token);
  const buyer = requireBuyer(deps, initData, shop);
  if (input.buyerTgId !== String(buyer.id)) throw new AppError('forbidden', p.buyerMismatch);
  const { settings } = shop;
  const buyerTgId = String(buyer.id);
  // A shopper the seller blocked in the action keeps their points but cannot spend them.
  if (await isBuyerBlocked(deps.db, settings.projectId, buyerTgId)) throw new AppError('forbidden', messages.trust.exchangeBlocked);

  const result = await deps.db.transaction(async (tx: Executor) => {
    const product = await repo.findProduct(tx, settings.userId, settings.projectId, input.productId, { lock: true });
    if (!product || !product.isActive) throw new AppError('not_found', p.productUnavailable);
    // The row lock above queues parallel exchanges of the product: the last one goes to one of them.
    if (product.quantity === 0) throw new AppError('conflict', p.outOfStock);
    await repo.changeStock(tx, product.id, -1);
    const order = await repo.insertOrder(tx, {
      userId: settings.userId,
      projectId: settings.projectId,
      productId: product.id,
      buyerTgId,
      buyerName: buyerName(buyer),
      title: product.title,
      pricePoints: product.pricePoints,
      costKopecks: product.costKopecks,
    });
    // One movement: the balance only while it covers the price (parallel purchases queue on the
    // balance row), the soonest-expiring points first, and the ledger row. Not enough points
    // undoes the order with the transaction.
    const moved =
      product.pricePoints === 0
        ? { balance: await readBalance(tx, settings.projectId, buyerTgId) }
        : await movePoints(tx, {
            projectId: settings.projectId,
            buyerTgId,
            delta: -product.pricePoints,
            kind: 'order',
            actor: 'shopper',
            reason: fillMessage(m.ledgerPurchase, { title: product.title }),
            reference: `order:${order.id}`,
            at: deps.now(),
          });
    if (!moved) {
      const points = await readBalance(tx, settings.projectId, buyerTgId);
      throw new AppError(
        'conflict',
        fillMessage(p.notEnoughPoints, { price: formatPoints(product.pricePoints), points: formatPoints(points) }),
      );
    }
    const left = moved.balance;
    const notifications: repo.ShopNotification[] = [];
    if (settings.puzzleBotToken && settings.commandName) {
      notifications.push({
        kind: 'puzzlebot_exchange',
        payload: { projectId: settings.projectId, buyerTgId, title: product.title, price: product.pricePoints },
      });
    }
    await repo.queueNotifications(tx, order.id, notifications);
    await queueBuyerNotice(tx, {
      projectId: settings.projectId,
      buyerTgId,
      text: fillMessage(p.announcement, { title: product.title, price: formatPoints(product.pricePoints), points: left }),
      shopButton: false,
      reference: `order:${order.id}:placed`,
    });
    await queueSellerNotice(
      tx,
      shopOrderNotice({
        sellerId: settings.userId,
        orderId: order.id,
        action: shop.actionName,
        buyer: order.buyerName ?? buyerTgId,
        product: product.title,
        points: product.pricePoints,
      }),
    );
    await queueWebhookEvent(tx, {
      sellerId: settings.userId,
      projectId: settings.projectId,
      type: 'shop.order.created',
      data: presentOrder(order),
      at: deps.now(),
    });
    return { order, left };
  });
  deps.onNotificationsQueued();
  return { message: p.purchaseSent, order: presentPublicOrder(result.order), points: result.left };
}

// ---- the seller's side ----

export async function listOrders(deps: ShopDeps, sellerId: number, projectId: number) {
  await requireOwnAction(deps.db, sellerId, projectId);
  return { orders: (await repo.listOrders(deps.db, sellerId, projectId, ORDERS_SHOWN)).map(presentOrder) };
}

/** A page of the seller's exchanges over every action or one (the seller API). */
export async function listOrdersPage(
  deps: Pick<ShopDeps, 'db'>,
  sellerId: number,
  filter: { projectId?: number; status?: ShopOrder['status']; beforeId?: number; limit: number },
): Promise<ShopOrder[]> {
  return (await repo.listOrdersPage(deps.db, sellerId, filter)).map(presentOrder);
}

export async function getOrder(deps: Pick<ShopDeps, 'db'>, sellerId: number, orderId: number): Promise<ShopOrder> {
  const order = await repo.findOrder(deps.db, sellerId, orderId);
  if (!order) throw new AppError('not_found', m.orderNotFound);
  return presentOrder(order);
}

/**
 * The seller closes an exchange: handed out (fulfilled), or cancelled with the points returned.
 * Only a pending order changes, under its row lock, and the refund's ledger reference is unique:
 * the points come back once, whatever is clicked twice.
 */
export async function closeOrder(
  deps: OrderDeps,
  sellerId: number,
  orderId: number,
  outcome: 'fulfilled' | 'cancelled',
  actor: AuditActor,
) {
  const closed = await deps.db.transaction(async (tx: Executor) => {
    const order = await repo.findOrder(tx, sellerId, orderId, { lock: true });
    if (!order) throw new AppError('not_found', m.orderNotFound);
    if (order.status !== 'pending') throw new AppError('conflict', m.orderAlreadyClosed);
    const updated = await repo.setOrderStatus(tx, order.id, outcome, deps.now());
    let text = fillMessage(p.fulfilledNotice, { title: order.title });
    if (outcome === 'cancelled') {
      if (order.productId !== null) await repo.changeStock(tx, order.productId, 1);
      if (order.pricePoints > 0) {
        // Returned points count as earned today: they expire by the action's lifetime from now.
        const now = deps.now();
        await movePoints(tx, {
          projectId: order.projectId,
          buyerTgId: order.buyerTgId,
          delta: order.pricePoints,
          kind: 'order_refund',
          actor: 'seller',
          reason: fillMessage(m.ledgerRefund, { title: order.title }),
          reference: `order-refund:${order.id}`,
          at: now,
          expiresAt: pointsExpiry(await repo.readPointsLifetime(tx, order.projectId), now),
        });
      }
      text = fillMessage(p.cancelledNotice, { title: order.title, price: formatPoints(order.pricePoints) });
    }
    await queueBuyerNotice(tx, {
      projectId: order.projectId,
      buyerTgId: order.buyerTgId,
      text,
      shopButton: false,
      reference: `order:${order.id}:${outcome}`,
    });
    await queueWebhookEvent(tx, {
      sellerId,
      projectId: order.projectId,
      type: 'shop.order.updated',
      data: presentOrder(updated),
      at: deps.now(),
    });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: outcome === 'fulfilled' ? 'shop.order_fulfil' : 'shop.order_cancel',
      subject: fillMessage(messages.audit.subjectOrder, { id: order.id, title: order.title, buyer: order.buyerTgId }),
      before: { status: order.status },
      after: outcome === 'cancelled' ? { status: outcome, points_returned: order.pricePoints } : { status: outcome },
    });
    return updated;
  });
  deps.onNotificationsQueued();
  return { message: outcome === 'fulfilled' ? m.orderFulfilled : m.orderCancelled, order: presentOrder(closed) };
}
