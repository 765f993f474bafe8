import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { CLOCK_MAX_ADVANCE_SECONDS } from '../../src/contract/clock.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { ApiClient, type Seller } from '../support/api-client.js';
import { startAppInProcess, type InProcessApp } from '../support/app-in-process.js';
import { backends, withPostgres } from '../support/backends.js';
import { advance, clockCall } from '../support/clock.js';
import { actionWithBot, initDataOf, shopperActs, shopperSays, WB_SELLER } from '../support/bot.js';
import { createFundedSeller } from '../support/operator.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { productionEnv } from '../support/server-process.js';
import { newChatId } from '../support/telegram.js';

const DAY = 24 * 60 * 60;
const SUBSCRIPTION = BILLING_DEFAULTS.project_subscription_price;
const advanceInvalid = fillMessage(messages.clock.advanceInvalid, { max: CLOCK_MAX_ADVANCE_SECONDS });

/** The periodic jobs the app defines today; others may be added, and they run too. */
const PERIODIC_JOBS = [
  'puzzlebot-push',
  'subscription-expiry',
  'balance-watch',
  'analytics-catch-up',
  'mailing-resume',
  'shop-notify',
  'bot-updates',
  'bot-pollers',
  'mail-delivery',
];

async function actionFor(seller: Seller, settings: Record<string, unknown> = {}): Promise<number> {
  const created = await seller.api.post('/projects', { name: 'Часы', project_inns: WB_SELLER, ...settings });
  if (created.status !== 201) throw new Error(created.text);
  return created.body.project_id;
}

const check = (seller: Seller, projectId: number, qrurl: string) =>
  seller.api.post('/check', { qrurl, user_id: seller.id, project_id: projectId, user_id_tg: '100500' });

describe.each(backends())('the demo test clock on $name', (backend) => {
  const url = backend.url;
  // The file's app is shared by its tests: each starts from real time.
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  it('GET shows the offset, POST moves it and runs every periodic job once, DELETE resets it', async () => {
    const before = Date.now();
    const initial = await clockCall(url, 'GET');
    expect(initial.status).toBe(200);
    expect(initial.body.offset_seconds).toBe(0);
    expect(Date.parse(initial.body.now)).toBeGreaterThanOrEqual(before - 1000);

    const first = await advance(url, 3600);
    expect(first.offset_seconds).toBe(3600);
    expect(Date.parse(first.now)).toBeGreaterThanOrEqual(before + 3600_000);
    expect(first.ran).toEqual(expect.arrayContaining(PERIODIC_JOBS));
    expect(new Set(first.ran).size).toBe(first.ran.length);

    const second = await advance(url, 2 * DAY);
    expect(second.offset_seconds).toBe(3600 + 2 * DAY);
    expect((await clockCall(url, 'GET')).body.offset_seconds).toBe(3600 + 2 * DAY);

    const reset = await clockCall(url, 'DELETE');
    expect(reset.status).toBe(200);
    expect(reset.body.offset_seconds).toBe(0);
    expect(Math.abs(Date.parse(reset.body.now) - Date.now())).toBeLessThan(60_000);
    expect(reset.body).not.toHaveProperty('ran');
  });

  it('is the only thing that runs the periodic jobs on a test server: pg-boss holds no schedule of them and keeps no cron time', async () => {
    // What pg-boss's timekeeper reads each half minute to queue a cron's run, and where it notes its
    // last look: empty and never set, no run can come from the real clock between a test's steps.
    expect(await backend.query!('SELECT name FROM pgboss.schedule')).toEqual([]);
    expect(await backend.query!('SELECT cron_on FROM pgboss.version')).toEqual([{ cron_on: null }]);
    expect((await advance(url, 60)).ran).toEqual(expect.arrayContaining(PERIODIC_JOBS));
  });

  it('refuses an advance that is not a whole number of seconds from 1 to ten years, and the clock stays', async () => {
    await advance(url, 60);
    const wrong: unknown[] = [
      {},
      { advance_seconds: 0 },
      { advance_seconds: -60 },
      { advance_seconds: 1.5 },
      { advance_seconds: '3600' },
      { advance_seconds: null },
      { advance_seconds: CLOCK_MAX_ADVANCE_SECONDS + 1 },
      [3600],
    ];
    for (const body of wrong) {
      const answer = await clockCall(url, 'POST', body);
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: { message: advanceInvalid } });
    }
    const noBody = await fetch(`${url}/__emulators/clock`, { method: 'POST' });
    expect(noBody.status).toBe(400);
    expect(((await noBody.json()) as { message: string }).message).toMatch(/[а-яё]/i);
    expect((await clockCall(url, 'GET')).body.offset_seconds).toBe(60);
    // Ten years is the most one call may move.
    expect((await advance(url, CLOCK_MAX_ADVANCE_SECONDS)).offset_seconds).toBe(60 + CLOCK_MAX_ADVANCE_SECONDS);
  });

  it('a receipt fresh for the action is too old once the clock passes its validity, and a receipt printed after the move is fresh', async () => {
    const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
    const projectId = await actionFor(seller, { receipt_validity_days: 7 });
    const fresh = await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 5)));
    expect(fresh.body.data.status).toBe('success');
    const sameAge = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 5));

    await advance(url, 3 * DAY);
    const old = await check(seller, projectId, sameAge);
    const tooOld = fillMessage(messages.receipts.defaultTooOld, { days: 7 });
    expect(old.body).toMatchObject({ success: false, message: tooOld, data: { status: 'too_old' } });

    // The tax emulator's demo receipt is printed at the moved time: fresh for the same action.
    const demo = await seller.api.post('/demo/receipts', { user_id: seller.id, project_id: projectId });
    expect(demo.status).toBe(201);
    expect((await check(seller, projectId, demo.body.qrurl)).body.data.status).toBe('success');
  });

  it('an action’s subscription ends once the clock passes its end, by the periodic job, and the seller stays signed in', async () => {
    const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
    const projectId = await actionFor(seller);
    const { project } = (await seller.api.get(`/projects/${projectId}`)).body;
    expect(project.is_active).toBe(true);
    const endsInSeconds = (Date.parse(project.subscription_end_date) - Date.now()) / 1000;

    const moved = await advance(url, Math.ceil(endsInSeconds) + DAY);
    expect(moved.ran).toContain('subscription-expiry');
    if (backend.name === 'postgres') {
      // The job itself ended it: the row is inactive before any read of the seller's (reads sweep too).
      const row = await withPostgres(backend, (db) => db.query('SELECT is_active FROM projects WHERE id = $1', [projectId]));
      expect(row.rows[0].is_active).toBe(false);
    }
    const ended = (await seller.api.get(`/projects/${projectId}`)).body.project;
    expect(ended.is_active).toBe(false);
    expect(ended.status_message).toMatch(/^Подписка закончилась \d\d\.\d\d\.\d{4}\. /);

    const refused = await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')));
    expect(refused.body.data.status).toBe('subscription_inactive');
  });

  it('the Mini App still opens signed after the clock moves: Telegram signs with the same clock the shop checks', async () => {
    const bot = await actionWithBot(url);
    const { settings } = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    const me = (initData: string) =>
      new ApiClient(url).get(`/public/shop/${settings.token}/me`, { headers: { 'x-telegram-init-data': initData } });
    const openShop = async () => {
      const opened = await shopperActs(url, bot.botId, chat, { press: messages.bot.shopButton });
      expect(opened.status).toBe(200);
      return initDataOf(opened.body.url!);
    };
    const signedBefore = await openShop();
    expect((await me(signedBefore)).status).toBe(200);

    await advance(url, 20 * DAY);
    // What Telegram signed three weeks ago (by the clock) is too old now; a new launch is signed now.
    expect((await me(signedBefore)).status).toBe(401);
    const signedAfter = await openShop();
    const authDate = Number(new URLSearchParams(signedAfter).get('auth_date'));
    expect(authDate).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 20 * DAY - 60);
    expect(await me(signedAfter)).toMatchObject({ status: 200, body: { points: 0, orders: [] } });
  });
});

/** The periodic jobs pg-boss holds a schedule of on the app's database, by name. */
const scheduled = async (app: InProcessApp) =>
  (await app.query<{ name: string }>('SELECT name FROM pgboss.schedule ORDER BY name')).map((row) => row.name);

describe('a demo server started as `npm start` starts it', () => {
  // An app of its own, started and stopped (seconds alone, tens of seconds on a loaded machine).
  it('keeps its crons on the real clock: a person trying the product sees draws close and digests come', { timeout: 120_000 }, async () => {
    // `PERIODIC_JOBS: ''` unsets the test servers' `clock`; the database is a copy of theirs, without schedules.
    const app = await startAppInProcess({ PERIODIC_JOBS: '' }, { templateDataDir: inject('pgliteTemplate') });
    try {
      expect(await scheduled(app)).toEqual(expect.arrayContaining(['draws-close', 'seller-daily-digest', ...PERIODIC_JOBS]));
    } finally {
      await app.stop();
    }
  });
});

const postgres = inject('postgres');

describe.runIf(postgres)('a production server', () => {
  it('has no test clock, and runs its crons on the real clock', { timeout: 120_000 }, async () => {
    const databaseUrl = createDatabase(postgres!.clusterUrl, `scanapp_clock_${randomBytes(6).toString('hex')}`, postgres!.template);
    const app = await startAppInProcess({ ...productionEnv(databaseUrl), LOG_LEVEL: 'silent' });
    try {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const answer = await clockCall(app.url, method, method === 'POST' ? { advance_seconds: 60 } : undefined);
        expect(answer, method).toEqual({ status: 404, body: { message: messages.common.notFound } });
      }
      expect(await scheduled(app)).toEqual(expect.arrayContaining(['draws-close', 'seller-daily-digest', ...PERIODIC_JOBS]));
    } finally {
      await app.stop();
    }
  });
});
