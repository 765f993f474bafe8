import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Stand-in for Ozon's Seller API (demo mode), under /__emulators/ozon, as strict as the real one:
 * `Client-Id` and `Api-Key` (`demo-ozon-client` / `demo-ozon-key`; `demo-ozon-key-no-role` has no
 * role for postings; missing headers 401, a wrong key 403, both as `{ code, message, details }`),
 * `limit` 1–1000, `since` and `to` required and at most a year apart, `offset` paging, the FBS
 * list's `has_next`. Its postings follow the demo receipts (tax/emulator.ts
 * `demoMarketplaceReceipt`): the same goods at the same price, on the last 14 Moscow days of the
 * demo clock, chosen by the day itself, so the figures are the same on every start; one in a few is
 * cancelled. The returns list (`POST /v1/returns/list`: `limit` 1–500 required, one time filter at
 * most, `last_id` paging, ids growing with time) holds returns of those postings only: a cancelled
 * posting's cancellation, and for some delivered ones a buyer's return of all its units two days
 * later or of one unit the next day, each there from its moment on. `POST /control` (tests) fails
 * the next calls (of one method with `method`); `GET /control/postings` and `/control/returns` list them all.
 */
export const DEMO_OZON_CLIENT_ID = 'demo-ozon-client';
export const DEMO_OZON_API_KEY = 'demo-ozon-key';
const NO_ROLE_API_KEY = 'demo-ozon-key-no-role';
const DEMO_GOODS = [
  { name: 'Товар вашего магазина (демо-чек)', offer: 'DEMO-1490', sku: 1_490_149_001, price: '1490.0000' },
  { name: 'Кружка керамическая 350 мл', offer: 'MUG-350', sku: 590_059_002, price: '590.0000' },
] as const;
const MAX_LIMIT = 1000;
const YEAR_MS = 366 * 86_400_000;
const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

export interface OzonEmulatedPosting {
  scheme: 'fbo' | 'fbs';
  posting_number: string;
  order_id: number;
  order_number: string;
  status: string;
  created_at: string;
  in_process_at: string;
  products: { sku: number; name: string; offer_id: string; price: string; quantity: number; currency_code: string }[];
}

export interface OzonEmulatedReturn {
  id: number;
  type: 'Cancellation' | 'ClientReturn' | 'PartialReturn';
  schema: 'Fbo' | 'Fbs';
  order_id: number;
  order_number: string;
  posting_number: string;
  return_reason_name: string;
  product: {
    sku: number;
    offer_id: string;
    name: string;
    price: { currency_code: string; price: number };
    quantity: number;
  };
  logistic: { return_date: string | null; final_moment: string | null; barcode: string };
  visual: { status: { id: number; display_name: string; sys_name: string }; change_moment: string };
}

function dayHash(day: number): number {
  let x = (day * 2_246_822_519) >>> 0;
  x ^= x >>> 13;
  return Math.imul(x, 3_266_489_917) >>> 0;
}

/** The demo account's postings on the 14 Moscow days before the demo clock's today. */
export function demoOzonPostings(now: Date): OzonEmulatedPosting[] {
  const today = Math.floor((now.getTime() + MOSCOW_OFFSET_MS) / DAY_MS);
  const postings: OzonEmulatedPosting[] = [];
  for (let day = today - 14; day < today; day++) {
    const hash = dayHash(day);
    for (let k = 0; k < 1 + (hash % 3); k++) {
      const goods = DEMO_GOODS[(hash >>> (k + 5)) % 4 === 0 ? 1 : 0];
      const at = new Date(day * DAY_MS - MOSCOW_OFFSET_MS + (10 + k * 4) * 3_600_000 + ((hash >>> k) % 3_000) * 1000).toISOString();
      const order = 10_000_000 + (day % 100_000) * 10 + k;
      postings.push({
        scheme: k % 2 === 0 ? 'fbo' : 'fbs',
        posting_number: `${order}-0001-1`,
        order_id: order,
        order_number: `${order}-0001`,
        status: (hash >>> (k * 3)) % 5 === 0 ? 'cancelled' : 'delivered',
        created_at: at,
        in_process_at: at,
        products: [
          {
            sku: goods.sku,
            name: goods.name,
            offer_id: goods.offer,
            price: goods.price,
            quantity: 1 + ((hash >>> k) % 2),
            currency_code: 'RUB',
          },
        ],
      });
    }
  }
  return postings;
}

/**
 * The demo account's returns now: one per cancelled posting (its cancellation, two hours after it
 * was taken), and for delivered ones a buyer's return of all units two days later (one posting in
 * four) or of one of two units the next day (one in three of the rest). A return exists from its moment.
 */
export function demoOzonReturns(now: Date): OzonEmulatedReturn[] {
  const returns: OzonEmulatedReturn[] = [];
  for (const posting of demoOzonPostings(now)) {
    const taken = Date.parse(posting.in_process_at);
    const product = posting.products[0]!;
    const of = (type: OzonEmulatedReturn['type'], at: number, quantity: number, reason: string, status: [number, string, string]) => {
      if (at > now.getTime()) return;
      const moment = new Date(at).toISOString();
      returns.push({
        // Ozon's return ids grow with time: the moment in seconds, then the order's last digits for two at one second.
        id: Math.floor(at / 1000) * 100 + (posting.order_id % 100),
        type,
        schema: posting.scheme === 'fbo' ? 'Fbo' : 'Fbs',
        order_id: posting.order_id,
        order_number: posting.order_number,
        posting_number: posting.posting_number,
        return_reason_name: reason,
        product: {
          sku: product.sku,
          offer_id: product.offer_id,
          name: product.name,
          price: { currency_code: 'RUB', price: Number(product.price) },
          quantity,
        },
        logistic: { return_date: type === 'Cancellation' ? null : moment, final_moment: null, barcode: `ii${posting.order_id}` },
        visual: { status: { id: status[0], display_name: status[1], sys_name: status[2] }, change_moment: moment },
      });
    };
    if (posting.status === 'cancelled')
      of('Cancellation', taken + 2 * 3_600_000, product.quantity, 'Покупатель отменил заказ', [1, 'Отменён', 'Cancelled']);
    else if (posting.order_id % 4 === 0)
      of('ClientReturn', taken + 2 * DAY_MS, product.quantity, 'Не подошёл размер', [4, 'Возвращён на склад', 'ReturnedToOzon']);
    else if (product.quantity === 2 && posting.order_id % 3 === 0)
      of('PartialReturn', taken + DAY_MS, 1, 'Покупатель отказался от части товара', [4, 'Возвращён на склад', 'ReturnedToOzon']);
  }
  return returns.sort((a, b) => a.id - b.id);
}

const listSchema = z.object({
  dir: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
  filter: z.object({ since: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }), status: z.string().optional() }),
  limit: z.number().int(),
  offset: z.number().int().min(0).default(0),
});

const timeRangeSchema = z.object({ time_from: z.iso.datetime({ offset: true }), time_to: z.iso.datetime({ offset: true }) });
const returnsListSchema = z.object({
  filter: z
    .object({
      logistic_return_date: timeRangeSchema.optional(),
      storage_tariffication_start_date: timeRangeSchema.optional(),
      visual_status_change_moment: timeRangeSchema.optional(),
      posting_numbers: z.array(z.string()).max(50).optional(),
    })
    .optional(),
  limit: z.number().int(),
  last_id: z.number().int().min(0).default(0),
});
const RETURNS_MAX_LIMIT = 500;

type EmulatedMethod = 'postings' | 'returns';

const controlSchema = z.object({
  /** The next `times` calls (of `method` only, when given) answer this status (429 the rate limit, or a 5xx). */
  fail_next: z.object({
    status: z.union([z.literal(429), z.literal(500), z.literal(503)]),
    times: z.number().int().min(1).max(100),
    method: z.enum(['postings', 'returns']).optional(),
  }),
});

export class OzonEmulatorStore {
  failNext: { status: number; times: number; method?: EmulatedMethod } | undefined;
}

const error = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply.status(status).send({ code, message, details: [] });

export function ozonEmulator(options: { now: () => Date; store: OzonEmulatorStore }): FastifyPluginAsync {
  const { store, now } = options;

  /** The credentials' refusal or a failure the test asked for; undefined when the call goes on. */
  function refuse(request: FastifyRequest, reply: FastifyReply, method: EmulatedMethod) {
    const clientId = request.headers['client-id'];
    const apiKey = request.headers['api-key'];
    if (!clientId || !apiKey) return error(reply, 401, 16, 'Client-Id and Api-Key headers are required');
    if (clientId !== DEMO_OZON_CLIENT_ID || (apiKey !== DEMO_OZON_API_KEY && apiKey !== NO_ROLE_API_KEY))
      return error(reply, 403, 16, 'Invalid Api-Key, please contact support');
    if (apiKey === NO_ROLE_API_KEY) return error(reply, 403, 7, 'Api-Key has no access to this method');
    if (store.failNext && (store.failNext.method ?? method) === method) {
      const { status } = store.failNext;
      if (--store.failNext.times === 0) store.failNext = undefined;
      if (status === 429) return error(reply, 429, 8, 'You have reached request rate limit per second');
      return error(reply, status, 13, 'Internal error');
    }
    return undefined;
  }

  function list(scheme: 'fbo' | 'fbs') {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const refused = refuse(request, reply, 'postings');
      if (refused) return refused;
      const parsed = listSchema.safeParse(request.body);
      if (!parsed.success) return error(reply, 400, 3, `Invalid request: ${parsed.error.issues[0]?.path.join('.')}`);
      const { filter, limit, offset, dir } = parsed.data;
      if (limit < 1 || limit > MAX_LIMIT) return error(reply, 400, 3, `limit must be in range 1..${MAX_LIMIT}`);
      const since = Date.parse(filter.since);
      const to = Date.parse(filter.to);
      if (to < since || to - since > YEAR_MS) return error(reply, 400, 3, 'period must be at most one year');
      const matching = demoOzonPostings(now())
        .filter((posting) => posting.scheme === scheme && (!filter.status || posting.status === filter.status))
        .filter(
          (posting) =>
            Date.parse(posting.in_process_at) >= since &&
            Date.parse(posting.in_process_at) <= to &&
            Date.parse(posting.in_process_at) <= now().getTime(),
        )
        .sort((a, b) => a.in_process_at.localeCompare(b.in_process_at) * (dir?.toUpperCase() === 'DESC' ? -1 : 1));
      const page = matching.slice(offset, offset + limit).map(({ scheme: _scheme, ...posting }) => posting);
      return scheme === 'fbo' ? { result: page } : { result: { postings: page, has_next: offset + limit < matching.length } };
    };
  }

  async function returnsList(request: FastifyRequest, reply: FastifyReply) {
    const refused = refuse(request, reply, 'returns');
    if (refused) return refused;
    const parsed = returnsListSchema.safeParse(request.body);
    if (!parsed.success) return error(reply, 400, 3, `Invalid request: ${parsed.error.issues[0]?.path.join('.')}`);
    const { filter, limit, last_id: lastId } = parsed.data;
    if (limit < 1 || limit > RETURNS_MAX_LIMIT) return error(reply, 400, 3, `limit must be in range 1..${RETURNS_MAX_LIMIT}`);
    const ranges = [filter?.logistic_return_date, filter?.storage_tariffication_start_date, filter?.visual_status_change_moment];
    if (ranges.filter(Boolean).length > 1)
      return error(
        reply,
        400,
        3,
        'only one of logistic_return_date, storage_tariffication_start_date, visual_status_change_moment is allowed',
      );
    const within = (moment: string | null, range: z.infer<typeof timeRangeSchema> | undefined) =>
      !range || (moment !== null && Date.parse(moment) >= Date.parse(range.time_from) && Date.parse(moment) <= Date.parse(range.time_to));
    const matching = demoOzonReturns(now()).filter(
      (entry) =>
        entry.id > lastId &&
        within(entry.logistic.return_date, filter?.logistic_return_date) &&
        // No return of the demo account is kept in storage: a filter by its start finds none.
        !filter?.storage_tariffication_start_date &&
        within(entry.visual.change_moment, filter?.visual_status_change_moment) &&
        (!filter?.posting_numbers || filter.posting_numbers.includes(entry.posting_number)),
    );
    return { returns: matching.slice(0, limit), has_next: matching.length > limit };
  }

  return async (app) => {
    app.post('/control', async (request, reply) => {
      const parsed = controlSchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0]?.message });
      store.failNext = { ...parsed.data.fail_next };
      return {};
    });
    /** Every posting of the demo account now, for tests comparing what the import stored. */
    app.get('/control/postings', async () => ({
      postings: demoOzonPostings(now()).filter((posting) => Date.parse(posting.in_process_at) <= now().getTime()),
    }));
    /** Every return of the demo account now. */
    app.get('/control/returns', async () => ({ returns: demoOzonReturns(now()) }));
    app.post('/v2/posting/fbo/list', list('fbo'));
    app.post('/v1/returns/list', returnsList);
    app.post('/v3/posting/fbs/list', list('fbs'));
  };
}
