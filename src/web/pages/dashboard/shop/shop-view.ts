import { maskSecret } from '../../../../contract/format.js';
import { createProductRequestSchema, type ShopProduct, type ShopSettings } from '../../../../contract/shop.js';
import type { ProductFields } from '../../../api/shop.js';
import { parseActionId } from '../../../lib/action-id.js';

/**
 * The action whose shop is shown: the one in the address (`?project=12`) when it is one
 * of the seller's, else the first; null only when the seller has no actions.
 */
export function chooseShopAction(actions: readonly { id: number }[], raw: string | null): number | null {
  const wanted = parseActionId(raw ?? undefined);
  if (wanted !== null && actions.some((action) => action.id === wanted)) return wanted;
  return actions[0]?.id ?? null;
}

/** SPEC §9: the link is shown with its token masked; copying gives the full link. */
export function maskedShopUrl(settings: Pick<ShopSettings, 'shop_url' | 'token'>): string {
  const at = settings.shop_url.lastIndexOf(settings.token);
  if (at < 0) return maskSecret(settings.shop_url);
  return settings.shop_url.slice(0, at) + maskSecret(settings.token) + settings.shop_url.slice(at + settings.token.length);
}

/** What the product form holds: the price as typed, so a wrong one can be shown and fixed. */
export interface ProductDraft {
  title: string;
  price: string;
  /** As typed; empty: unlimited. */
  quantity: string;
  /** Rubles as typed; empty: not given. */
  cost: string;
  description: string;
  imageUrl: string | null;
  isActive: boolean;
}

/** The form's fields in screen order: the first wrong one takes the focus. */
export const PRODUCT_FIELDS = ['title', 'price', 'quantity', 'cost', 'description', 'imageUrl'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

const SCHEMA_FIELD: Record<string, ProductField> = {
  title: 'title',
  price_points: 'price',
  quantity: 'quantity',
  cost: 'cost',
  description: 'description',
  image_url: 'imageUrl',
};

/** An empty form (create mode) or the product being edited (edit mode, SPEC §4). */
export function productDraftOf(product: ShopProduct | null): ProductDraft {
  if (!product) return { title: '', price: '', quantity: '', cost: '', description: '', imageUrl: null, isActive: true };
  return {
    title: product.title,
    price: String(product.price_points),
    quantity: product.quantity === null ? '' : String(product.quantity),
    cost: product.cost === null ? '' : String(product.cost).replace('.', ','),
    description: product.description,
    imageUrl: product.image_url,
    isActive: product.is_active,
  };
}

export type ProductValidation =
  { ok: true; fields: ProductFields } | { ok: false; errors: Partial<Record<ProductField, string>>; firstInvalid: ProductField };

/** Checks the form with the server's own schema (SPEC §5), so both say the same thing. */
export function validateProductDraft(draft: ProductDraft, projectId: number): ProductValidation {
  const parsed = createProductRequestSchema.safeParse({
    project_id: projectId,
    title: draft.title,
    price_points: draft.price,
    quantity: draft.quantity,
    cost: draft.cost,
    description: draft.description,
    image_url: draft.imageUrl,
    is_active: draft.isActive,
  });
  if (parsed.success) {
    const { title, price_points, quantity, cost, description, image_url, is_active } = parsed.data;
    return { ok: true, fields: { title, price_points, quantity, cost, description, image_url, is_active } };
  }
  const errors: Partial<Record<ProductField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = SCHEMA_FIELD[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  const firstInvalid = PRODUCT_FIELDS.find((field) => errors[field]) ?? 'title';
  return { ok: false, errors, firstInvalid };
}

/** Up is impossible for the first product, down for the last. */
export function moveLimits(index: number, count: number): { canMoveUp: boolean; canMoveDown: boolean } {
  return { canMoveUp: index > 0, canMoveDown: index < count - 1 };
}
