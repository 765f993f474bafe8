import { z } from './zod-setup.js';
import { intIdParam } from './ids.js';
import { userIdSchema } from './auth.js';
import { messages } from './messages.js';
import { heldPointsSchema, nearestExpirySchema } from './points.js';

const m = messages.shop;
const p = messages.publicShop;

export {
  CLOSE_AFTER_PURCHASE_MS,
  INIT_DATA_HEADER,
  INIT_DATA_MAX_AGE_SECONDS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PRELOADED_IMAGES,
  SHOP_TOKEN_PATTERN,
  type OrderStatus,
} from './public-shop.js';
import { ORDER_STATUSES, SHOP_TOKEN_PATTERN } from './public-shop.js';
import { optionalImageUrlSchema } from './uploads.js';

const positiveId = intIdParam;
const QUANTITY_MAX = 1_000_000;
export const projectIdSchema = positiveId(m.projectRequired);
const productIdSchema = positiveId(m.productNotFound);

const optionalName = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : null))
  .refine((value) => value === null || value.length <= 100, m.nameTooLong);

// ---- settings ----

export const shopScopeQuerySchema = z.object({ user_id: userIdSchema.optional(), project_id: projectIdSchema });

export const shopSettingsRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: projectIdSchema,
  puzzle_bot_token: optionalName,
  command_name: optionalName,
  variable_name_title: optionalName,
  variable_name_price: optionalName,
  /** Optional bot of the Mini App; empty → the seller's mailing bot. The saved token's mask keeps it. */
  telegram_bot_token: optionalName,
  regenerate_token: z.boolean().optional().default(false),
});
export type ShopSettingsRequest = z.input<typeof shopSettingsRequestSchema>;

/** SPEC §3 Shop settings, plus the link, the Mini App bot (masked) and its @username. */
export const shopSettingsSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  project_id: z.number().int(),
  token: z.string(),
  shop_url: z.string(),
  puzzle_bot_token: z.string().nullable(),
  command_name: z.string().nullable(),
  variable_name_title: z.string().nullable(),
  variable_name_price: z.string().nullable(),
  telegram_bot_token: z.string().nullable(),
  telegram_bot_username: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
export const shopSettingsResponseSchema = z.object({ settings: shopSettingsSchema, message: z.string().optional() });

// ---- products ----

const titleSchema = z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200, m.titleTooLong);
const descriptionSchema = z
  .union([z.string(), z.null()], { error: m.descriptionTooLong })
  .optional()
  .transform((value) => value?.trim() ?? '')
  .refine((value) => value.length <= 2000, m.descriptionTooLong);
const pricePointsSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, m.pricePointsInvalid).transform(Number)], { error: m.pricePointsInvalid })
  .pipe(
    z.number({ error: m.pricePointsInvalid }).int(m.pricePointsInvalid).min(0, m.pricePointsInvalid).max(100_000_000, m.pricePointsInvalid),
  );
const imageUrlSchema = optionalImageUrlSchema(m.imageUrlInvalid);
const COST_RUBLES_MAX = 10_000_000;
/** What one prize costs the seller in rubles, to the kopeck: a number or a typed text (comma or dot); null or empty: not given. */
const costSchema = z
  .union(
    [
      z.number(),
      z.null(),
      z
        .string()
        .trim()
        .regex(/^(\d+([.,]\d+)?)?$/, m.costInvalid),
    ],
    { error: m.costInvalid },
  )
  .transform((value) => (value === '' || value === null ? null : Number(String(value).replace(',', '.'))))
  .pipe(
    z
      .number()
      .min(0, m.costInvalid)
      .max(COST_RUBLES_MAX, m.costInvalid)
      .refine((rubles) => Math.abs(rubles * 100 - Math.round(rubles * 100)) < 1e-6, m.costInvalid)
      .nullable(),
  );
/** What is left to exchange: a whole number, or null (or an empty field) for unlimited. */
const quantitySchema = z
  .union([z.number(), z.null(), z.string().trim().regex(/^\d*$/, m.quantityInvalid)], { error: m.quantityInvalid })
  .transform((value) => (value === '' || value === null ? null : Number(value)))
  .pipe(z.number().int(m.quantityInvalid).min(0, m.quantityInvalid).max(QUANTITY_MAX, m.quantityInvalid).nullable());

export const createProductRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: projectIdSchema,
  title: titleSchema,
  description: descriptionSchema,
  image_url: imageUrlSchema,
  price_points: pricePointsSchema,
  quantity: quantitySchema.optional().default(null),
  cost: costSchema.optional().default(null),
  is_active: z.boolean().optional().default(true),
});
export type CreateProductRequest = z.input<typeof createProductRequestSchema>;

/** SPEC §7: partial product fields. */
export const updateProductRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: projectIdSchema,
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  image_url: imageUrlSchema.optional(),
  price_points: pricePointsSchema.optional(),
  quantity: quantitySchema.optional(),
  cost: costSchema.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;

export const productIdParamsSchema = z.object({ id: productIdSchema });

export const reorderProductRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: projectIdSchema,
  product_id: productIdSchema,
  direction: z.enum(['up', 'down'], { error: m.directionInvalid }),
});

/** SPEC §3 Shop product. */
export const shopProductSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  price_points: z.number().int(),
  /** Left to exchange; null: unlimited. */
  quantity: z.number().int().nullable(),
  /** What one prize costs the seller, rubles; null: not given. Each exchange keeps the cost of its moment. */
  cost: z.number().nullable(),
  is_active: z.boolean(),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;
export const productResponseSchema = z.object({ product: shopProductSchema, message: z.string() });
export const productsResponseSchema = z.object({ products: z.array(shopProductSchema) });

// ---- orders (exchange requests) ----

export const shopOrderSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  product_id: z.number().int().nullable(),
  buyer_tg_id: z.string(),
  buyer_name: z.string().nullable(),
  title: z.string(),
  price_points: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;
export const ordersResponseSchema = z.object({ orders: z.array(shopOrderSchema) });
export const orderIdParamsSchema = z.object({ id: positiveId(m.orderNotFound) });
export const orderActionRequestSchema = z.object({ user_id: userIdSchema.optional() });
export const orderActionResponseSchema = z.object({ message: z.string(), order: shopOrderSchema });

// ---- the buyers' shop (public) ----

export const shopTokenParamsSchema = z.object({ token: z.string().regex(SHOP_TOKEN_PATTERN, p.tokenNotFound) });

/** SPEC §3 Public product: nothing else of a product leaves the server on the public side. */
export const publicProductSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  price_points: z.number().int(),
  /** False when none is left: the card says «Нет в наличии». How many are left stays the seller's. */
  in_stock: z.boolean(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;
export const publicProductsResponseSchema = z.object({ products: z.array(publicProductSchema), shop_name: z.string() });
export type PublicProductsResponse = z.infer<typeof publicProductsResponseSchema>;

export const publicOrderSchema = shopOrderSchema.pick({ id: true, title: true, price_points: true, status: true, created_at: true });
export type PublicOrder = z.infer<typeof publicOrderSchema>;
/** The shopper's own account in the Mini App: balance, level on the action (null without levels), soonest expiry (null: nothing expires). */
export const buyerAccountResponseSchema = z.object({
  points: z.number().int(),
  level: z.object({ name: z.string(), points_percentage: z.number() }).nullable(),
  nearest_expiry: nearestExpirySchema,
  /** Points not spendable yet: held for the marketplaces' return window, by the day they become available. */
  held: heldPointsSchema,
  orders: z.array(publicOrderSchema),
});
export type BuyerAccount = z.infer<typeof buyerAccountResponseSchema>;

export const purchaseRequestSchema = z.object({
  product_id: productIdSchema,
  buyer_tg_id: z
    .union([z.string(), z.number()], { error: p.telegramIdUnknown })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,16}$/, p.telegramIdUnknown)),
});
export const purchaseResponseSchema = z.object({ message: z.string(), order: publicOrderSchema, points: z.number().int() });
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;
