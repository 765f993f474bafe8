import { z } from 'zod';
import { callMarketplace, jsonOf, MarketplaceApiError, retryAfterSeconds } from '../marketplace-api.js';

/**
 * Client of Wildberries' statistics API (statistics-api.wildberries.ru), read with the seller's
 * token sent raw in `Authorization` (no "Bearer"). `GET /ping` checks the token for the host's
 * category; `GET /api/v1/supplier/sales?dateFrom=…&flag=0` answers every sale and return whose
 * `lastChangeDate` is at or after `dateFrom` (Moscow time), oldest first, up to about 80 000 rows;
 * the next call starts from the last row's `lastChangeDate`. One sales call a minute per seller
 * (429 with `X-Ratelimit-Retry` otherwise). Each row is one unit: `saleID` `S…` a sale, `R…` a
 * return; `finishedPrice` what the buyer paid (negative on a return). `GET /api/v1/supplier/orders`
 * is read the same way, with its own call a minute: a row per unit ordered, `srid` the order's id,
 * `isCancel` and `cancelDate` once it is cancelled (its `lastChangeDate` then moves, so it comes again).
 */
const saleRowSchema = z.object({
  date: z.string().min(1),
  lastChangeDate: z.string().min(1),
  supplierArticle: z.string().nullish(),
  nmId: z.number().int().nullish(),
  barcode: z.string().nullish(),
  subject: z.string().nullish(),
  brand: z.string().nullish(),
  totalPrice: z.number(),
  priceWithDisc: z.number().nullish(),
  finishedPrice: z.number(),
  forPay: z.number().nullish(),
  saleID: z.string().regex(/^[A-Z]\S+$/),
  srid: z.string().nullish(),
});
export type WildberriesSaleRow = z.infer<typeof saleRowSchema>;

const orderRowSchema = z.object({
  date: z.string().min(1),
  lastChangeDate: z.string().min(1),
  supplierArticle: z.string().nullish(),
  nmId: z.number().int().nullish(),
  subject: z.string().nullish(),
  totalPrice: z.number(),
  priceWithDisc: z.number().nullish(),
  finishedPrice: z.number().nullish(),
  isCancel: z.boolean(),
  cancelDate: z.string().nullish(),
  srid: z.string().min(1),
});
export type WildberriesOrderRow = z.infer<typeof orderRowSchema>;

const reportAnswerSchema = z.array(z.unknown());

export interface WildberriesClient {
  /** Resolves when the token opens the statistics host; throws MarketplaceApiError otherwise. */
  ping(token: string): Promise<void>;
  /** One page of sales and returns changed at or after `dateFrom` (Wildberries' own Moscow-time text). */
  sales(token: string, dateFrom: string): Promise<WildberriesSaleRow[]>;
  /** One page of orders (cancelled ones marked) changed at or after `dateFrom`. */
  orders(token: string, dateFrom: string): Promise<WildberriesOrderRow[]>;
}

export function createWildberriesClient(options: { baseUrl: string; timeoutMs: number }): WildberriesClient {
  async function get(token: string, pathAndQuery: string): Promise<unknown> {
    const response = await callMarketplace(
      `${options.baseUrl}${pathAndQuery}`,
      { headers: { authorization: token, accept: 'application/json' } },
      options.timeoutMs,
    );
    if (response.status === 401) {
      const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
      // A token of another category (content, prices…) is refused with this detail, not as malformed.
      const scope = typeof body.detail === 'string' && body.detail.includes('scope not allowed');
      throw new MarketplaceApiError({ kind: scope ? 'no_access' : 'credentials_refused' });
    }
    if (response.status === 403) throw new MarketplaceApiError({ kind: 'no_access' });
    if (response.status === 429) throw new MarketplaceApiError({ kind: 'rate_limited', retryAfterSeconds: retryAfterSeconds(response) });
    if (response.status >= 500) throw new MarketplaceApiError({ kind: 'temporary', reason: `HTTP ${response.status}` });
    if (!response.ok) throw new MarketplaceApiError({ kind: 'malformed', reason: `HTTP ${response.status}` });
    return jsonOf(response);
  }

  /** One page of a report (`/api/v1/supplier/<name>`), each row read with its schema. */
  async function report<T>(token: string, name: 'sales' | 'orders', dateFrom: string, schema: z.ZodType<T>): Promise<T[]> {
    const answer = reportAnswerSchema.safeParse(
      await get(token, `/api/v1/supplier/${name}?${new URLSearchParams({ dateFrom, flag: '0' })}`),
    );
    if (!answer.success) throw new MarketplaceApiError({ kind: 'malformed', reason: `${name} answer is not a list` });
    return answer.data.map((row, index) => {
      const parsed = schema.safeParse(row);
      if (!parsed.success)
        throw new MarketplaceApiError({ kind: 'malformed', reason: `${name} row ${index}: ${parsed.error.issues[0]?.message}` });
      return parsed.data;
    });
  }

  return {
    async ping(token) {
      const body = z.object({ Status: z.string() }).safeParse(await get(token, '/ping'));
      if (!body.success || body.data.Status !== 'OK') throw new MarketplaceApiError({ kind: 'malformed', reason: 'ping answer' });
    },
    sales: (token, dateFrom) => report(token, 'sales', dateFrom, saleRowSchema),
    orders: (token, dateFrom) => report(token, 'orders', dateFrom, orderRowSchema),
  };
}
