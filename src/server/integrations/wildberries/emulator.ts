import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Stand-in for Wildberries' statistics API (demo mode), under /__emulators/wildberries, as strict
 * as the real host: the token raw in `Authorization` (`demo-wb-token`; `demo-wb-content-token` is a
 * token of another category; anything else is refused with the real 401 shape), one call a minute
 * per token to each report, sales and orders (429 with `X-Ratelimit-Retry`), rows changed at or
 * after `dateFrom` oldest first, at most `page_rows` of them. Its sales follow the demo receipts
 * (tax/emulator.ts `demoMarketplaceReceipt`): the same goods at the same price, on the last 14
 * Moscow days of the demo clock, a few a day chosen by the day itself, so the figures are the same
 * on every start. Each sale's order was placed the day before under the same `srid`; now and then
 * an order is cancelled two hours after it was placed. `POST /control` (tests) adds rows, cancels
 * orders, shrinks the page, and fails the next report calls.
 */
export const DEMO_WILDBERRIES_TOKEN = 'demo-wb-token';
const CONTENT_ONLY_TOKEN = 'demo-wb-content-token';
/** What the demo receipts sell (tax/emulator.ts `demoMarketplaceReceipt`): the seller's item at 1 490 ₽. */
const DEMO_GOODS = [
  { subject: 'Товар вашего магазина (демо-чек)', article: 'DEMO-1490', nmId: 149_014_900, price: 1490 },
  { subject: 'Кружка керамическая 350 мл', article: 'MUG-350', nmId: 59_035_000, price: 590 },
] as const;
const REAL_PAGE_ROWS = 80_000;
const REPORT_INTERVAL_MS = 60_000;
const PING_WINDOW_MS = 30_000;
const PINGS_PER_WINDOW = 3;
const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** The fields the sales and the orders reports share, as the API writes them. */
interface ReportRow {
  date: string;
  lastChangeDate: string;
  supplierArticle: string;
  nmId: number;
  barcode: string;
  subject: string;
  brand: string;
  totalPrice: number;
  priceWithDisc: number;
  finishedPrice: number;
  srid: string;
}

export interface WildberriesRow extends ReportRow {
  forPay: number;
  saleID: string;
}

const controlSchema = z.object({
  /** Rows a page holds at most (the real API: about 80 000). */
  page_rows: z.number().int().min(1).max(REAL_PAGE_ROWS).optional(),
  /** The next `times` report calls (sales or orders) answer this status (429 with its headers, or a 5xx). */
  fail_next: z
    .object({ status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503)]), times: z.number().int().min(1).max(100) })
    .optional(),
  /** Rows added to the demo account, as the API writes them (a return: `saleID` `R…`, negative prices). */
  add_sales: z
    .array(
      z.object({
        saleID: z.string().regex(/^[SR]\w+$/),
        date: z.string(),
        lastChangeDate: z.string(),
        subject: z.string(),
        finishedPrice: z.number(),
      }),
    )
    .max(1000)
    .optional(),
  /** Orders (by `srid`) cancelled now: their `lastChangeDate` moves to now, so the next orders call brings them again. */
  cancel_orders: z.array(z.string().min(1)).max(1000).optional(),
});

export interface WildberriesOrder extends ReportRow {
  isCancel: boolean;
  /** "0001-01-01T00:00:00" while the order is not cancelled, as the real report writes it. */
  cancelDate: string;
  gNumber: string;
}

/** "2026-11-20T14:05:09" in Moscow time, as Wildberries writes it. */
function moscowText(ms: number): string {
  return new Date(ms + MOSCOW_OFFSET_MS).toISOString().slice(0, 19);
}

/** The API's `dateFrom`: RFC 3339, a date or a time; without an offset it is Moscow time. */
function readDateFrom(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const full = text.length === 10 ? `${text}T00:00:00` : text;
  const ms = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(full) ? full : `${full}+03:00`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A day's own small number: the same day gives the same sales on every start. */
function dayHash(day: number): number {
  let x = (day * 2_654_435_761) >>> 0;
  x ^= x >>> 15;
  return Math.imul(x, 2_246_822_519) >>> 0;
}

function row(id: string, dateMs: number, changedMs: number, subject: string, price: number, article: string, nmId: number): WildberriesRow {
  return {
    date: moscowText(dateMs),
    lastChangeDate: moscowText(changedMs),
    supplierArticle: article,
    nmId,
    barcode: `46${String(nmId).padStart(11, '0')}`,
    subject,
    brand: 'Демо-бренд',
    totalPrice: price,
    priceWithDisc: price,
    finishedPrice: price,
    forPay: Math.round(price * 0.8 * 100) / 100,
    saleID: id,
    srid: `${id.slice(1)}.demo.${nmId}`,
  };
}

/** The demo account's sales and returns on the 14 Moscow days before the demo clock's today. */
export function demoWildberriesRows(now: Date): WildberriesRow[] {
  const today = Math.floor((now.getTime() + MOSCOW_OFFSET_MS) / DAY_MS);
  const rows: WildberriesRow[] = [];
  for (let day = today - 14; day < today; day++) {
    const hash = dayHash(day);
    const dayStart = day * DAY_MS - MOSCOW_OFFSET_MS;
    const stamp = new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
    const count = 2 + (hash % 4);
    for (let k = 0; k < count; k++) {
      const goods = DEMO_GOODS[(hash >>> (k + 3)) % 3 === 0 ? 1 : 0];
      const at = dayStart + (9 + k * 3) * 3_600_000 + ((hash >>> k) % 3_600) * 1000;
      rows.push(row(`S${stamp}${k}`, at, at + 20 * 60_000, goods.subject, goods.price, goods.article, goods.nmId));
      // Now and then a unit comes back two days later: a return row of its own, prices negative.
      if ((hash >>> (k * 2)) % 7 === 0) {
        const back = at + 2 * DAY_MS;
        if (back < now.getTime())
          rows.push(row(`R${stamp}${k}`, back, back + 20 * 60_000, goods.subject, -goods.price, goods.article, goods.nmId));
      }
    }
  }
  return rows.filter((entry) => readDateFrom(entry.lastChangeDate)! <= now.getTime());
}

const NOT_CANCELLED = '0001-01-01T00:00:00';

function order(
  srid: string,
  at: number,
  sale: Pick<WildberriesRow, 'subject' | 'supplierArticle' | 'nmId' | 'brand' | 'totalPrice'>,
): WildberriesOrder {
  return {
    date: moscowText(at),
    lastChangeDate: moscowText(at + 10 * 60_000),
    supplierArticle: sale.supplierArticle,
    nmId: sale.nmId,
    barcode: `46${String(sale.nmId).padStart(11, '0')}`,
    subject: sale.subject,
    brand: sale.brand,
    totalPrice: sale.totalPrice,
    priceWithDisc: sale.totalPrice,
    finishedPrice: sale.totalPrice,
    isCancel: false,
    cancelDate: NOT_CANCELLED,
    gNumber: srid.split('.')[0]!,
    srid,
  };
}

/** Marks an order cancelled at `at`: its change moves there too. */
const cancelled = (entry: WildberriesOrder, at: number): WildberriesOrder => ({
  ...entry,
  isCancel: true,
  cancelDate: moscowText(at),
  lastChangeDate: moscowText(at),
});

/**
 * The demo account's orders now: each sale's order, placed a day before the sale under its `srid`,
 * and on one day in three an order cancelled two hours after it was placed at 20:00.
 */
export function demoWildberriesOrders(now: Date): WildberriesOrder[] {
  const orders = demoWildberriesRows(now)
    .filter((entry) => entry.saleID.startsWith('S'))
    .map((sale) => order(sale.srid, readDateFrom(sale.date)! - DAY_MS, sale));
  const today = Math.floor((now.getTime() + MOSCOW_OFFSET_MS) / DAY_MS);
  for (let day = today - 14; day < today; day++) {
    if (dayHash(day) % 3 !== 0) continue;
    const goods = DEMO_GOODS[0];
    const at = day * DAY_MS - MOSCOW_OFFSET_MS + 20 * 3_600_000;
    const stamp = new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
    const placed = order(`${stamp}9.demo.${goods.nmId}`, at, {
      subject: goods.subject,
      supplierArticle: goods.article,
      nmId: goods.nmId,
      brand: 'Демо-бренд',
      totalPrice: goods.price,
    });
    orders.push(cancelled(placed, at + 2 * 3_600_000));
  }
  return orders.filter((entry) => readDateFrom(entry.lastChangeDate)! <= now.getTime());
}

/** The emulator's state: test additions and faults, the calls it counts for its limits. */
export class WildberriesEmulatorStore {
  pageRows = REAL_PAGE_ROWS;
  added: WildberriesRow[] = [];
  /** Orders cancelled by a test, and when. */
  readonly cancelledOrders = new Map<string, number>();
  failNext: { status: number; times: number } | undefined;
  /** The last call of each report per token (`sales:<token>`, `orders:<token>`). */
  readonly lastReportCall = new Map<string, number>();
  readonly pings = new Map<string, number[]>();

  orders(now: Date): WildberriesOrder[] {
    return demoWildberriesOrders(now)
      .map((entry) => {
        const at = this.cancelledOrders.get(entry.srid);
        return at === undefined || entry.isCancel ? entry : cancelled(entry, at);
      })
      .sort((a, b) => readDateFrom(a.lastChangeDate)! - readDateFrom(b.lastChangeDate)! || a.srid.localeCompare(b.srid));
  }

  rows(now: Date): WildberriesRow[] {
    const byId = new Map([...demoWildberriesRows(now), ...this.added].map((entry) => [entry.saleID, entry]));
    return [...byId.values()].sort(
      (a, b) => readDateFrom(a.lastChangeDate)! - readDateFrom(b.lastChangeDate)! || a.saleID.localeCompare(b.saleID),
    );
  }
}

function problem(reply: FastifyReply, status: number, title: string, detail: string) {
  const statusText = { 400: 'Bad Request', 401: 'Unauthorized', 429: 'Too Many Requests' }[status] ?? 'Internal Server Error';
  return reply.status(status).send({
    title,
    detail,
    code: randomUUID(),
    requestId: randomUUID(),
    origin: 's2s-api-auth-stat',
    status,
    statusText,
    timestamp: new Date().toISOString(),
  });
}

function tooManyRequests(reply: FastifyReply, retrySeconds: number) {
  reply
    .header('x-ratelimit-retry', String(retrySeconds))
    .header('x-ratelimit-limit', '1')
    .header('x-ratelimit-reset', String(retrySeconds));
  return problem(reply, 429, 'too many requests', 'Limited by global limiter');
}

export function wildberriesEmulator(options: { now: () => Date; store: WildberriesEmulatorStore }): FastifyPluginAsync {
  const { store, now } = options;
  /** The token's refusal, or undefined when it opens the statistics host. */
  const refuse = (reply: FastifyReply, token: string | undefined) => {
    if (token === DEMO_WILDBERRIES_TOKEN) return undefined;
    if (token === CONTENT_ONLY_TOKEN) return problem(reply, 401, 'unauthorized', 'token scope not allowed');
    return problem(
      reply,
      401,
      'unauthorized',
      token ? 'token problem; token is malformed: could not decode token' : 'empty Authorization header',
    );
  };

  return async (app) => {
    app.post('/control', async (request, reply) => {
      const parsed = controlSchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0]?.message });
      const { page_rows: pageRows, fail_next: failNext, add_sales: addSales, cancel_orders: cancelOrders } = parsed.data;
      if (pageRows) store.pageRows = pageRows;
      for (const srid of cancelOrders ?? []) store.cancelledOrders.set(srid, now().getTime());
      if (failNext) store.failNext = { ...failNext };
      for (const added of addSales ?? []) {
        const price = added.finishedPrice;
        store.added.push({
          ...row(added.saleID, 0, 0, added.subject, price, 'TEST', 1),
          date: added.date,
          lastChangeDate: added.lastChangeDate,
        });
      }
      return { page_rows: store.pageRows, rows: store.rows(now()).length };
    });

    /** Every row of the demo account now, for tests comparing what the import stored. */
    app.get('/control/sales', async () => ({ sales: store.rows(now()) }));
    app.get('/control/orders', async () => ({ orders: store.orders(now()) }));

    app.get('/ping', async (request, reply) => {
      const token = request.headers.authorization;
      const refused = refuse(reply, token);
      if (refused) return refused;
      const at = now().getTime();
      const recent = (store.pings.get(token!) ?? []).filter((time) => at - time < PING_WINDOW_MS);
      if (recent.length >= PINGS_PER_WINDOW) return tooManyRequests(reply, Math.ceil((PING_WINDOW_MS - (at - recent[0]!)) / 1000));
      store.pings.set(token!, [...recent, at]);
      return { TS: new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 19) + '+03:00', Status: 'OK' };
    });

    /** A report: one call a minute per token, rows changed at or after `dateFrom`, oldest first, one page. */
    const report =
      (name: 'sales' | 'orders', rowsNow: () => { lastChangeDate: string }[]) => async (request: FastifyRequest, reply: FastifyReply) => {
        const token = request.headers.authorization;
        const refused = refuse(reply, token);
        if (refused) return refused;
        const at = now().getTime();
        const key = `${name}:${token}`;
        const last = store.lastReportCall.get(key);
        if (last !== undefined && at - last < REPORT_INTERVAL_MS)
          return tooManyRequests(reply, Math.ceil((REPORT_INTERVAL_MS - (at - last)) / 1000));
        if (store.failNext) {
          const { status } = store.failNext;
          if (--store.failNext.times === 0) store.failNext = undefined;
          if (status === 429) return tooManyRequests(reply, 60);
          return reply.status(status).type('text/html').send(`<html><body>${status}</body></html>`);
        }
        const query = request.query as Record<string, string | undefined>;
        const from = query.dateFrom ? readDateFrom(query.dateFrom) : undefined;
        if (from === undefined) return problem(reply, 400, 'bad request', 'Invalid dateFrom: expected RFC3339 date or date-time');
        if (query.flag !== undefined && query.flag !== '0' && query.flag !== '1') return problem(reply, 400, 'bad request', 'Invalid flag');
        store.lastReportCall.set(key, at);
        return rowsNow()
          .filter((entry) => readDateFrom(entry.lastChangeDate)! >= from)
          .slice(0, store.pageRows);
      };
    app.get(
      '/api/v1/supplier/sales',
      report('sales', () => store.rows(now())),
    );
    app.get(
      '/api/v1/supplier/orders',
      report('orders', () => store.orders(now())),
    );
  };
}
