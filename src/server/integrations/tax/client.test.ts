import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshReceipt } from '../../../../tests/support/receipts.js';
import { createTaxClient, type TaxCallOutcome } from './client.js';
import { TaxEmulatorStore, taxEmulator } from './emulator.js';

describe('tax client’s observer', () => {
  const store = new TaxEmulatorStore();
  const app = Fastify();
  let baseUrl = '';
  beforeAll(async () => {
    await app.register(taxEmulator({ token: 'token', store }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  const lookUp = async (behaviour: Parameters<TaxEmulatorStore['register']>[1]) => {
    const seen: TaxCallOutcome[] = [];
    const client = createTaxClient({
      baseUrl,
      token: 'token',
      timeoutMs: 2_000,
      retryDelaysMs: [10],
      observe: (seconds, outcome) => {
        expect(seconds).toBeGreaterThanOrEqual(0);
        seen.push(outcome);
      },
    });
    const qrraw = store.register(freshReceipt('wb-aurora-cosmetics'), behaviour)!;
    const lookup = await client.lookup(qrraw);
    return { kind: lookup.kind, seen };
  };

  it('hears every call, a retried one twice, with the answer’s meaning or the failure’s kind', async () => {
    expect(await lookUp({ notReadyTimes: 1, delayMs: 0 })).toEqual({ kind: 'found', seen: ['not_ready', 'found'] });
    expect(await lookUp({ notReadyTimes: 0, delayMs: 0, code: 5 })).toEqual({ kind: 'unavailable', seen: ['error'] });
    expect(await lookUp({ notReadyTimes: 0, delayMs: 0, httpStatus: 502 })).toEqual({ kind: 'unavailable', seen: ['http'] });
    expect(await lookUp({ notReadyTimes: 0, delayMs: 0, garbage: 'not_json' })).toEqual({ kind: 'unavailable', seen: ['bad_answer'] });
  });
});
