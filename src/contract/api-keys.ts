import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';
import { messages } from './messages.js';

// Seller API keys (not per action): `POST/GET/DELETE /lk/api/api-keys`. A key is shown once, at
// creation; the server keeps its SHA-256 and its last four characters.

const m = messages.apiKeys;

/** What a key may do in the API (/api/v1) and in `POST /lk/api/check`. */
export const API_KEY_SCOPES = [
  'receipts:read',
  'receipts:check',
  'buyers:read',
  'points:write',
  'promo-codes:write',
  'shop:read',
  'shop:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'receipts:read': 'Чтение чеков',
  'receipts:check': 'Проверка чеков (POST /lk/api/check)',
  'buyers:read': 'Чтение покупателей и их баллов',
  'points:write': 'Начисление и списание баллов',
  'promo-codes:write': 'Добавление промокодов',
  'shop:read': 'Чтение заказов магазина',
  'shop:write': 'Выдача и отмена заказов магазина',
};

export const API_KEY_NAME_MAX = 100;
/** Keys one seller may hold at once: enough for every system they connect, few enough to review. */
export const API_KEYS_PER_SELLER = 20;

export const createApiKeyRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(API_KEY_NAME_MAX, m.nameRequired),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: m.scopeUnknown }), { error: m.scopesRequired })
    .min(1, m.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
});

export const apiKeysQuerySchema = z.object({ user_id: userIdSchema.optional() });

export const apiKeyIdParamsSchema = z.object({
  id: z.coerce.number({ error: m.notFound }).int(m.notFound).positive(m.notFound).max(2_147_483_647, m.notFound),
});

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The key's start and last four characters («sk_live_…Ab3x»): enough to tell keys apart, useless to call with. */
  masked: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysResponseSchema = z.object({ api_keys: z.array(apiKeySchema) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

/** The one answer that carries the whole key. */
export const createdApiKeyResponseSchema = z.object({ message: z.string(), api_key: apiKeySchema, key: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponseSchema>;
