import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller, plainSpaces } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { CLI_CALLS_TIMEOUT_MS, createFundedSeller, creditViaCli, runAdminCli } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { startServer, TEST_ADMIN_TOKEN } from '../support/server-process.js';

const balanceOf = async (seller: { api: ApiClient; id: number }) =>
  (await seller.api.get(`/profile?user_id=${seller.id}`)).body.user.balance as number;

describe.each(backends())('billing on $name', (backend) => {
  describe('billing settings', () => {
    it('reads one setting by key with its SPEC default', async () => {
      const answer = await new ApiClient(backend.url).get('/billing/settings?setting_key=receipt_price_tier5');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ value: 1.5 });
    });

    it('reads several settings in one call, repeated or comma-separated', async () => {
      const repeated = await new ApiClient(backend.url).get(
        '/billing/settings?setting_key=receipt_price_tier1&setting_key=receipt_price_tier7',
      );
      expect(repeated.body).toEqual({ receipt_price_tier1: { value: 8 }, receipt_price_tier7: { value: 0.75 } });
      const comma = await new ApiClient(backend.url).get(
        '/billing/settings?setting_key=account_activation_price,project_subscription_price',
      );
      expect(comma.body).toEqual({
        account_activation_price: { value: BILLING_DEFAULTS.account_activation_price },
        project_subscription_price: { value: BILLING_DEFAULTS.project_subscription_price },
      });
    });

    it('refuses an unknown or missing key', async () => {
      const unknown = await new ApiClient(backend.url).get('/billing/settings?setting_key=password_hash');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ message: messages.billing.unknownSetting });
      const missing = await new ApiClient(backend.url).get('/billing/settings');
      expect(missing.status).toBe(400);
    });
  });

  describe('operator CLI', () => {
    it('credits a bank transfer to the ledger, once per reference', async () => {
      const seller = await createSeller(backend.url);
      const first = await creditViaCli(backend.url, seller.email.toUpperCase(), 1500.5, [
        '--reason',
        'счёт 17',
        '--reference',
        `pp-${seller.id}`,
      ]);
      expect(plainSpaces(first.stdout)).toContain('Баланс пополнен на 1 500,50');
      const again = await runAdminCli(backend.url, ['user:credit', seller.email, '1500.5', '--reference', `pp-${seller.id}`]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(messages.billing.alreadyCredited);
      expect(await balanceOf(seller)).toBe(1500.5);
      const { operations } = (await seller.api.get('/balance/operations')).body;
      expect(operations).toEqual([
        expect.objectContaining({
          kind: 'bank_transfer',
          amount: 1500.5,
          balance_after: 1500.5,
          description: `${messages.billing.ledgerBankTransfer}: счёт 17`,
        }),
      ]);
    });

    it(
      'refuses an unknown email, a bad amount and a wrong token, crediting nothing',
      async () => {
        const seller = await createSeller(backend.url);
        expect((await runAdminCli(backend.url, ['user:credit', 'nobody@example.test', '100'])).stderr).toContain(
          messages.common.userNotFound,
        );
        for (const amount of ['-5', '0', 'abc']) {
          const result = await runAdminCli(backend.url, ['user:credit', seller.email, amount]);
          expect(result.code).not.toBe(0);
        }
        const wrongToken = await runAdminCli(backend.url, ['user:credit', seller.email, '100'], { ADMIN_TOKEN: 'x'.repeat(32) });
        expect(wrongToken.code).toBe(1);
        expect(wrongToken.stderr).toContain(messages.billing.adminTokenInvalid);
        expect(await balanceOf(seller)).toBe(0);
      },
      CLI_CALLS_TIMEOUT_MS,
    );

    it('has no operator access without ADMIN_TOKEN', async () => {
      const result = await runAdminCli(backend.url, ['settings:list'], {});
      expect(result.code).toBe(77);
      expect(result.stderr).toContain('ADMIN_TOKEN is not set');
      const direct = await fetch(`${backend.url}/lk/api/admin/settings`);
      expect(direct.status).toBe(401);
    });
  });

  describe('activation', () => {
    it('refuses without enough money, naming the amount, and charges nothing', async () => {
      const seller = await createSeller(backend.url);
      await creditViaCli(backend.url, seller.email, 500);
      const answer = await seller.api.post('/activate', { user_id: seller.id });
      expect(answer.status).toBe(402);
      expect(plainSpaces(answer.body.message)).toMatch(
        /^Недостаточно средств на балансе: нужно 20 000 ₽, на балансе 500 ₽\. Пополните баланс на 19 500 ₽\.$/,
      );
      expect(answer.body.shortfall).toBe(19_500);
      expect(await balanceOf(seller)).toBe(500);
      const profile = (await seller.api.get('/profile')).body.user;
      expect(profile.is_activated).toBe(false);
      expect((await seller.api.get('/balance/operations')).body.operations).toHaveLength(1);
    });

    it('charges the activation price once, however often it is asked', async () => {
      const seller = await createSeller(backend.url);
      await creditViaCli(backend.url, seller.email, 25_000);
      const answers = await Promise.all(Array.from({ length: 5 }, () => seller.api.post('/activate', { user_id: seller.id })));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(answers.filter((a) => a.body.message === messages.billing.alreadyActivated)).toHaveLength(4);
      expect(plainSpaces(answers.find((a) => a.body.message !== messages.billing.alreadyActivated)!.body.message)).toMatch(
        /^Аккаунт активирован\. С баланса списано 20 000 ₽\.$/,
      );
      expect(await balanceOf(seller)).toBe(5000);
      expect((await seller.api.get('/profile')).body.user.is_activated).toBe(true);
      const { operations } = (await seller.api.get('/balance/operations')).body;
      expect(operations.map((o: { kind: string; amount: number }) => [o.kind, o.amount])).toEqual([
        ['activation', -20_000],
        ['bank_transfer', 25_000],
      ]);
    });

    it("refuses another seller's user_id", async () => {
      const alice = await createSeller(backend.url);
      const bob = await createSeller(backend.url);
      const answer = await alice.api.post('/activate', { user_id: bob.id });
      expect(answer.status).toBe(403);
      expect((await bob.api.get('/profile')).body.user.is_activated).toBe(false);
    });
  });

  describe('operations statement', () => {
    it('pages newest first and stays private', async () => {
      const seller = await createFundedSeller(backend.url, 100);
      const page = await seller.api.get(`/balance/operations?user_id=${seller.id}&page=1&limit=1`);
      expect(page.body.operations).toHaveLength(1);
      expect(page.body.operations[0].kind).toBe('activation');
      expect(page.body.pagination).toEqual({
        current_page: 1,
        total_pages: 2,
        total_operations: 2,
        limit: 1,
        has_next: true,
        has_prev: false,
      });
      const other = await createSeller(backend.url);
      expect((await other.api.get(`/balance/operations?user_id=${seller.id}`)).status).toBe(403);
      expect((await other.api.get('/balance/operations')).body.operations).toEqual([]);
    });
  });

  describe('the statement: receipt charges folded per day', () => {
    const FEE = BILLING_DEFAULTS.receipt_price_tier1;

    /** A seller with an action, 3 receipt charges, a bank transfer, then 2 more charges (all today). */
    async function sellerWithCharges() {
      const seller = await createFundedSeller(backend.url, BILLING_DEFAULTS.project_subscription_price + 100);
      const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' })).body.project_id as number;
      const check = async () => {
        const answer = await seller.api.post('/check', {
          qrurl: await registerReceipt(backend.url, freshReceipt('wb-aurora-cosmetics')),
          project_id: projectId,
          user_id_tg: '100500',
        });
        expect(answer.body.success, answer.text).toBe(true);
      };
      for (let i = 0; i < 3; i++) await check();
      expect((await creditViaCli(backend.url, seller.email, 500, ['--reference', `pp-${seller.id}`])).code).toBe(0);
      for (let i = 0; i < 2; i++) await check();
      return seller;
    }

    it('folds a run of charges into one line with its sum, count and the balance after its last charge', async () => {
      const seller = await sellerWithCharges();
      const { operations } = (await seller.api.get('/balance/operations?limit=100')).body;
      const { lines, next_before } = (await seller.api.get('/balance/statement')).body;
      expect(next_before).toBeNull();
      expect(lines.map((line: { kind: string; entries: number }) => [line.kind, line.entries])).toEqual([
        ['receipt_fee', 2],
        ['bank_transfer', 1],
        ['receipt_fee', 3],
        ['action_subscription', 1],
        ['activation', 1],
        ['bank_transfer', 1],
      ]);
      expect(lines[0]).toMatchObject({
        id: operations[0].id,
        first_id: operations[1].id,
        amount: -2 * FEE,
        balance_after: operations[0].balance_after,
        description: fillMessage(messages.billing.statementReceiptFees, { count: 2 }),
      });
      expect(lines[2]).toMatchObject({
        id: operations[3].id,
        first_id: operations[5].id,
        amount: -3 * FEE,
        balance_after: operations[3].balance_after,
      });
      expect(lines[1]).toMatchObject({
        id: operations[2].id,
        first_id: operations[2].id,
        amount: 500,
        description: operations[2].description,
      });
      // Every line's balance follows from the one before it: the statement adds up.
      for (let i = 0; i + 1 < lines.length; i++)
        expect(lines[i + 1].balance_after + lines[i].amount).toBeCloseTo(lines[i].balance_after, 2);
    });

    it('pages by lines without splitting a run, and opens a run’s charges a page at a time', async () => {
      const seller = await sellerWithCharges();
      const whole = (await seller.api.get('/balance/statement')).body.lines;
      const paged = [];
      let before: number | null = null;
      do {
        const page: { lines: unknown[]; next_before: number | null } = (
          await seller.api.get(`/balance/statement?limit=2${before ? `&before=${before}` : ''}`)
        ).body;
        expect(page.lines.length).toBeLessThanOrEqual(2);
        paged.push(...page.lines);
        before = page.next_before;
      } while (before !== null);
      expect(paged).toEqual(whole);

      const run = whole[2];
      const first = (await seller.api.get(`/balance/statement/charges?from_id=${run.first_id}&to_id=${run.id}&limit=2`)).body;
      expect(first.operations.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount])).toEqual([
        ['receipt_fee', -FEE],
        ['receipt_fee', -FEE],
      ]);
      expect(first.operations[0].id).toBe(run.id);
      const rest = (
        await seller.api.get(`/balance/statement/charges?from_id=${run.first_id}&to_id=${run.id}&limit=2&before=${first.next_before}`)
      ).body;
      expect(rest).toEqual({ operations: [expect.objectContaining({ id: run.first_id, kind: 'receipt_fee' })], next_before: null });
    });

    it('stays private and refuses bad ranges and cursors in Russian', async () => {
      const seller = await sellerWithCharges();
      const run = (await seller.api.get('/balance/statement')).body.lines[0];
      const other = await createSeller(backend.url);
      expect((await other.api.get(`/balance/statement?user_id=${seller.id}`)).status).toBe(403);
      expect((await other.api.get('/balance/statement')).body).toEqual({ lines: [], next_before: null });
      expect((await other.api.get(`/balance/statement/charges?from_id=${run.first_id}&to_id=${run.id}`)).body).toEqual({
        operations: [],
        next_before: null,
      });

      const reversed = await seller.api.get(`/balance/statement/charges?from_id=${run.id}&to_id=${run.first_id}`);
      expect([reversed.status, reversed.body.message]).toEqual([400, messages.billing.statementRangeInvalid]);
      for (const query of [
        '/balance/statement?before=abc',
        '/balance/statement?limit=0',
        '/balance/statement?limit=101',
        '/balance/statement/charges?to_id=5',
        '/balance/statement/charges?from_id=-1&to_id=5',
      ]) {
        const answer = await seller.api.get(query);
        expect(answer.status, query).toBe(400);
        expect(answer.body.message, query).toMatch(/[а-яё]/i);
      }
    });
  });

  describe.runIf(backend.name === 'postgres')('money invariants in the database', () => {
    it('the ledger is append-only and the balance can never be negative', async () => {
      const seller = await createFundedSeller(backend.url, 0, { activated: false });
      await withPostgres(backend, async (db) => {
        await expect(db.query('UPDATE balance_ledger SET amount_kopecks = 1 WHERE user_id = $1', [seller.id])).rejects.toThrow(
          /append-only/,
        );
        await expect(db.query('DELETE FROM balance_ledger WHERE user_id = $1', [seller.id])).rejects.toThrow(/append-only/);
        await expect(db.query('UPDATE users SET balance_kopecks = -1 WHERE id = $1', [seller.id])).rejects.toThrow(
          /users_balance_not_negative/,
        );
      });
    });
  });
});

describe('operator routes', () => {
  it('do not exist when the server has no ADMIN_TOKEN', { timeout: 120_000 }, async () => {
    const server = await startServer({ ADMIN_TOKEN: '' });
    try {
      const answer = await fetch(`${server.url}/lk/api/admin/settings`, { headers: { 'x-admin-token': TEST_ADMIN_TOKEN } });
      expect(answer.status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe('operator CLI settings', () => {
  // A server of its own: changing prices must not disturb tests running beside it.
  it('sets and lists billing settings; refuses unknown keys and bad values', { timeout: 120_000 }, async () => {
    const server = await startServer();
    try {
      const set = await runAdminCli(server.url, ['settings:set', 'project_subscription_price', '1234.5']);
      expect(set.code).toBe(0);
      expect(set.stdout).toContain(messages.billing.settingSaved);
      const list = await runAdminCli(server.url, ['settings:list']);
      expect(list.stdout).toMatch(/project_subscription_price\t1234\.5/);
      expect(list.stdout).toMatch(/receipt_price_tier7\t0\.75/);
      const read = await new ApiClient(server.url).get('/billing/settings?setting_key=project_subscription_price');
      expect(read.body).toEqual({ value: 1234.5 });

      const unknown = await runAdminCli(server.url, ['settings:set', 'admin_password', '1']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain(messages.operator.unknownSetting);
      expect((await runAdminCli(server.url, ['settings:set', 'receipt_price_tier1', '--', '-1'])).code).toBe(1);
      for (const value of ['abc', '1.234']) {
        const bad = await runAdminCli(server.url, ['settings:set', 'receipt_price_tier1', value]);
        expect(bad.code, value).toBe(1);
        expect(bad.stderr).toContain(messages.billing.settingValueInvalid);
      }
      expect((await new ApiClient(server.url).get('/billing/settings?setting_key=receipt_price_tier1')).body).toEqual({ value: 8 });
    } finally {
      await server.stop();
    }
  });
});
