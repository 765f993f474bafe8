import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { MarketplaceApiError, type MarketplaceFailure } from '../marketplace-api.js';
import { createWildberriesClient } from './client.js';

/** Answers of the statistics host as the real one gives them, one per path. */
const answers: Record<string, { status: number; body: unknown; headers?: Record<string, string> }> = {
  ok: {
    status: 200,
    body: [
      {
        date: '2026-11-20T10:00:00',
        lastChangeDate: '2026-11-20T10:20:00',
        totalPrice: 10,
        finishedPrice: 9,
        saleID: 'S1',
        unknownField: 1,
      },
    ],
  },
  limited: { status: 429, body: { title: 'too many requests' }, headers: { 'x-ratelimit-retry': '17' } },
  revoked: { status: 401, body: { title: 'unauthorized', detail: 'token problem; token is expired' } },
  scope: { status: 401, body: { title: 'unauthorized', detail: 'token scope not allowed' } },
  down: { status: 502, body: '<html>Bad Gateway</html>' },
  object: { status: 200, body: { data: [] } },
  badRow: { status: 200, body: [{ date: '2026-11-20T10:00:00', saleID: 'S1' }] },
};

let server: FastifyInstance;
let baseUrl: string;
beforeAll(async () => {
  server = Fastify();
  server.get('/api/v1/supplier/sales', async (request, reply) => {
    const answer = answers[request.headers.authorization ?? '']!;
    return reply
      .status(answer.status)
      .headers(answer.headers ?? {})
      .send(answer.body);
  });
  server.get('/api/v1/supplier/orders', async () => [
    {
      date: '2026-11-20T10:00:00',
      lastChangeDate: '2026-11-20T12:00:00',
      totalPrice: 10,
      isCancel: true,
      cancelDate: '2026-11-20T12:00:00',
      srid: 'o1',
      gNumber: 'g1',
    },
    { date: '2026-11-20T10:00:00', lastChangeDate: '2026-11-20T10:00:00', totalPrice: 10, srid: 'o2' },
  ]);
  baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

async function failureOf(token: string): Promise<MarketplaceFailure> {
  const error = await createWildberriesClient({ baseUrl, timeoutMs: 5_000 })
    .sales(token, '2026-11-01')
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(MarketplaceApiError);
  return (error as MarketplaceApiError).failure;
}

describe('Wildberries client', () => {
  it('reads the rows it uses and ignores fields it does not know', async () => {
    const rows = await createWildberriesClient({ baseUrl, timeoutMs: 5_000 }).sales('ok', '2026-11-01');
    expect(rows).toEqual([
      { date: '2026-11-20T10:00:00', lastChangeDate: '2026-11-20T10:20:00', totalPrice: 10, finishedPrice: 9, saleID: 'S1' },
    ]);
  });

  it.each([
    ['limited', { kind: 'rate_limited', retryAfterSeconds: 17 }],
    ['revoked', { kind: 'credentials_refused' }],
    ['scope', { kind: 'no_access' }],
    ['down', { kind: 'temporary', reason: 'HTTP 502' }],
    ['object', { kind: 'malformed', reason: 'sales answer is not a list' }],
  ])('an answer %s is the failure %o', async (token, failure) => {
    expect(await failureOf(token)).toEqual(failure);
  });

  it('reads the orders report the same way: a row without `isCancel` is malformed', async () => {
    const error = await createWildberriesClient({ baseUrl, timeoutMs: 5_000 })
      .orders('ok', '2026-11-01')
      .catch((caught: unknown) => caught);
    expect((error as MarketplaceApiError).failure).toEqual({ kind: 'malformed', reason: expect.stringMatching(/^orders row 1: /) });
  });

  it('a row without what the import uses is malformed', async () => {
    expect(await failureOf('badRow')).toMatchObject({ kind: 'malformed' });
  });
});
