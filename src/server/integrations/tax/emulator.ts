import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { dataJsonSchema, formatQrraw, qrOfReceipt, readQrraw, receiptKey, type ReceiptQr } from './emulator-receipt.js';

/**
 * Stand-in for the proverkacheka.com API (demo mode), under /__emulators/tax.
 * `POST /receipts` registers a receipt in the service's `data.json` form (optionally with a
 * behaviour for tests); the API then answers for its QR string exactly as the real one does.
 */
const behaviourSchema = z
  .object({
    /** Answer code 2 ("not ready") this many times first. */
    notReadyTimes: z.number().int().min(0).max(10).default(0),
    /** Always answer this code (3 limit, 4 wait, 5 error) — the service misbehaving. */
    code: z.union([z.literal(3), z.literal(4), z.literal(5)]).optional(),
    /** Delay every answer (slow service). */
    delayMs: z.number().int().min(0).max(60_000).default(0),
    /** Answer with this HTTP status and an HTML page (a proxy in front of the service failing). */
    httpStatus: z.number().int().min(400).max(599).optional(),
    /** Answer with something that is not the API's answer. */
    garbage: z.enum(['not_json', 'no_code', 'found_without_receipt', 'broken_receipt']).optional(),
    /** Answer "found" with this receipt instead of the one asked about. */
    otherReceipt: z.record(z.string(), z.unknown()).optional(),
  })
  .default({ notReadyTimes: 0, delayMs: 0 });

const registrationSchema = z.union([
  z.object({ receipt: dataJsonSchema.passthrough(), behaviour: behaviourSchema }),
  dataJsonSchema.passthrough().transform((receipt) => ({ receipt, behaviour: behaviourSchema.parse(undefined) })),
]);

interface Registered {
  json: unknown;
  qr: ReceiptQr;
  behaviour: z.infer<typeof behaviourSchema>;
  notReadyLeft: number;
  requests: number;
}

/** The emulator's receipts, shared by its HTTP API and the demo-mode helper of the cabinet. */
export class TaxEmulatorStore {
  readonly receipts = new Map<string, Registered>();

  /** Registers a receipt in `data.json` form; returns its QR string, or undefined if it is not a receipt. */
  register(json: unknown, behaviour: z.infer<typeof behaviourSchema> = behaviourSchema.parse(undefined)): string | undefined {
    const qr = qrOfReceipt(json);
    if (!qr) return undefined;
    this.receipts.set(receiptKey(qr), { json, qr, behaviour, notReadyLeft: behaviour.notReadyTimes, requests: 0 });
    return formatQrraw(qr);
  }
}

/**
 * A marketplace receipt bought a minute ago, whose first line is the given seller's goods
 * (supplier INN, FNS tag 1226) and whose second line belongs to another seller.
 */
export function demoMarketplaceReceipt(sellerInn: string, now: Date): Record<string, unknown> {
  const moscow = new Date(now.getTime() - 60_000 + 3 * 3_600_000).toISOString().slice(0, 16);
  const ours = 149_000;
  const theirs = 59_000;
  return {
    user: 'ООО "Вайлдберриз"',
    userInn: '7721546864  ',
    dateTime: `${moscow}:00`,
    totalSum: ours + theirs,
    operationType: 1,
    fiscalDriveNumber: '7380440800792177',
    fiscalDocumentNumber: 1 + Math.floor(Math.random() * 999_999_999),
    fiscalSign: 1 + Math.floor(Math.random() * 4_000_000_000),
    retailPlace: 'https://www.wildberries.ru/',
    items: [
      { name: 'Товар вашего магазина (демо-чек)', price: ours, quantity: 1, sum: ours, providerInn: sellerInn },
      { name: 'Товар другого продавца', price: theirs, quantity: 1, sum: theirs, providerInn: '7717144513' },
    ],
  };
}

export function taxEmulator(options: { token: string; store: TaxEmulatorStore }): FastifyPluginAsync {
  const { receipts } = options.store;

  return async (app) => {
    await app.register(formbody);

    app.post('/receipts', async (request, reply) => {
      const parsed = registrationSchema.safeParse(request.body);
      const qrraw = parsed.success ? options.store.register(parsed.data.receipt, parsed.data.behaviour) : undefined;
      if (!qrraw) return reply.status(400).send({ message: 'Это не чек в формате data.json налоговой службы' });
      return reply.status(201).send({ qrraw });
    });

    /** How often the API was asked about each receipt (the app must cache). */
    app.get('/requests', async () => Object.fromEntries([...receipts].map(([key, entry]) => [key, entry.requests])));

    app.post('/api/v1/check/get', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.token !== options.token) return { code: 5, data: 'Неверный токен' };
      const qr = typeof body.qrraw === 'string' ? readQrraw(body.qrraw) : undefined;
      const entry = qr ? receipts.get(receiptKey(qr)) : undefined;
      if (entry) entry.requests++;
      if (entry?.behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, entry.behaviour.delayMs));
      // The real service checks every field of the QR against the receipt, to the minute.
      if (
        !qr ||
        !entry ||
        entry.qr.totalKopecks !== qr.totalKopecks ||
        entry.qr.localDateTime.slice(0, 16) !== qr.localDateTime.slice(0, 16) ||
        entry.qr.n !== qr.n
      ) {
        return { code: 0, data: 'Чек некорректен' };
      }
      const { httpStatus, garbage, otherReceipt } = entry.behaviour;
      if (httpStatus) return reply.status(httpStatus).type('text/html').send('<html><body>502 Bad Gateway</body></html>');
      if (garbage === 'not_json') return reply.type('application/json').send('{"code":1,"data":{"json":');
      if (garbage === 'no_code') return { status: 'ok', data: { json: entry.json } };
      if (garbage === 'found_without_receipt') return { code: 1, data: 'готово' };
      if (garbage === 'broken_receipt') return { code: 1, data: { json: { items: 'нет', totalSum: 'много', dateTime: null } } };
      if (otherReceipt) return { code: 1, first: 0, data: { json: otherReceipt }, request: { qrraw: body.qrraw } };
      if (entry.behaviour.code) return { code: entry.behaviour.code, data: 'Сервис временно недоступен' };
      if (entry.notReadyLeft > 0) {
        entry.notReadyLeft--;
        return { code: 2, data: 'Данные чека пока не получены' };
      }
      return { code: 1, first: 0, data: { json: entry.json }, request: { qrraw: body.qrraw } };
    });
  };
}
