import { inject, afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { startAppInProcess, type InProcessApp } from '../support/app-in-process.js';
import { backends } from '../support/backends.js';
import { actionWithBot } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { TEST_METRICS_TOKEN } from '../support/server-process.js';
import { eventually, newBotToken, newChatId, startChats } from '../support/telegram.js';

const scrape = (url: string, authorization?: string) =>
  fetch(`${url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });

/** The samples of the scrape (`name{labels} value`), without the HELP and TYPE lines. */
async function samples(url: string): Promise<string[]> {
  const response = await scrape(url, `Bearer ${TEST_METRICS_TOKEN}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return (await response.text()).split('\n').filter((line) => line && !line.startsWith('#'));
}

const value = (lines: string[], prefix: string) => {
  const line = lines.find((sample) => sample.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

const started: InProcessApp[] = [];
afterAll(async () => {
  await Promise.all(started.map((app) => app.stop()));
});

/** An app of this file's own on PGlite (its environment changed, or drained by the test). */
async function ownApp(env: Record<string, string> = {}): Promise<InProcessApp> {
  const app = await startAppInProcess(env, { templateDataDir: inject('pgliteTemplate') });
  started.push(app);
  return app;
}

describe.each(backends())('metrics and readiness on $name', (backend) => {
  const url = backend.url;

  it('refuse a scrape without the bearer token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      TEST_METRICS_TOKEN,
      `Bearer ${TEST_METRICS_TOKEN}x`,
      'Bearer ',
      `Basic ${TEST_METRICS_TOKEN}`,
    ]) {
      const response = await scrape(url, authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({ message: messages.system.metricsTokenInvalid });
    }
  });

  it('count receipt checks by verdict, tax calls, Telegram sends and HTTP requests by route pattern', async () => {
    const { seller, projectId } = await actionWithBot(url);
    const before = await samples(url);
    const successBefore = value(before, 'scanapp_receipt_checks_total{verdict="success"}') ?? 0;
    const errorsBefore = value(before, 'scanapp_tax_errors_total{outcome="error"}') ?? 0;

    const good = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    const failing = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'), { code: 5 });
    for (const qrurl of [good, failing]) {
      const answer = await seller.api.post('/check', { qrurl, user_id: seller.id, project_id: projectId, user_id_tg: '100500' });
      expect(answer.status).toBe(200);
    }
    // A mailing through the action's bot: Telegram sends, and its recipients in the progress gauge.
    const mailingSeller = await mailingSellerWithChats(url, 2);
    const mailing = await mailingSeller.seller.api.post('/mailing/send', {
      user_id: mailingSeller.seller.id,
      bot_token: mailingSeller.masked,
      recipient_ids: mailingSeller.chats,
      message: 'Скидки недели',
      image_url: null,
      parse_mode: null,
    });
    expect(mailing.status).toBe(200);

    const after = await samples(url);
    expect(value(after, 'scanapp_receipt_checks_total{verdict="success"}')).toBe(successBefore + 1);
    expect(value(after, 'scanapp_receipt_checks_total{verdict="error"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'scanapp_tax_errors_total{outcome="error"}')).toBe(errorsBefore + 1);
    expect(value(after, 'scanapp_tax_request_duration_seconds_count{outcome="found"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'scanapp_telegram_sends_total{method="sendMessage",outcome="ok"}')).toBeGreaterThanOrEqual(2);
    // The route's pattern, never the URL with its ids.
    expect(
      value(after, 'scanapp_http_request_duration_seconds_count{method="POST",route="/lk/api/check",status="200"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(after.some((line) => line.includes(`route="/lk/api/projects/${projectId}`))).toBe(false);
    for (const state of ['sent', 'failed', 'pending'])
      expect(value(after, `scanapp_mailing_recipients{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    expect(value(after, 'scanapp_job_queue_waiting{queue="bot-updates"}')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'scanapp_job_queue_oldest_age_seconds{queue="bot-updates"}')).toBeGreaterThanOrEqual(0);
    if (backend.name === 'postgres') {
      expect(value(after, 'scanapp_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value(after, 'scanapp_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(value(after, 'scanapp_db_pglite_busy')).toBeGreaterThanOrEqual(0);
    }
  });

  it('report ready when the database answers', async () => {
    const response = await fetch(`${url}/lk/api/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('metrics and readiness of an instance of its own', () => {
  it('have no /metrics route without METRICS_TOKEN', async () => {
    const app = await ownApp({ METRICS_TOKEN: '' });
    expect((await scrape(app.url, `Bearer ${TEST_METRICS_TOKEN}`)).status).toBe(404);
    expect((await fetch(`${app.url}/lk/api/ready`)).status).toBe(200);
  });

  it('a draining instance answers 503 to /ready and to new requests while a slow check in flight finishes', async () => {
    const app = await ownApp();
    const { seller, projectId } = await actionWithBot(app.url);
    const qrurl = await registerReceipt(app.url, freshReceipt('wb-aurora-cosmetics'), { delayMs: 1_500 });
    const checking = seller.api.post('/check', { qrurl, user_id: seller.id, project_id: projectId, user_id_tg: '100500' });
    await eventually(async () => ((await taxRequests(app.url)) > 0 ? true : undefined), 10_000, 'the check to reach the tax service');

    const draining = app.drain();
    const ready = await fetch(`${app.url}/lk/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    const refused = await seller.api.get('/profile');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: messages.common.serviceUnavailable });
    // Liveness stays: the instance is not broken, it is leaving.
    expect((await fetch(`${app.url}/lk/api/health`)).status).toBe(200);

    const answer = await checking;
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('success');
    await draining;
  });
});

async function taxRequests(url: string): Promise<number> {
  const counts = (await (await fetch(`${url}/__emulators/tax/requests`)).json()) as Record<string, number>;
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

async function mailingSellerWithChats(url: string, count: number): Promise<{ seller: Seller; masked: string; chats: string[] }> {
  const seller = await createSeller(url);
  const { token, botId } = newBotToken();
  const saved = await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: token });
  if (saved.status !== 200) throw new Error(saved.text);
  const chats = Array.from({ length: count }, newChatId);
  await startChats(url, botId, chats);
  return { seller, masked: saved.body.bot_token as string, chats };
}
