import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Stand-in for Wildberries' statistics API (demo mode), under /__emulators/wildberries, as strict
 * as the real host: the token raw in `Authorization` (`demo-wb-token`; `demo-wb-content-token` is a
 * token of another category; anything else is refused with the real 401 shape), one sales call a
 * minute per token (429 with `X-Ratelimit-Retry`), rows changed at or after `dateFrom` oldest first,
 * at most `page_rows` of them. Its sales follow the demo receipts (tax/emulator.ts
 * `demoMarketplaceReceipt`): the same goods at the same price, on the last 14 Moscow days of the
 * demo clock, a few a day chosen by the day itself, so the figures are the same on every start.
 * `POST /control` (tests) adds rows, shrinks the page, and fails the next sales calls.
 */
export const DEMO_WILDBERRIES_TOKEN = 'demo-wb-token';
const CONTENT_ONLY_TOKEN = 'demo-wb-content-token';
/** What the demo receipts sell (tax/emulator.ts `demoMarketplaceReceipt`): the seller's item at 1 490 ₽. */
const DEMO_GOODS = [
  { subject: 'Товар вашего магазина (демо-чек)', article: 'DEMO-1490', nmId: 149_014_900, price: 1490 },
  { subject: 'Кружка керамическая 350 мл', article: 'MUG-350', nmId: 59_035_000, price: 590 },
] as const;
const REAL_PAGE_ROWS = 80_000;
const SALES_INTERVAL_MS = 60_000;
const PING_WINDOW_MS = 30_000;
const PINGS_PER_WINDOW = 3;
const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

export interface WildberriesRow {
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
  forPay: number;
  saleID: string;
  srid: string;
}

const controlSchema = z.object({
  /** Rows a page holds at most (the real API: about 80 000). */
  page_rows: z.number().int().min(1).max(REAL_PAGE_ROWS).optional(),
  /** The next `times` sales calls answer this status (429 with its headers, or a 5xx). */
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
});

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

/** The emulator's state: test additions and faults, the calls it counts for its limits. */
export class WildberriesEmulatorStore {
  pageRows = REAL_PAGE_ROWS;
  added: WildberriesRow[] = [];
  failNext: { status: number; times: number } | undefined;
  readonly lastSalesCall = new Map<string, number>();
  readonly pings = new Map<string, number[]>();

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
      const { page_rows: pageRows, fail_next: failNext, add_sales: addSales } = parsed.data;
      if (pageRows) store.pageRows = pageRows;
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

    app.get('/api/v1/supplier/sales', async (request, reply) => {
      const token = request.headers.authorization;
      const refused = refuse(reply, token);
      if (refused) return refused;
      const at = now().getTime();
      const last = store.lastSalesCall.get(token!);
      if (last !== undefined && at - last < SALES_INTERVAL_MS)
        return tooManyRequests(reply, Math.ceil((SALES_INTERVAL_MS - (at - last)) / 1000));
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
      store.lastSalesCall.set(token!, at);
      return store
        .rows(now())
        .filter((entry) => readDateFrom(entry.lastChangeDate)! >= from)
        .slice(0, store.pageRows);
    });
  };
}
