import { kopecksToRubles } from '../../../contract/format.js';
import { messages } from '../../../contract/messages.js';
import type { ShopProduct } from '../../../contract/shop.js';
import type { ShopProductRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
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

export async function createProduct(deps: ShopDeps, sellerId: number, projectId: number, product: repo.NewProduct) {
  await requireOwnAction(deps.db, sellerId, projectId);
  requireOwnImage(deps, sellerId, product.imageUrl);
  const row = await repo.insertProduct(deps.db, sellerId, projectId, product);
  return { product: presentProduct(row), message: m.productAdded };
}

async function requireProduct(deps: ShopDeps, sellerId: number, projectId: number, productId: number) {
  await requireOwnAction(deps.db, sellerId, projectId);
  const product = await repo.findProduct(deps.db, sellerId, projectId, productId);
  if (!product) throw new AppError('not_found', m.productNotFound);
  return product;
}

export async function updateProduct(
  deps: ShopDeps,
  sellerId: number,
  projectId: number,
  productId: number,
  change: Partial<repo.NewProduct>,
) {
  await requireProduct(deps, sellerId, projectId, productId);
  requireOwnImage(deps, sellerId, change.imageUrl);
  const row = await repo.updateProduct(deps.db, productId, change, deps.now());
  return { product: presentProduct(row), message: m.productUpdated };
}

/** Deleted products leave the shop; orders that name them keep their title and price. */
export async function deleteProduct(deps: ShopDeps, sellerId: number, projectId: number, productId: number) {
  await requireProduct(deps, sellerId, projectId, productId);
  await repo.softDeleteProduct(deps.db, productId, deps.now());
  return { message: m.productDeleted };
}

/** SPEC §7: the answer is the full reordered list. */
export async function reorderProduct(deps: ShopDeps, sellerId: number, projectId: number, productId: number, direction: 'up' | 'down') {
  await requireOwnAction(deps.db, sellerId, projectId);
  const found = await repo.moveProduct(deps.db, sellerId, projectId, productId, direction, deps.now());
  if (!found) throw new AppError('not_found', m.productNotFound);
  return { products: (await repo.listProducts(deps.db, projectId)).map(presentProduct) };
}
