import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { WEBHOOK_ENDPOINTS_PER_SELLER, WEBHOOK_EVENTS, type WebhookEvent } from '../../src/contract/webhooks.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import { ApiClient, createSeller, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, WB_SELLER } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { waitForMails } from '../support/mail.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId } from '../support/telegram.js';

const m = messages.webhooks;
const HOUR = 3600;
const DAY = 24 * HOUR;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/**
 * A receiver on 127.0.0.1 (demo mode takes loopback addresses): each path answers the statuses
 * queued for it in turn, then 200, and keeps what it was sent.
 */
class Receiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, number[]>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const path = request.url ?? '/';
        const answered = this.answers.get(path)?.shift() ?? 200;
        this.received.push({ path, headers: request.headers, body, answered });
        response.writeHead(answered).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** A path of its own per test, answering these statuses first. */
  endpoint(path: string, ...statuses: number[]): string {
    this.answers.set(path, statuses);
    return `${this.url}${path}`;
  }

  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Waits until the path has had `count` requests. */
  waitFor(path: string, count: number): Promise<Received[]> {
    return eventually(async () => (this.at(path).length >= count ? this.at(path) : undefined), 20_000, `${count} requests to ${path}`);
  }
}

const eventOf = (request: Received) => JSON.parse(request.body) as { id: string; type: string; created_at: string; data: any };
const put = (seller: Seller, id: number, body: unknown) => seller.api.request('PUT', `/webhooks/${id}`, { body });
const remove = (seller: Seller, id: number) => seller.api.request('DELETE', `/webhooks/${id}`);
const deliveriesOf = async (seller: Seller, id: number) => (await seller.api.get(`/webhooks/${id}/deliveries`)).body.deliveries as any[];

async function addEndpoint(seller: Seller, body: Record<string, unknown>): Promise<{ id: number; secret: string }> {
  const created = await seller.api.post('/webhooks', body);
  expect(created.status, created.text).toBe(200);
  return { id: created.body.endpoint.id, secret: created.body.secret };
}

async function actionOf(seller: Seller, name = 'Aurora'): Promise<number> {
  const created = await seller.api.post('/projects', { name, project_inns: WB_SELLER });
  expect(created.status, created.text).toBe(201);
  return created.body.project_id;
}

async function checkReceipt(url: string, seller: Seller, projectId: number, buyer = '700100200') {
  const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
  const answer = await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
  expect(answer.body.success, answer.text).toBe(true);
}

describe.each(backends())('signed webhooks on $name', (backend) => {
  const url = backend.url;
  const receiver = new Receiver();
  let seller: Seller;
  let projectId: number;

  beforeAll(async () => {
    await receiver.start();
    seller = await createFundedSeller(url, FUNDS);
    projectId = await actionOf(seller);
  });
  afterAll(() => receiver.stop());

  it('a successful receipt reaches the endpoint signed so that a Standard Webhooks verifier accepts it, with its points', async () => {
    const { id, secret } = await addEndpoint(seller, {
      url: receiver.endpoint('/accepted'),
      events: ['points.changed', 'receipt.accepted'],
      project_id: projectId,
    });
    await checkReceipt(url, seller, projectId);
    const [first, second] = await receiver.waitFor('/accepted', 2);
    const verifier = new Webhook(secret);
    for (const request of [first!, second!]) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>)).not.toThrow();
      expect(request.headers['webhook-id']).toBe(eventOf(request).id);
    }
    // The award's ledger row and its receipt are one transaction; the points are written first.
    expect([first, second].map((request) => eventOf(request!).type)).toEqual(['points.changed', 'receipt.accepted']);
    const accepted = eventOf(second!);
    expect(accepted.data).toMatchObject({ project_id: projectId, status: 'success', user_id_tg: '700100200' });
    expect(accepted.data.items.length).toBeGreaterThan(0);
    const points = eventOf(first!);
    expect(points.data).toMatchObject({
      kind: 'receipt',
      project_id: projectId,
      buyer_tg_id: '700100200',
      delta: accepted.data.points_awarded,
    });
    expect(points.data.balance_after).toBe(accepted.data.points_awarded);
    // Nothing secret leaves: no bot token, no secret in any body.
    expect(first!.body).not.toMatch(/whsec_|bot_token/);
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(first!.body, first!.headers as never)).toThrow();
    const deliveries = await eventually(async () => {
      const list = await deliveriesOf(seller, id);
      return list.every((delivery) => delivery.status === 'sent') ? list : undefined;
    });
    expect(deliveries.map((delivery) => [delivery.type, delivery.response_status, delivery.attempts])).toEqual([
      ['receipt.accepted', 200, 1],
      ['points.changed', 200, 1],
    ]);
    await remove(seller, id);
  });

  it("a shopper's first receipt, an unreadable one, a manual change and a cancel: each event once, in the order they happened", async () => {
    const path = '/lifecycle';
    const { id } = await addEndpoint(seller, {
      url: receiver.endpoint(path),
      events: ['receipt.accepted', 'receipt.refused', 'receipt.cancelled', 'points.changed', 'buyer.joined'],
    });
    const buyer = '700100300';
    const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    const accepted = await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
    expect(accepted.body.success, accepted.text).toBe(true);
    const unreadable = await seller.api.post('/check', { qrurl: 't=1&s=2', project_id: projectId, user_id_tg: buyer });
    expect(unreadable.body.data.status, unreadable.text).toBe('not_recognized');
    const bonus = await seller.api.post(`/buyers/${buyer}/points`, { project_id: projectId, delta: 5, reason: 'Бонус' });
    expect(bonus.status, bonus.text).toBe(200);
    const [receipt] = (await seller.api.get(`/receipts?project_id=${projectId}&status=success&limit=100`)).body.receipts.filter(
      (candidate: { user_id_tg: string }) => candidate.user_id_tg === buyer,
    );
    const cancelled = await seller.api.post(`/receipts/${receipt.id}/cancel`, { reason: 'Возврат товара' });
    expect(cancelled.status, cancelled.text).toBe(200);

    const events = (await receiver.waitFor(path, 7)).map(eventOf);
    const types = events.map((event) => event.type);
    expect([...types].sort()).toEqual([
      'buyer.joined',
      'points.changed',
      'points.changed',
      'points.changed',
      'receipt.accepted',
      'receipt.cancelled',
      'receipt.refused',
    ]);
    expect(types.indexOf('receipt.accepted')).toBeLessThan(types.indexOf('receipt.refused'));
    expect(types.indexOf('receipt.refused')).toBeLessThan(types.indexOf('receipt.cancelled'));
    expect(events.filter((event) => event.type === 'buyer.joined')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ buyer_id: buyer, project_id: projectId, successful_receipts_count: 1 }) }),
    ]);
    expect(events.find((event) => event.type === 'receipt.refused')!.data).toMatchObject({ status: 'not_recognized', user_id_tg: buyer });
    expect(events.find((event) => event.type === 'receipt.cancelled')!.data).toMatchObject({
      id: receipt.id,
      cancel_reason: 'Возврат товара',
    });
    const kinds = events.filter((event) => event.type === 'points.changed').map((event) => [event.data.kind, event.data.reason]);
    expect(kinds).toContainEqual(['manual', 'Бонус']);
    expect(kinds.map(([kind]) => kind)).toEqual(['receipt', 'manual', 'cancel']);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    await remove(seller, id);
  });

  it('a receiver that fails three times gets the event once when it recovers; later events wait behind it, in order', async () => {
    const path = '/flaky';
    const { id } = await addEndpoint(seller, { url: receiver.endpoint(path, 500, 503, 500), events: ['receipt.accepted'] });
    await seller.api.post(`/webhooks/${id}/test`, {});
    await receiver.waitFor(path, 1);
    await seller.api.post(`/webhooks/${id}/test`, {});
    // The second event waits while the first is retried: the clock moves the retries, never a sleep.
    for (let tries = 2; tries <= 4; tries += 1) {
      await advance(url, 2 * HOUR);
      await receiver.waitFor(path, tries);
    }
    await advance(url, 2 * HOUR);
    const requests = await receiver.waitFor(path, 5);
    expect(requests.map((request) => request.answered)).toEqual([500, 503, 500, 200, 200]);
    const ids = requests.map((request) => request.headers['webhook-id']);
    expect(new Set(ids.slice(0, 4)).size).toBe(1);
    expect(ids[4]).not.toBe(ids[0]);
    const [later, earlier] = await deliveriesOf(seller, id);
    expect(earlier).toMatchObject({ status: 'sent', attempts: 4, response_status: 200, last_error: null });
    expect(later).toMatchObject({ status: 'sent', attempts: 1 });

    // «Отправить снова» sends the same event again, under its id.
    const resent = await seller.api.post(`/webhooks/${id}/deliveries/${earlier.id}/resend`, {});
    expect(resent.status, resent.text).toBe(200);
    const again = await receiver.waitFor(path, 6);
    expect(again[5]!.headers['webhook-id']).toBe(ids[0]);
    await remove(seller, id);
  });

  it('an endpoint failing for three days is turned off and the seller told; turned on, its waiting events go', async () => {
    const other = await createFundedSeller(url, FUNDS);
    const path = '/down';
    const { id } = await addEndpoint(other, { url: receiver.endpoint(path, ...Array(40).fill(500)), events: ['receipt.refused'] });
    await other.api.post(`/webhooks/${id}/test`, {});
    await receiver.waitFor(path, 1);
    await other.api.post(`/webhooks/${id}/test`, {});
    for (let day = 1; day <= 3; day += 1) await advance(url, DAY + 60);
    const endpoint = await eventually(async () => {
      const found = (await other.api.get('/webhooks')).body.endpoints[0];
      return found.enabled ? undefined : found;
    });
    expect(endpoint.disabled_at).not.toBeNull();
    const [waiting, failed] = await deliveriesOf(other, id);
    expect(failed).toMatchObject({ status: 'failed', response_status: 500 });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    const [mail] = await waitForMails(url, other.email);
    expect(mail!.subject).toBe(m.disabledTitle);
    expect(mail!.text).toContain(`${receiver.url}${path}`);
    const refused = await other.api.post(`/webhooks/${id}/test`, {});
    expect([refused.status, refused.body.message]).toEqual([409, m.endpointDisabled]);

    receiver.endpoint(path);
    const before = receiver.at(path).length;
    const on = await put(other, id, { url: `${receiver.url}${path}`, events: ['receipt.refused'], enabled: true });
    expect(on.body.endpoint).toMatchObject({ enabled: true, disabled_at: null, failing_since: null });
    await receiver.waitFor(path, before + 1);
    // The receiver has the request before the sender has written down its answer: wait for that.
    const sent = await eventually(async () => {
      const [latest] = await deliveriesOf(other, id);
      return latest?.status === 'sent' ? latest : undefined;
    });
    expect(sent).toMatchObject({ status: 'sent', response_status: 200 });
  });

  it('the secret is shown once: the list never carries it, a rotation answers a new one', async () => {
    const { id, secret } = await addEndpoint(seller, { url: receiver.endpoint('/secret'), events: ['draw.closed'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await seller.api.get('/webhooks');
    expect(list.text).not.toContain(secret);
    expect(list.body.endpoints.find((endpoint: { id: number }) => endpoint.id === id)).toEqual({
      id,
      url: `${receiver.url}/secret`,
      events: ['draw.closed'],
      project_id: null,
      enabled: true,
      disabled_at: null,
      failing_since: null,
      created_at: expect.any(String),
    });
    const rotated = await seller.api.post(`/webhooks/${id}/secret`, {});
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    await remove(seller, id);

    // The owner's audit log has each change by its address, and neither secret.
    const log = await seller.api.get('/audit-log');
    expect(log.text).not.toContain(secret);
    expect(log.text).not.toContain(rotated.body.secret);
    const subject = fillMessage(messages.audit.subjectWebhook, { url: `${receiver.url}/secret` });
    const values = { url: `${receiver.url}/secret`, events: ['draw.closed'], project_id: null, enabled: true };
    const ofThis = (log.body.entries as { subject: string }[]).filter((entry) => entry.subject === subject);
    expect(ofThis).toEqual([
      expect.objectContaining({ action: 'webhook.delete', before: values, after: null }),
      expect.objectContaining({ action: 'webhook.secret_rotate', before: null, after: null }),
      expect.objectContaining({ action: 'webhook.create', before: null, after: values }),
    ]);
  });

  it('every event type reaches a receiver through the flow that causes it, signed, with its documented fields', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const api = bot.seller.api;
    const chat = newChatId();
    const path = '/every-event';
    const { secret } = await addEndpoint(bot.seller, { url: receiver.endpoint(path), events: [...WEBHOOK_EVENTS] });
    const features = await api.request('PUT', `/projects/${bot.projectId}/features`, { body: { support: { enabled: true } } });
    expect(features.status, features.text).toBe(200);
    const { settings: shop } = (await api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
    const product = await api.post('/shop/products', { project_id: bot.projectId, title: 'Крем', price_points: 100 });
    expect(product.status, product.text).toBe(201);
    const survey = await api.post('/surveys', {
      project_id: bot.projectId,
      title: 'Как вам крем?',
      kind: 'survey',
      points: 5,
      questions: [{ text: 'Понравился?', options: ['Да', 'Нет'] }],
    });
    expect((await api.post(`/surveys/${survey.body.survey.id}/publish`)).status).toBe(200);
    const serverNow = new Date((await clockCall(url, 'GET')).body.now);
    // Created before the receipts: each of them is a ticket.
    const draw = await api.post('/draws', {
      project_id: bot.projectId,
      title: 'Фен за чек',
      winners: 1,
      closes_at: new Date(serverNow.getTime() + DAY * 1000).toISOString(),
    });
    expect(draw.status, draw.text).toBe(201);
    const check = async (qrurl: string) => (await api.post('/check', { qrurl, project_id: bot.projectId, user_id_tg: chat })).body;
    let receiptId = 0;
    let orderId = 0;

    // Each case causes its event the way a shopper or the seller does (or names the case before
    // it that did), and the fields the event must carry. The bot's dialogs go first: a notice of
    // the later calls (points, an exchange) arriving between a menu and its press would hide the button.
    const cases: { type: WebhookEvent; cause?: () => Promise<unknown>; fields: () => Record<string, unknown> }[] = [
      {
        type: 'support.message',
        cause: async () => {
          await shopperSays(url, bot, chat, { text: '/menu' });
          await shopperSays(url, bot, chat, { press: messages.support.button });
          await shopperSays(url, bot, chat, { text: 'Где мой заказ?' });
        },
        fields: () => ({ project_id: bot.projectId, buyer_tg_id: chat, author: 'shopper', text: 'Где мой заказ?', has_image: false }),
      },
      {
        type: 'survey.completed',
        cause: async () => {
          await shopperSays(url, bot, chat, { text: '/menu' });
          await shopperSays(url, bot, chat, { press: 'Как вам крем?' });
          await shopperSays(url, bot, chat, { press: 'Да' });
        },
        fields: () => ({ survey_id: survey.body.survey.id, project_id: bot.projectId, buyer_tg_id: chat, kind: 'survey', points: 5 }),
      },
      {
        type: 'receipt.accepted',
        cause: async () => {
          expect((await check(await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')))).success).toBe(true);
          receiptId = (await api.get(`/receipts?project_id=${bot.projectId}&status=success`)).body.receipts[0].id;
        },
        fields: () => ({ id: receiptId, project_id: bot.projectId, status: 'success', user_id_tg: chat, points_awarded: 178 }),
      },
      // The same receipt: the shopper's first in the action.
      { type: 'buyer.joined', fields: () => ({ buyer_id: chat, project_id: bot.projectId, successful_receipts_count: 1 }) },
      {
        type: 'receipt.refused',
        cause: () => check('t=1&s=2'),
        fields: () => ({ project_id: bot.projectId, status: 'not_recognized', user_id_tg: chat }),
      },
      {
        type: 'points.changed',
        cause: () => api.post(`/buyers/${chat}/points`, { project_id: bot.projectId, delta: 7, reason: 'Бонус' }),
        fields: () => ({ kind: 'manual', reason: 'Бонус', delta: 7, project_id: bot.projectId, buyer_tg_id: chat }),
      },
      {
        type: 'shop.order.created',
        cause: async () => {
          const initData = signInitData({ id: Number(chat), first_name: 'Ира' }, bot.token, serverNow);
          const bought = await new ApiClient(url).post(
            `/public/shop/${shop.token}/purchase`,
            { product_id: product.body.product.id, buyer_tg_id: chat },
            { headers: { 'x-telegram-init-data': initData } },
          );
          expect(bought.status, bought.text).toBe(200);
          orderId = bought.body.order.id;
        },
        fields: () => ({ id: orderId, project_id: bot.projectId, buyer_tg_id: chat, title: 'Крем', price_points: 100, status: 'pending' }),
      },
      {
        type: 'shop.order.updated',
        cause: () => api.post(`/shop/orders/${orderId}/fulfil`, {}),
        fields: () => ({ id: orderId, status: 'fulfilled' }),
      },
      {
        type: 'draw.closed',
        // Closed now, drawn when the clock reaches the beacon's round.
        cause: async () => {
          expect((await api.post(`/draws/${draw.body.draw.id}/close`, {})).status).toBe(200);
          expect((await advance(url, 60)).ran).toContain('draws-close');
        },
        fields: () => ({
          id: draw.body.draw.id,
          project_id: bot.projectId,
          title: 'Фен за чек',
          winners: [expect.objectContaining({ place: 1, buyer_tg_id: chat })],
        }),
      },
      {
        type: 'receipt.cancelled',
        cause: () => api.post(`/receipts/${receiptId}/cancel`, { reason: 'Возврат' }),
        fields: () => ({ id: receiptId, cancel_reason: 'Возврат' }),
      },
    ];
    expect(cases.map((entry) => entry.type).sort()).toEqual([...WEBHOOK_EVENTS].sort());

    const verifier = new Webhook(secret);
    const carries = (data: unknown, fields: Record<string, unknown>) => {
      try {
        expect(data).toMatchObject(fields);
        return true;
      } catch {
        return false;
      }
    };
    // Every flow first, then every event: the watch queues the delivery job (debounced by 5 s),
    // which sends the endpoint's events in order, in one pass or a few.
    for (const { cause } of cases) await cause?.();
    for (const { type, fields } of cases) {
      const request = await eventually(
        async () => receiver.at(path).find((sent) => eventOf(sent).type === type && carries(eventOf(sent).data, fields())),
        45_000,
        type,
      );
      expect(() => verifier.verify(request.body, request.headers as Record<string, string>), type).not.toThrow();
      const event = eventOf(request);
      expect(event, type).toMatchObject({ id: request.headers['webhook-id'], created_at: expect.any(String) });
      expect(request.body, type).not.toContain(bot.token);
    }
  }, 90_000);

  it.each([
    ['a URL that is not one', { url: 'example', events: ['receipt.accepted'] }, m.urlInvalid],
    ['a URL of another scheme', { url: 'ftp://example.ru/x', events: ['receipt.accepted'] }, m.urlInvalid],
    ['credentials in the URL', { url: 'http://user:pass@127.0.0.1/x', events: ['receipt.accepted'] }, m.urlCredentials],
    ['an unknown event', { url: 'http://127.0.0.1/x', events: ['receipt.eaten'] }, m.eventUnknown],
    ['no event', { url: 'http://127.0.0.1/x', events: [] }, m.eventsEmpty],
    ['events missing', { url: 'http://127.0.0.1/x' }, m.eventsEmpty],
  ])('%s is refused in Russian and nothing is written', async (_case, body, message) => {
    const fresh = await createSeller(url);
    const refused = await fresh.api.post('/webhooks', body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(message);
    expect((await fresh.api.get('/webhooks')).body.endpoints).toEqual([]);
  });

  it("another seller's endpoint is not found, and another seller's action cannot be named", async () => {
    const owner = await createFundedSeller(url, FUNDS);
    const { id } = await addEndpoint(owner, { url: receiver.endpoint('/owned'), events: ['buyer.joined'] });
    const stranger = await createFundedSeller(url, FUNDS);
    const valid = { url: 'http://127.0.0.1/x', events: ['buyer.joined'] };
    for (const answer of [
      await put(stranger, id, valid),
      await remove(stranger, id),
      await stranger.api.post(`/webhooks/${id}/test`, {}),
      await stranger.api.post(`/webhooks/${id}/secret`, {}),
      await stranger.api.get(`/webhooks/${id}/deliveries`),
    ]) {
      expect([answer.status, answer.body.message]).toEqual([404, m.endpointNotFound]);
    }
    const foreign = await stranger.api.post('/webhooks', { ...valid, project_id: projectId });
    expect([foreign.status, foreign.body.message]).toEqual([404, messages.actions.notFound]);
    expect((await stranger.api.get('/webhooks')).body.endpoints).toEqual([]);
    expect((await owner.api.get('/webhooks')).body.endpoints).toHaveLength(1);
  });

  it(`a seller has at most ${WEBHOOK_ENDPOINTS_PER_SELLER} endpoints`, async () => {
    const busy = await createSeller(url);
    const body = { url: 'http://127.0.0.1/x', events: ['survey.completed'] };
    const answers = await Promise.all(Array.from({ length: WEBHOOK_ENDPOINTS_PER_SELLER + 2 }, () => busy.api.post('/webhooks', body)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(WEBHOOK_ENDPOINTS_PER_SELLER);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(
      Array(2).fill([409, fillMessage(m.tooManyEndpoints, { max: String(WEBHOOK_ENDPOINTS_PER_SELLER) })]),
    );
  });
});
