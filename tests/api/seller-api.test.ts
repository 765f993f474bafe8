import { randomBytes, randomUUID } from 'node:crypto';
import { validate } from '@readme/openapi-parser';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../src/contract/api-keys.js';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import type { LedgerEntry } from '../../src/contract/points.js';
import { PUBLIC_API_BASE } from '../../src/contract/public-api.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import type { ModuleContext } from '../../src/server/platform/manifest.js';
import { sellerApiRoutes } from '../../src/server/modules/public-api/routes.js';
import { ApiClient, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { advance, clockCall } from '../support/clock.js';
import { WB_SELLER } from '../support/bot.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { newBotToken, newChatId, startChats } from '../support/telegram.js';

const k = messages.apiKeys;
const p = messages.publicApi;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 100;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A call of the seller API with a key (Authorization: Bearer, or X-Api-Key when asked). */
async function call(
  url: string,
  key: string | undefined,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; via?: 'bearer' | 'header' } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (key) {
    if (options.via === 'header') headers['x-api-key'] = key;
    else headers.authorization = `Bearer ${key}`;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${PUBLIC_API_BASE}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

async function createKey(seller: Seller, scopes: readonly ApiKeyScope[], name = 'CRM'): Promise<string> {
  const created = await seller.api.post('/api-keys', { name, scopes });
  if (created.status !== 201) throw new Error(created.text);
  return created.body.key as string;
}

/** A seller with an action, a shop, two buyers with receipts and two pending exchange requests. */
async function sellerWithData(url: string) {
  const seller = await createFundedSeller(url, FUNDS);
  const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER })).body.project_id as number;
  const { token: botToken } = newBotToken();
  await seller.api.post('/mailing/settings', { bot_token: botToken });
  const shopToken = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body.settings.token as string;
  const product = await seller.api.post('/shop/products', {
    project_id: projectId,
    title: 'Крем',
    price_points: 10,
    description: '',
    image_url: null,
  });
  const productId = (product.body.product?.id ?? product.body.id) as number;
  const buyers = [newChatId(), newChatId()];
  await startChats(url, botToken.split(':')[0]!, buyers);
  const receiptIds: number[] = [];
  for (const buyer of [buyers[0]!, buyers[0]!, buyers[1]!]) {
    const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    const checked = await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
    if (!checked.body.success) throw new Error(checked.text);
  }
  const history = await seller.api.get('/receipts?limit=100');
  receiptIds.push(...history.body.receipts.map((receipt: { id: number }) => receipt.id));
  const shopper = new ApiClient(url);
  const orderIds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const initData = signInitData({ id: Number(buyers[0]), first_name: 'Ира' }, botToken, new Date());
    const bought = await shopper.post(
      `/public/shop/${shopToken}/purchase`,
      { product_id: productId, buyer_tg_id: buyers[0] },
      { headers: { 'x-telegram-init-data': initData } },
    );
    if (bought.status !== 200) throw new Error(bought.text);
    orderIds.push(bought.body.order.id as number);
  }
  return { seller, projectId, buyers, receiptIds, orderIds };
}

type World = Awaited<ReturnType<typeof sellerWithData>>;

/** Every /api/v1 route as a call that succeeds with its scope; `n` makes each write new. */
function everyRoute(world: World, n: number) {
  const { projectId, buyers, receiptIds, orderIds } = world;
  return [
    { scope: 'receipts:read', method: 'GET', path: `/receipts?project_id=${projectId}` },
    { scope: 'receipts:read', method: 'GET', path: `/receipts/${receiptIds[0]}` },
    { scope: 'buyers:read', method: 'GET', path: `/buyers?project_id=${projectId}` },
    { scope: 'buyers:read', method: 'GET', path: `/buyers/${buyers[0]}?project_id=${projectId}` },
    { scope: 'buyers:read', method: 'GET', path: `/buyers/${buyers[0]}/ledger?project_id=${projectId}` },
    {
      scope: 'points:write',
      method: 'POST',
      path: `/buyers/${buyers[1]}/points`,
      body: { project_id: projectId, delta: 5, reason: `Бонус ${n}` },
    },
    { scope: 'promo-codes:write', method: 'POST', path: `/projects/${projectId}/promo-codes`, body: { codes: [`CODE-${n}`] } },
    { scope: 'shop:read', method: 'GET', path: `/shop/orders?project_id=${projectId}` },
    { scope: 'shop:read', method: 'GET', path: `/shop/orders/${orderIds[0]}` },
    { scope: 'shop:write', method: 'POST', path: `/shop/orders/${orderIds[n === 0 ? 0 : 1]}/fulfil` },
    { scope: 'shop:write', method: 'POST', path: `/shop/orders/${orderIds[2]}/cancel` },
  ] as const;
}

/** The seller API's routes as the plugin registers them (method and OpenAPI path), those that need a scope. */
async function registeredRoutes(): Promise<string[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.scope) for (const method of [route.method].flat()) routes.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
  });
  const noop = () => undefined;
  const context = {
    db: {},
    now: () => new Date(),
    realNow: () => new Date(),
    publicUrl: 'http://127.0.0.1',
    wake: () => noop,
    log: console,
  };
  await app.register(sellerApiRoutes(context as unknown as ModuleContext), { prefix: PUBLIC_API_BASE });
  await app.ready();
  await app.close();
  return routes.filter((route) => !route.startsWith('HEAD ')).sort();
}

describe.each(backends())('the seller API on $name', (backend) => {
  const url = backend.url;
  let a: World;
  let b: World;
  let fullKeyA: string;
  let fullKeyB: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([sellerWithData(url), sellerWithData(url)]);
    [fullKeyA, fullKeyB] = await Promise.all([createKey(a.seller, API_KEY_SCOPES), createKey(b.seller, API_KEY_SCOPES)]);
  }, 120_000);

  describe('keys in the cabinet', () => {
    it('shows a key once, lists it masked with its scopes and last use, and a deleted key opens nothing', async () => {
      const created = await a.seller.api.post('/api-keys', { name: '  Таблица  ', scopes: ['receipts:read', 'receipts:read'] });
      expect(created.status).toBe(201);
      expect(created.body.message).toBe(k.created);
      expect(created.body.key).toMatch(/^sk_demo_[A-Za-z0-9_-]{43}$/);
      expect(created.body.api_key).toMatchObject({ name: 'Таблица', scopes: ['receipts:read'], last_used_at: null });
      expect(created.body.api_key.masked).toBe(`sk_demo_…${created.body.key.slice(-4)}`);
      expect((await call(url, created.body.key, 'GET', '/receipts')).status).toBe(200);

      const listed = await a.seller.api.get('/api-keys');
      const shown = listed.body.api_keys.find((key: { id: number }) => key.id === created.body.api_key.id);
      expect(shown.last_used_at).not.toBeNull();
      expect(listed.text).not.toContain(created.body.key);

      expect((await b.seller.api.request('DELETE', `/api-keys/${created.body.api_key.id}`)).status).toBe(404);
      const deleted = await a.seller.api.request('DELETE', `/api-keys/${created.body.api_key.id}`);
      expect(deleted.body).toEqual({ message: k.deleted });
      const refused = await call(url, created.body.key, 'GET', '/receipts');
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ status: 401, detail: p.keyInvalid });
      expect((await a.seller.api.get('/api-keys')).body.api_keys.map((key: { id: number }) => key.id)).not.toContain(
        created.body.api_key.id,
      );

      // The owner's audit log names both changes by the key's name, never the key itself.
      const subject = fillMessage(messages.audit.subjectApiKey, { name: 'Таблица' });
      const log = await a.seller.api.get('/audit-log');
      expect(log.text).not.toContain(created.body.key);
      const actor = { user_id: a.seller.id, api_key_id: null, name: a.seller.name };
      expect(log.body.entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ actor, action: 'api_key.create', subject, before: null, after: { scopes: ['receipts:read'] } }),
          expect.objectContaining({ actor, action: 'api_key.delete', subject, before: { scopes: ['receipts:read'] }, after: null }),
        ]),
      );
    });

    it.each([
      [{ scopes: ['receipts:read'] }, k.nameRequired],
      [{ name: ' ', scopes: ['receipts:read'] }, k.nameRequired],
      [{ name: 'CRM', scopes: [] }, k.scopesRequired],
      [{ name: 'CRM' }, k.scopesRequired],
      [{ name: 'CRM', scopes: ['everything'] }, k.scopeUnknown],
    ])('refuses %j with a Russian message and creates nothing', async (body, message) => {
      const before = (await a.seller.api.get('/api-keys')).body.api_keys.length;
      const answer = await a.seller.api.post('/api-keys', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
      expect((await a.seller.api.get('/api-keys')).body.api_keys.length).toBe(before);
    });
  });

  describe('authentication, scopes and errors', () => {
    it.each([
      ['no key', undefined],
      ['an unknown seller key', `sk_live_${randomBytes(32).toString('base64url')}`],
      ['an action key', randomBytes(32).toString('base64url')],
    ])('%s is 401 problem+json', async (_what, key) => {
      const answer = await call(url, key, 'GET', '/receipts');
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body).toEqual({
        type: 'urn:scanapp:problem:401',
        title: 'Нужен ключ API',
        status: 401,
        detail: key ? p.keyInvalid : p.keyMissing,
      });
    });

    it('every route refuses a key without its scope (403 naming it) and answers one with it (2xx), by either header', async () => {
      const refusedKey = await createKey(a.seller, ['receipts:check'], 'Без прав');
      const keys = Object.fromEntries(
        await Promise.all(API_KEY_SCOPES.map(async (scope) => [scope, await createKey(a.seller, [scope], scope)] as const)),
      ) as Record<ApiKeyScope, string>;
      for (const [i, route] of everyRoute(a, 0).entries()) {
        const options = { body: 'body' in route ? route.body : undefined, headers: { 'idempotency-key': `scope-${i}` } };
        const refused = await call(url, refusedKey, route.method, route.path, options);
        expect(refused.status, `${route.method} ${route.path}`).toBe(403);
        expect(refused.body).toMatchObject({ status: 403, detail: fillMessage(p.scopeMissing, { scope: route.scope }) });
        const allowed = await call(url, keys[route.scope], route.method, route.path, { ...options, via: i % 2 ? 'header' : 'bearer' });
        expect(allowed.status, `${route.method} ${route.path}: ${JSON.stringify(allowed.body)}`).toBe(200);
      }
    });

    it('a seller key with receipts:check checks a receipt in its seller’s action; without it 403, for another seller’s action 404', async () => {
      const checking = await createKey(a.seller, ['receipts:check']);
      const reading = await createKey(a.seller, ['receipts:read']);
      const client = new ApiClient(url);
      const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      const body = { qrurl, project_id: a.projectId, user_id_tg: newChatId() };
      const refused = await client.post('/check', body, { headers: { 'x-api-key': reading } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(fillMessage(p.scopeMissing, { scope: 'receipts:check' }));
      expect((await client.post('/check', { ...body, project_id: b.projectId }, { headers: { 'x-api-key': checking } })).status).toBe(404);
      const checked = await client.post('/check', body, { headers: { 'x-api-key': checking } });
      expect(checked.status).toBe(200);
      expect(checked.body.success).toBe(true);
      expect(
        (
          await client.post(
            '/check',
            { ...body, qrurl: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) },
            { token: checking },
          )
        ).body.success,
      ).toBe(true);
    });

    it('bad input, a bad cursor and an unknown address are problems with Russian details', async () => {
      const bad = await call(url, fullKeyA, 'GET', '/receipts?cursor=garbage');
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toBe(p.cursorInvalid);
      const period = await call(url, fullKeyA, 'GET', '/receipts?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
      expect(period.body).toMatchObject({ status: 400, detail: p.periodInvalid });
      const points = await call(url, fullKeyA, 'POST', `/buyers/${a.buyers[0]}/points`, {
        body: { project_id: a.projectId, delta: 0, reason: 'x' },
      });
      expect(points.status).toBe(400);
      expect(points.body.detail).toBe(messages.points.adjustDeltaInvalid);
      const unknown = await call(url, fullKeyA, 'GET', '/nothing-here');
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe(p.routeNotFound);
    });
  });

  describe('idempotency', () => {
    const adjust = (key: string, idempotencyKey: string, delta: number) =>
      call(url, key, 'POST', `/buyers/${a.buyers[0]}/points`, {
        body: { project_id: a.projectId, delta, reason: 'Компенсация' },
        headers: { 'idempotency-key': idempotencyKey },
      });
    const balance = async () =>
      (await call(url, fullKeyA, 'GET', `/buyers/${a.buyers[0]}?project_id=${a.projectId}`)).body.points as number;

    it('a replay answers the first response without moving points again; the same key with another body is 422', async () => {
      const before = await balance();
      const idempotencyKey = randomUUID();
      const first = await adjust(fullKeyA, idempotencyKey, 7);
      expect(first.status).toBe(200);
      const replay = await adjust(fullKeyA, idempotencyKey, 7);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await balance()).toBe(before + 7);

      const other = await adjust(fullKeyA, idempotencyKey, 8);
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ status: 422, detail: p.idempotencyKeyReused });
      expect(await balance()).toBe(before + 7);
    });

    it('two requests at once under one key move the points once', async () => {
      const before = await balance();
      const idempotencyKey = randomUUID();
      const answers = await Promise.all([adjust(fullKeyA, idempotencyKey, 3), adjust(fullKeyA, idempotencyKey, 3)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([200]));
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      expect(await balance()).toBe(before + 3);
    });

    it('a refusal is kept as the answer too: its replay is the same problem', async () => {
      const idempotencyKey = randomUUID();
      const first = await adjust(fullKeyA, idempotencyKey, -1_000_000);
      expect(first.status).toBe(409);
      const replay = await adjust(fullKeyA, idempotencyKey, -1_000_000);
      expect(replay.status).toBe(409);
      expect(replay.body).toEqual(first.body);
    });
  });

  it('cursor pages walk every row exactly once', async () => {
    const walk = async <T>(path: string, pick: (row: any) => T) => {
      const seen: T[] = [];
      let cursor: string | null = null;
      do {
        const page: Answer = await call(url, fullKeyB, 'GET', `${path}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.data.map(pick));
        cursor = page.body.next_cursor;
      } while (cursor);
      return seen;
    };
    const receipts = await walk(`/receipts?project_id=${b.projectId}`, (row) => row.id);
    expect(receipts).toEqual([...b.receiptIds].sort((x, y) => y - x));
    expect(new Set(await walk(`/buyers?project_id=${b.projectId}`, (row) => row.buyer_id))).toEqual(new Set(b.buyers));
    const lines = await walk(`/buyers/${b.buyers[0]}/ledger?project_id=${b.projectId}`, (row) => row as LedgerEntry);
    expect(new Set(lines.map((line) => line.id)).size).toBe(lines.length);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    // Each page's balances, counted back from the shopper's balances now, are the sums of every older row.
    const oldestFirst = [...lines].reverse();
    expect(lines.map((line) => [line.balance_after, line.held_after])).toEqual(
      oldestFirst
        .map((_, index) => oldestFirst.slice(0, index + 1))
        .map((upTo) => [upTo.reduce((sum, line) => sum + line.delta, 0), upTo.reduce((sum, line) => sum + line.held_delta, 0)])
        .reverse(),
    );
    expect(await walk(`/shop/orders?project_id=${b.projectId}`, (row) => row.id)).toEqual([...b.orderIds].reverse());
  });

  it('a key of seller B never sees or changes seller A’s data', async () => {
    const byB = (method: string, path: string, body?: unknown) => call(url, fullKeyB, method, path, { body });
    expect((await byB('GET', `/receipts?project_id=${a.projectId}`)).body.data).toEqual([]);
    expect((await byB('GET', '/receipts?limit=100')).body.data.map((row: { id: number }) => row.id)).not.toContain(a.receiptIds[0]);
    expect((await byB('GET', '/shop/orders?limit=100')).body.data.map((row: { id: number }) => row.id)).not.toContain(a.orderIds[0]);
    for (const [method, path, body] of [
      ['GET', `/receipts/${a.receiptIds[0]}`],
      ['GET', `/buyers?project_id=${a.projectId}`],
      ['GET', `/buyers/${a.buyers[0]}?project_id=${a.projectId}`],
      ['GET', `/buyers/${a.buyers[0]}/ledger?project_id=${a.projectId}`],
      ['POST', `/buyers/${a.buyers[0]}/points`, { project_id: a.projectId, delta: 5, reason: 'Чужой' }],
      ['POST', `/projects/${a.projectId}/promo-codes`, { codes: ['STRANGER'] }],
      ['GET', `/shop/orders/${a.orderIds[1]}`],
      ['POST', `/shop/orders/${a.orderIds[1]}/fulfil`],
      ['POST', `/shop/orders/${a.orderIds[1]}/cancel`],
    ] as const) {
      const answer = await byB(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it('a key over its rate is answered 429 with Retry-After', async () => {
    const key = await createKey(b.seller, ['receipts:read']);
    let limited: Answer | undefined;
    for (let round = 0; round < 10 && !limited; round++) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => call(url, key, 'GET', '/shop/orders')));
      limited = answers.find((answer) => answer.status === 429);
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited!.body).toMatchObject({ status: 429, title: 'Слишком много запросов' });
  });

  it('the OpenAPI document is valid, covers every /api/v1 route, and the reference page is served from here', async () => {
    const document = await (await fetch(`${url}${PUBLIC_API_BASE}/openapi.json`)).json();
    const result = await validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result)).toBe(true);
    const documented = Object.entries(document.paths as Record<string, object>)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${PUBLIC_API_BASE}${path}`))
      .sort();
    expect(documented).toEqual(await registeredRoutes());
    expect(documented.length).toBe(11);
    const cabinet = await (await fetch(`${url}/lk/api/docs`)).json();
    expect(Object.keys(cabinet.paths).filter((path) => path.startsWith(PUBLIC_API_BASE))).toEqual([]);
    expect(Object.keys(cabinet.paths)).toContain('/lk/api/api-keys');

    const page = await fetch(`${url}${PUBLIC_API_BASE}/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"' ]*\.(js|css)/);
    expect((await fetch(`${url}${PUBLIC_API_BASE}/docs/js/scalar.js`)).status).toBe(200);
    // The reference is loaded on first use and answers under its own path: its redirect is given the prefix back.
    const bare = await fetch(`${url}${PUBLIC_API_BASE}/docs`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, `${PUBLIC_API_BASE}/docs/`]);
    expect((await fetch(`${url}${PUBLIC_API_BASE}/docs/nothing-here`)).status).toBe(404);
  });

  // Last: it moves the file's demo clock (and puts it back).
  it('an Idempotency-Key is kept 24 hours: after that it is a new request', async () => {
    const idempotencyKey = randomUUID();
    const adjust = (delta: number) =>
      call(url, fullKeyB, 'POST', `/buyers/${b.buyers[1]}/points`, {
        body: { project_id: b.projectId, delta, reason: 'Сутки' },
        headers: { 'idempotency-key': idempotencyKey },
      });
    expect((await adjust(2)).status).toBe(200);
    expect((await adjust(3)).status).toBe(422);
    try {
      await advance(url, 24 * 60 * 60 + 60);
      const later = await adjust(3);
      expect(later.status).toBe(200);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      await clockCall(url, 'DELETE');
    }
  });
});
