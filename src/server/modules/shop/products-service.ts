import { kopecksToRubles } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { ShopProduct } from '../../../contract/shop.js';
import type { Executor } from '../../db/connection.js';
import type { ProjectRow, ShopProductRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { changedValues } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import * as repo from './repository.js';
import { requireOwnAction, type ShopDeps } from './settings-service.js';

const m = messages.shop;

export function presentProduct(row: ShopProductRow): ShopProduct {
  return {
    id: row.id,
    user_id: row.userId,
    project_id: row.projectId,
    title: row.title,
    description: row.description,
    image_url: row.imageUrl,
    price_points: row.pricePoints,
    quantity: row.quantity,
    cost: row.costKopecks === null ? null : kopecksToRubles(row.costKopecks),
    is_active: row.isActive,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Product pictures are the seller's own uploads: the buyers' shop then loads nothing from other
 * sites (its CSP stays `img-src 'self'`, no tracking pixels) and every picture is re-encoded.
 */
function requireOwnImage(deps: ShopDeps, sellerId: number, imageUrl: string | null | undefined): void {
  const own = (origin: string) => imageUrl?.startsWith(`${origin}/lk/uploads/${sellerId}/`);
  if (imageUrl && !own(deps.publicUrl) && !deps.sameServerOrigins?.some(own)) throw new AppError('bad_request', m.imageNotOwn);
}

export async function listProducts(deps: ShopDeps, sellerId: number, projectId: number) {
  await requireOwnAction(deps.db, sellerId, projectId);
  return { products: (await repo.listProducts(deps.db, projectId)).map(presentProduct) };
}

/** What the audit log holds of a product: what the seller set, as they set it. */
const loggedFields = (row: repo.NewProduct): Record<string, unknown> => ({
  title: row.title,
  description: row.description,
  imageUrl: row.imageUrl,
  pricePoints: row.pricePoints,
  quantity: row.quantity,
  isActive: row.isActive,
});

const productSubject = (title: string, action: ProjectRow) => fillMessage(messages.audit.subjectProduct, { title, action: action.name });

export async function createProduct(deps: ShopDeps, sellerId: number, projectId: number, product: repo.NewProduct, actor: AuditActor) {
  const action = await requireOwnAction(deps.db, sellerId, projectId);
  requireOwnImage(deps, sellerId, product.imageUrl);
  const row = await deps.db.transaction(async (tx: Executor) => {
    const inserted = await repo.insertProduct(tx, sellerId, projectId, product);
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'shop.product_create',
      subject: productSubject(inserted.title, action),
      before: null,
      after: loggedFields(inserted),
    });
    return inserted;
  });
  return { product: presentProduct(row), message: m.productAdded };
}

async function requireProduct(deps: ShopDeps, sellerId: number, projectId: number, productId: number) {
  const action = await requireOwnAction(deps.db, sellerId, projectId);
  const product = await repo.findProduct(deps.db, sellerId, projectId, productId);
  if (!product) throw new AppError('not_found', m.productNotFound);
  return { action, product };
}

export async function updateProduct(
  deps: ShopDeps,
  sellerId: number,
  projectId: number,
  productId: number,
  change: Partial<repo.NewProduct>,
  actor: AuditActor,
) {
  const { action, product } = await requireProduct(deps, sellerId, projectId, productId);
  requireOwnImage(deps, sellerId, change.imageUrl);
  const row = await deps.db.transaction(async (tx: Executor) => {
    const updated = await repo.updateProduct(tx, productId, change, deps.now());
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'shop.product_update',
      subject: productSubject(product.title, action),
      ...changedValues(loggedFields(product), loggedFields(updated)),
    });
    return updated;
  });
  return { product: presentProduct(row), message: m.productUpdated };
}

/** Deleted products leave the shop; orders that name them keep their title and price. */
export async function deleteProduct(deps: ShopDeps, sellerId: number, projectId: number, productId: number, actor: AuditActor) {
  const { action, product } = await requireProduct(deps, sellerId, projectId, productId);
  await deps.db.transaction(async (tx: Executor) => {
    await repo.softDeleteProduct(tx, productId, deps.now());
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'shop.product_delete',
      subject: productSubject(product.title, action),
      before: loggedFields(product),
      after: null,
    });
  });
  return { message: m.productDeleted };
}

/** SPEC §7: the answer is the full reordered list. */
export async function reorderProduct(
  deps: ShopDeps,
  sellerId: number,
  projectId: number,
  productId: number,
  direction: 'up' | 'down',
  actor: AuditActor,
) {
  const action = await requireOwnAction(deps.db, sellerId, projectId);
  await deps.db.transaction(async (tx: Executor) => {
    const before = await repo.findProduct(tx, sellerId, projectId, productId);
    if (!before || !(await repo.moveProduct(tx, sellerId, projectId, productId, direction, deps.now())))
      throw new AppError('not_found', m.productNotFound);
    const after = await repo.findProduct(tx, sellerId, projectId, productId);
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'shop.product_reorder',
      subject: productSubject(before.title, action),
      before: { position: before.position },
      after: { position: after!.position },
    });
  });
  return { products: (await repo.listProducts(deps.db, projectId)).map(presentProduct) };
}
