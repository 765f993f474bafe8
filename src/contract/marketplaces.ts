import { userIdSchema } from './auth.js';
import { bigIdParam } from './ids.js';
import { MARKETPLACES } from './marketplace-link.js';
import { marketplacesMessages as m } from './messages/marketplaces.js';
import { z } from './zod-setup.js';

/** How each marketplace names itself in the seller's texts. */
export const MARKETPLACE_NAMES = { wildberries: 'Wildberries', ozon: 'Ozon' } as const;

/** Credentials are pasted: no spaces inside, trimmed around. */
const credential = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\S{1,${max}}$`), message);

/** `POST /marketplaces`: a Wildberries statistics token, or an Ozon Client-Id with its Api-Key. */
export const connectMarketplaceRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ user_id: userIdSchema.optional(), kind: z.literal('wildberries'), token: credential(4000, m.wildberriesTokenInvalid) }),
    z.object({
      user_id: userIdSchema.optional(),
      kind: z.literal('ozon'),
      client_id: credential(40, m.ozonClientIdInvalid),
      api_key: credential(200, m.ozonApiKeyInvalid),
    }),
  ],
  { error: m.kindInvalid },
);
export type ConnectMarketplaceRequest = z.infer<typeof connectMarketplaceRequestSchema>;

export const IMPORT_STATUSES = ['idle', 'queued', 'running', 'waiting', 'failed'] as const;

/** A connection as the cabinet sees it: never the key, only its last four characters. */
export const marketplaceConnectionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MARKETPLACES),
  secret_hint: z.string(),
  created_at: z.string(),
  import_status: z.enum(IMPORT_STATUSES),
  /** Every row the marketplace changed up to this moment is stored; null: not yet imported. */
  imported_until: z.string().nullable(),
  /** Why the import stopped or is retrying, in Russian. */
  import_error: z.string().nullable(),
  /** A rate limit's or a retry's wait: the import goes on then. */
  import_not_before: z.string().nullable(),
  last_import_at: z.string().nullable(),
  /** Rows of units sold and returned stored for this connection. */
  rows_stored: z.number().int(),
});
export type MarketplaceConnection = z.infer<typeof marketplaceConnectionSchema>;

export const marketplaceListQuerySchema = z.object({ user_id: userIdSchema.optional() });
export const marketplaceListResponseSchema = z.object({ marketplaces: z.array(marketplaceConnectionSchema) });
export type MarketplaceList = z.infer<typeof marketplaceListResponseSchema>;
export const marketplaceIdParamsSchema = z.object({ id: bigIdParam(m.notFound) });
export const marketplaceImportRequestSchema = z.object({ user_id: userIdSchema.optional() });
export const marketplaceRemovedResponseSchema = z.object({ message: z.string() });
