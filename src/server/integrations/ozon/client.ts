import { z } from 'zod';
import { callMarketplace, jsonOf, MarketplaceApiError, retryAfterSeconds } from '../marketplace-api.js';

/**
 * Client of Ozon's Seller API (api-seller.ozon.ru), headers `Client-Id` and `Api-Key`. The
 * postings shipped from Ozon's warehouses (`POST /v2/posting/fbo/list`, a bare list) and from the
 * seller's (`POST /v3/posting/fbs/list`, with `has_next`), filtered by `in_process_at` between
 * `since` and `to`, paged by `offset` with `limit` at most 1000. The returns of both
 * (`POST /v1/returns/list`), filtered by one time range (here the moment a return's status last
 * changed), paged by `last_id` (the last return read) with `limit` at most 500 and `has_next`.
 * Errors answer `{ code, message, details }`: 401/403 refused credentials, 429 the rate limit.
 */
const productSchema = z.object({
  sku: z.number().int(),
  name: z.string(),
  offer_id: z.string().nullish(),
  price: z.string().regex(/^\d+(\.\d+)?$/),
  quantity: z.number().int().positive(),
});
const postingSchema = z.object({
  posting_number: z.string().min(1),
  status: z.string(),
  in_process_at: z.string().nullish(),
  created_at: z.string().nullish(),
  products: z.array(productSchema),
});
export type OzonPosting = z.infer<typeof postingSchema>;

/** Ozon writes its int64 ids as numbers, and as strings in some answers: both are read as text. */
const idSchema = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
const moneySchema = z.object({ price: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]).transform(Number) });
const returnSchema = z.object({
  id: idSchema,
  /** `ClientReturn` after delivery, `PartialReturn` / `FullReturn` refused at delivery, `Cancellation` before it, `Unknown` technical. */
  type: z.string(),
  posting_number: z.string().min(1),
  product: z.object({
    sku: idSchema,
    name: z.string(),
    offer_id: z.string().nullish(),
    price: moneySchema.nullish(),
    quantity: z.number().int().positive().nullish(),
  }),
  logistic: z.object({ return_date: z.string().nullish() }).nullish(),
  visual: z.object({ change_moment: z.string().nullish() }).nullish(),
});
export type OzonReturn = z.infer<typeof returnSchema>;

/** At most this many postings a page (the API's own limit). */
export const OZON_PAGE_LIMIT = 1000;
/** At most this many returns a page (the API's own limit). */
export const OZON_RETURNS_PAGE_LIMIT = 500;

export type OzonScheme = 'fbo' | 'fbs';

export interface OzonCredentials {
  clientId: string;
  apiKey: string;
}

export interface OzonClient {
  /** One page of postings taken into work between `since` and `to`; `hasNext` says whether another page follows. */
  postings(
    credentials: OzonCredentials,
    scheme: OzonScheme,
    page: { since: Date; to: Date; offset: number; limit: number },
  ): Promise<{ postings: OzonPosting[]; hasNext: boolean }>;
  /** One page of returns whose status changed between `since` and `to`, after the return `lastId` (0: from the first). */
  returns(
    credentials: OzonCredentials,
    page: { since: Date; to: Date; lastId: number; limit: number },
  ): Promise<{ returns: OzonReturn[]; hasNext: boolean }>;
}

export function createOzonClient(options: { baseUrl: string; timeoutMs: number }): OzonClient {
  async function post(credentials: OzonCredentials, path: string, body: object): Promise<unknown> {
    const response = await callMarketplace(
      `${options.baseUrl}${path}`,
      {
        method: 'POST',
        headers: { 'client-id': credentials.clientId, 'api-key': credentials.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      options.timeoutMs,
    );
    if (response.status === 401 || response.status === 403) {
      const answer = (await response.json().catch(() => ({}))) as { code?: unknown };
      // code 7 (PERMISSION_DENIED) is a valid key without the role; anything else refuses the key itself.
      throw new MarketplaceApiError({ kind: response.status === 403 && answer.code === 7 ? 'no_access' : 'credentials_refused' });
    }
    if (response.status === 429) throw new MarketplaceApiError({ kind: 'rate_limited', retryAfterSeconds: retryAfterSeconds(response) });
    if (response.status >= 500) throw new MarketplaceApiError({ kind: 'temporary', reason: `HTTP ${response.status}` });
    if (!response.ok) throw new MarketplaceApiError({ kind: 'malformed', reason: `HTTP ${response.status}` });
    return jsonOf(response);
  }

  return {
    async postings(credentials, scheme, page) {
      const body = {
        dir: 'ASC',
        filter: { since: page.since.toISOString(), to: page.to.toISOString() },
        limit: page.limit,
        offset: page.offset,
        with: { analytics_data: false, financial_data: false },
      };
      const list = z.array(z.unknown());
      let raw: unknown[];
      let hasNext: boolean;
      if (scheme === 'fbo') {
        const answer = z.object({ result: list }).safeParse(await post(credentials, '/v2/posting/fbo/list', body));
        if (!answer.success) throw new MarketplaceApiError({ kind: 'malformed', reason: 'fbo list answer' });
        raw = answer.data.result;
        // The FBO list says nothing of a next page: a full page may have one.
        hasNext = raw.length === page.limit;
      } else {
        const answer = z
          .object({ result: z.object({ postings: list, has_next: z.boolean() }) })
          .safeParse(await post(credentials, '/v3/posting/fbs/list', body));
        if (!answer.success) throw new MarketplaceApiError({ kind: 'malformed', reason: 'fbs list answer' });
        raw = answer.data.result.postings;
        hasNext = answer.data.result.has_next;
      }
      const postings = raw.map((entry, index) => {
        const parsed = postingSchema.safeParse(entry);
        if (!parsed.success)
          throw new MarketplaceApiError({ kind: 'malformed', reason: `${scheme} posting ${index}: ${parsed.error.issues[0]?.message}` });
        return parsed.data;
      });
      return { postings, hasNext };
    },
    async returns(credentials, page) {
      const body = {
        filter: { visual_status_change_moment: { time_from: page.since.toISOString(), time_to: page.to.toISOString() } },
        limit: page.limit,
        last_id: page.lastId,
      };
      const answer = z
        .object({ returns: z.array(z.unknown()), has_next: z.boolean() })
        .safeParse(await post(credentials, '/v1/returns/list', body));
      if (!answer.success) throw new MarketplaceApiError({ kind: 'malformed', reason: 'returns list answer' });
      const returns = answer.data.returns.map((entry, index) => {
        const parsed = returnSchema.safeParse(entry);
        if (!parsed.success)
          throw new MarketplaceApiError({ kind: 'malformed', reason: `return ${index}: ${parsed.error.issues[0]?.message}` });
        return parsed.data;
      });
      return { returns, hasNext: answer.data.has_next };
    },
  };
}
