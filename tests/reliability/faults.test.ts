import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { ApiClient, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller, verifyData } from '../support/operator.js';
import { createDatabase, startPostgresCluster } from '../support/postgres-cluster.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { startServer, type RunningServer } from '../support/server-process.js';

/**
 * Faults injected around the money path, each ending with the operator's invariant check
 * (`npm run admin -- verify`) clean. Own servers: a killed or starved server must not
 * disturb the other test files.
 */
const SUBSCRIPTION = BILLING_DEFAULTS.project_subscription_price;
const WB_SELLER = '072196655529'; // the supplier (tag 1226) on the Wildberries fixture
const TAX_TIMEOUT_MS = 500;
/** A fresh embedded database migrates slowly on a busy machine; these tests start several servers. */
const SLOW_START_MS = 150_000;

async function actionFor(seller: Seller, settings: Record<string, unknown> = {}): Promise<number> {
  const created = await seller.api.post('/projects', { name: 'Сбой', project_inns: WB_SELLER, ...settings });
  if (created.status !== 201) throw new Error(created.text);
  return created.body.project_id;
}
const check = (seller: Seller, projectId: number, qrurl: string, buyer = '100500') =>
  seller.api.post('/check', { qrurl, user_id: seller.id, project_id: projectId, user_id_tg: buyer });
const balanceOf = async (seller: Seller) => (await seller.api.get('/profile')).body.user.balance as number;
const expectVerifyClean = async (url: string) => expect((await verifyData(url)).violations).toEqual([]);

describe.each(backends())('faults on $name', (backend) => {
  let server: RunningServer;
  const databaseUrl = () => createDatabase(backend.clusterUrl!, `scanapp_faults_${Date.now()}_${Math.floor(Math.random() * 1e6)}`);

  beforeAll(async () => {
    server = await startServer(
      { TAX_TIMEOUT_MS: String(TAX_TIMEOUT_MS), ...(backend.clusterUrl ? { DATABASE_URL: databaseUrl() } : {}) },
      { readyTimeoutMs: SLOW_START_MS },
    );
  }, 240_000);
  afterAll(async () => server?.stop());

  it('the tax service slow, failing, talking nonsense or naming another receipt: an error or not recognised, nothing charged', async () => {
    const url = server.url;
    const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
    const projectId = await actionFor(seller);
    const balance = await balanceOf(seller);
    const another = freshReceipt('wb-aurora-cosmetics');
    const cases: [Record<string, unknown>, string][] = [
      [{ delayMs: TAX_TIMEOUT_MS * 4 }, 'error'],
      [{ httpStatus: 502 }, 'error'],
      [{ httpStatus: 500 }, 'error'],
      [{ garbage: 'not_json' }, 'error'],
      [{ garbage: 'no_code' }, 'error'],
      [{ garbage: 'found_without_receipt' }, 'error'],
      [{ garbage: 'broken_receipt' }, 'not_recognized'],
      [{ otherReceipt: another }, 'error'],
    ];
    for (const [behaviour, status] of cases) {
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'), behaviour);
      const answer = await check(seller, projectId, qr);
      expect(answer.status, JSON.stringify(behaviour).slice(0, 80)).toBe(200);
      expect(answer.body.data, JSON.stringify(behaviour).slice(0, 80)).toMatchObject({ status, points_awarded: 0 });
    }
    expect(await balanceOf(seller)).toBe(balance);
    expect((await seller.api.get(`/projects/${projectId}`)).body.project.receipts_count).toBe(0);
    // The receipt the service wrongly answered with still counts when asked for by its own QR.
    expect((await check(seller, projectId, await registerReceipt(url, another))).body.data.status).toBe('success');
    await expectVerifyClean(url);
  });

  it('a receipt holding characters the database refuses is cleaned and counted', async () => {
    const url = server.url;
    const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
    const projectId = await actionFor(seller);
    const receipt = freshReceipt('wb-aurora-cosmetics', 1, (r) => {
      r.items[0].name = `Крем\u0000 для рук\u0007`;
      r.retailPlace = 'wb\ud800';
    });
    const answer = await check(seller, projectId, await registerReceipt(url, receipt));
    expect(answer.body.data.status).toBe('success');
    const history = (await seller.api.get('/receipts')).body;
    expect(JSON.stringify(history)).toContain('Крем для рук');
    await expectVerifyClean(url);
  });

  it('PuzzleBot down for a while: the balance is delivered after it is back', async () => {
    const url = server.url;
    const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
    const token = `fault-bot-${seller.id}`;
    const projectId = await actionFor(seller, { puzzle_bot_token: token, puzzle_bot_points_variable: 'points' });
    const outage = (down: boolean) =>
      fetch(`${url}/__emulators/puzzlebot/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, down }),
      });
    await outage(true);
    expect((await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')), '777')).body.data.status).toBe(
      'success',
    );
    const variables = async () =>
      ((await (await fetch(`${url}/__emulators/puzzlebot/variables`)).json()) as { token: string; value: number }[]).filter(
        (v) => v.token === token,
      );
    expect(await variables()).toEqual([]);
    await outage(false);
    await vi.waitFor(async () => expect(await variables()).toEqual([expect.objectContaining({ value: 178 })]), {
      timeout: 20_000,
      interval: 200,
    });
    await expectVerifyClean(url);
  });
});

describe.each(backends())('a server killed during 200 parallel checks on $name', (backend) => {
  it('restarts with every invariant intact', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-kill-'));
    const env: Record<string, string> = backend.clusterUrl
      ? { DATABASE_URL: createDatabase(backend.clusterUrl, `scanapp_kill_${Date.now()}`) }
      : {};
    let first: RunningServer | undefined;
    let second: RunningServer | undefined;
    try {
      first = await startServer(env, { keepDataDir: dataDir, readyTimeoutMs: SLOW_START_MS });
      const seller = await createFundedSeller(first.url, SUBSCRIPTION + 1_000);
      const projectId = await actionFor(seller);
      const qrs = await Promise.all(Array.from({ length: 200 }, () => registerReceipt(first!.url, freshReceipt('wb-aurora-cosmetics'))));
      let acknowledged = 0;
      let killed = false;
      const inFlight = qrs.map((qr, index) =>
        check(seller, projectId, qr, String(5000 + index)).then(
          (answer) => {
            if (!killed && answer.body?.data?.status === 'success') acknowledged++;
          },
          () => undefined,
        ),
      );
      // Kill once some checks have gone through, so the kill lands in the middle of the work.
      await vi.waitFor(
        async () => {
          const answer = await seller.api.get(`/projects/${projectId}`);
          expect(answer.body.project.receipts_count).toBeGreaterThan(5);
        },
        { timeout: 120_000, interval: 50 },
      );
      const acknowledgedBeforeKill = acknowledged;
      killed = true;
      first.process.kill('SIGKILL');
      await Promise.all(inFlight);
      await new Promise((resolve) =>
        first!.process.exitCode !== null || first!.process.signalCode !== null ? resolve(undefined) : first!.process.once('exit', resolve),
      );

      second = await startServer(env, { keepDataDir: dataDir, readyTimeoutMs: SLOW_START_MS });
      const report = await verifyData(second.url);
      expect(report.violations).toEqual([]);
      const after = new ApiClient(second.url, undefined, seller.api.token);
      const counted = (await after.get(`/projects/${projectId}`)).body.project.receipts_count as number;
      // Every success the shopper was told about survived the kill.
      expect(counted).toBeGreaterThanOrEqual(acknowledgedBeforeKill);
      expect(counted).toBeLessThanOrEqual(200);
      console.info(
        `SIGKILL on ${backend.name}: ${acknowledgedBeforeKill} successes answered before the kill, ${counted} of 200 counted after the restart; verify: ${report.violations.length} violations of ${report.checks.length} checks`,
      );
    } finally {
      await second?.stop();
      if (first && first.process.exitCode === null && first.process.signalCode === null) first.process.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe.runIf(backends().some((b) => b.name === 'postgres'))('PostgreSQL restarted under load', () => {
  it('answers a Russian 503 meanwhile and recovers without a restart of the app', async () => {
    const cluster = await startPostgresCluster();
    let server: RunningServer | undefined;
    try {
      server = await startServer({ DATABASE_URL: createDatabase(cluster.url, 'scanapp_restart_load') }, { readyTimeoutMs: SLOW_START_MS });
      const seller = await createFundedSeller(server.url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller);
      const statuses = new Map<number, number>();
      const bodies = new Set<string>();
      let running = true;
      const load = (async () => {
        while (running) {
          // A request the app drops (no answer at all) is counted as status 0, with its error, not lost.
          const dropped = (error: unknown) => ({ status: 0, text: String((error as Error).cause ?? error) });
          const answers = await Promise.all([
            seller.api.get('/profile').catch(dropped),
            seller.api.get('/receipts').catch(dropped),
            check(seller, projectId, 'fn=1&i=2&fp=3&t=20240101T1200&s=1.00&n=1').catch(dropped),
          ]);
          for (const answer of answers) {
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status >= 500 || answer.status === 0) bodies.add(answer.text);
          }
        }
      })();
      await vi.waitFor(() => expect(statuses.get(200) ?? 0).toBeGreaterThan(5), { timeout: 30_000, interval: 50 });
      cluster.shutDown();
      await vi.waitFor(() => expect(statuses.get(503) ?? 0).toBeGreaterThan(5), { timeout: 30_000, interval: 50 });
      cluster.startUp();
      const okBefore = statuses.get(200) ?? 0;
      await vi.waitFor(() => expect(statuses.get(200) ?? 0).toBeGreaterThan(okBefore + 5), { timeout: 60_000, interval: 100 });
      running = false;
      await load;
      expect(
        [...statuses.keys()].filter((status) => (status >= 500 && status !== 503) || status === 0),
        [...bodies].join('\n'),
      ).toEqual([]);
      expect([...bodies]).toEqual([JSON.stringify({ message: messages.common.serviceUnavailable })]);
      expect((await seller.api.get('/profile')).status).toBe(200);
      await expectVerifyClean(server.url);
      console.info(`PostgreSQL restart under load: ${[...statuses.entries()].map(([s, n]) => `${s}×${n}`).join(' ')}`);
    } finally {
      await server?.stop();
      cluster.stop();
    }
  }, 300_000);
});
