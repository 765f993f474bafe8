import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { createSeller, plainSpaces, type Seller } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { createFundedSeller, creditViaCli } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually } from '../support/telegram.js';

const PRICE = BILLING_DEFAULTS.project_subscription_price;
const DAY = 24 * 60 * 60 * 1000;
const validAction = { name: 'Весенняя акция', project_inns: '7707083893, 500100732259' };
const balanceOf = async (seller: Seller) => (await seller.api.get('/profile')).body.user.balance as number;

describe.each(backends())('actions on $name', (backend) => {
  describe('creating', () => {
    it('needs an activated account, and creates and charges nothing otherwise', async () => {
      const seller = await createFundedSeller(backend.url, 50_000, { activated: false });
      const answer = await seller.api.post('/projects', { user_id: seller.id, ...validAction });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: messages.actions.notActivated });
      expect((await seller.api.get('/projects')).body.projects).toEqual([]);
      expect(await balanceOf(seller)).toBe(50_000);
    });

    it('refuses when the balance cannot pay 30 days, leaving no action', async () => {
      const seller = await createFundedSeller(backend.url, PRICE - 1);
      const answer = await seller.api.post('/projects', { user_id: seller.id, ...validAction });
      expect(answer.status).toBe(402);
      expect(plainSpaces(answer.body.message)).toMatch(/^Недостаточно средств на балансе: нужно 3 000 ₽, на балансе 2 999 ₽\./);
      expect(answer.body.shortfall).toBe(1);
      expect((await seller.api.get('/projects')).body.projects).toEqual([]);
      expect(await balanceOf(seller)).toBe(PRICE - 1);
    });

    it('creates an active action with SPEC defaults, charging 30 days in the same step', async () => {
      const seller = await createFundedSeller(backend.url, PRICE + 10);
      const before = Date.now();
      const created = await seller.api.post('/projects', { user_id: seller.id, ...validAction });
      expect(created.status).toBe(201);
      // The action's API key is in this answer only: later answers name it by its last 4 characters.
      expect(created.body).toEqual({
        project_id: expect.any(Number),
        message: expect.any(String),
        api_key: expect.stringMatching(/^[\w-]{43}$/),
      });
      expect(plainSpaces(created.body.message)).toBe('Акция создана. С баланса списано 3 000 ₽ за 30 дней.');
      const action = (await seller.api.get(`/projects/${created.body.project_id}?user_id=${seller.id}`)).body.project;
      expect(JSON.stringify(action)).not.toContain(created.body.api_key);
      expect(action).toMatchObject({
        id: created.body.project_id,
        api_key_last4: created.body.api_key.slice(-4),
        name: 'Весенняя акция',
        project_inns: ['7707083893', '500100732259'],
        points_percentage: 10,
        receipt_validity_days: 60,
        check_duplicates: 0,
        receipts_count: 0,
        is_active: true,
        status_message: null,
        puzzle_bot_token: null,
        command_success: null,
      });
      const end = new Date(action.subscription_end_date).getTime();
      expect(end).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
      expect(end).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
      expect(await balanceOf(seller)).toBe(10);
      const { operations } = (await seller.api.get('/balance/operations')).body;
      expect(operations[0]).toMatchObject({
        kind: 'action_subscription',
        amount: -PRICE,
        description: 'Подписка на акцию «Весенняя акция» на 30 дней',
      });
    });

    it('keeps every field it is given, trimming and de-duplicating INNs', async () => {
      const seller = await createFundedSeller(backend.url, PRICE);
      const created = await seller.api.post('/projects', {
        user_id: seller.id,
        name: '  Осень  ',
        project_inns: ' 7707083893 , ,7707083893,  500100732259 ,',
        points_percentage: '7.5',
        receipt_validity_days: 14,
        check_duplicates: 1,
        puzzle_bot_token: 'pb-token',
        puzzle_bot_points_variable: 'points',
        command_success: 'Спасибо! Баллы начислены.',
        command_not_recognized: 'Не удалось распознать чек',
        command_already_scanned: 'Этот чек уже был',
        command_too_old: 'Чек слишком старый',
        command_no_items: 'В чеке нет наших товаров',
      });
      expect(created.status).toBe(201);
      const action = (await seller.api.get(`/projects/${created.body.project_id}`)).body.project;
      expect(action).toMatchObject({
        name: 'Осень',
        project_inns: ['7707083893', '500100732259'],
        points_percentage: 7.5,
        receipt_validity_days: 14,
        check_duplicates: 1,
        puzzle_bot_token: 'pb-token',
        puzzle_bot_points_variable: 'points',
        command_no_items: 'В чеке нет наших товаров',
      });
    });

    it.each([
      [{ project_inns: '7707083893' }, messages.actions.nameRequired],
      [{ name: '   ', project_inns: '7707083893' }, messages.actions.nameRequired],
      [{ name: 'A' }, messages.actions.innsRequired],
      [{ name: 'A', project_inns: ' , , ' }, messages.actions.innsRequired],
      [{ name: 'A', project_inns: '12345' }, 'ИНН «12345» некорректен: нужно 10 или 12 цифр'],
      [{ name: 'A', project_inns: '7707083893, 77070838931' }, 'ИНН «77070838931» некорректен: нужно 10 или 12 цифр'],
      [{ name: 'A', project_inns: 'ООО Ромашка' }, 'ИНН «ООО Ромашка» некорректен: нужно 10 или 12 цифр'],
      // One digit off: the FNS check digits catch the typo, which would otherwise match no receipt.
      [
        { name: 'A', project_inns: '7707083893, 7707083894' },
        'ИНН «7707083894» с ошибкой: не сходятся контрольные цифры. Проверьте номер по документам или на сайте ФНС.',
      ],
      [
        { name: 'A', project_inns: '500100732250' },
        'ИНН «500100732250» с ошибкой: не сходятся контрольные цифры. Проверьте номер по документам или на сайте ФНС.',
      ],
      [{ ...validAction, points_percentage: 101 }, messages.actions.pointsPercentRange],
      [{ ...validAction, points_percentage: -1 }, messages.actions.pointsPercentRange],
      [{ ...validAction, points_percentage: 'десять' }, messages.actions.pointsPercentRange],
      [{ ...validAction, receipt_validity_days: 0 }, messages.actions.validityDaysMin],
      [{ ...validAction, receipt_validity_days: 1.5 }, messages.actions.validityDaysMin],
      // Above the maximum the message names the whole allowed range, not just the minimum.
      [{ ...validAction, receipt_validity_days: 3651 }, 'Срок действия чека — целое число дней от 1 до 3650'],
      [{ ...validAction, check_duplicates: 2 }, messages.actions.checkDuplicatesInvalid],
      [{ ...validAction, command_success: 'x'.repeat(4001) }, messages.actions.textTooLong],
    ])('refuses %j with a clear message, creating and charging nothing', async (body, message) => {
      const seller = await createFundedSeller(backend.url, PRICE);
      const answer = await seller.api.post('/projects', { user_id: seller.id, ...body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
      expect((await seller.api.get('/projects')).body.projects).toEqual([]);
      expect(await balanceOf(seller)).toBe(PRICE);
    });
  });

  describe('reading, changing and deleting', () => {
    it('lists only the seller’s own live actions', async () => {
      const seller = await createFundedSeller(backend.url, PRICE * 2);
      const a = (await seller.api.post('/projects', { ...validAction, name: 'A' })).body.project_id;
      const b = (await seller.api.post('/projects', { ...validAction, name: 'B' })).body.project_id;
      const list = (await seller.api.get(`/projects?user_id=${seller.id}`)).body.projects;
      expect(list.map((p: { id: number }) => p.id)).toEqual([a, b]);
      expect((await (await createSeller(backend.url)).api.get('/projects')).body.projects).toEqual([]);
    });

    it('updates only the fields sent, validating them', async () => {
      const seller = await createFundedSeller(backend.url, PRICE);
      const id = (await seller.api.post('/projects', validAction)).body.project_id;
      const saved = await seller.api.request('PUT', `/projects/${id}`, {
        body: { user_id: seller.id, points_percentage: 15, command_success: '' },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ message: messages.actions.updated });
      const action = (await seller.api.get(`/projects/${id}`)).body.project;
      expect(action).toMatchObject({
        name: 'Весенняя акция',
        points_percentage: 15,
        command_success: null,
        project_inns: ['7707083893', '500100732259'],
      });
      const refused = await seller.api.request('PUT', `/projects/${id}`, { body: { project_inns: '123' } });
      expect(refused.status).toBe(400);
      expect((await seller.api.get(`/projects/${id}`)).body.project.project_inns).toEqual(['7707083893', '500100732259']);
    });

    it('deletes an action: it leaves the list and cannot be read, changed or renewed', async () => {
      const seller = await createFundedSeller(backend.url, PRICE * 2);
      const id = (await seller.api.post('/projects', validAction)).body.project_id;
      const deleted = await seller.api.request('DELETE', `/projects/${id}?user_id=${seller.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: messages.actions.deleted });
      expect((await seller.api.get('/projects')).body.projects).toEqual([]);
      for (const answer of [
        await seller.api.get(`/projects/${id}`),
        await seller.api.request('PUT', `/projects/${id}`, { body: { name: 'X' } }),
        await seller.api.request('DELETE', `/projects/${id}`),
        await seller.api.post(`/projects/${id}/renew`),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: messages.actions.notFound });
      }
      expect(await balanceOf(seller)).toBe(PRICE);
    });

    it('lists deleted actions, marked, only when asked with include_deleted=1', async () => {
      const seller = await createFundedSeller(backend.url, PRICE * 2);
      const kept = (await seller.api.post('/projects', { ...validAction, name: 'Живая' })).body.project_id;
      const gone = (await seller.api.post('/projects', { ...validAction, name: 'Удалённая' })).body.project_id;
      await seller.api.request('DELETE', `/projects/${gone}`);

      const live = (await seller.api.get('/projects')).body.projects;
      expect(live.map((p: { id: number }) => p.id)).toEqual([kept]);
      expect(live[0]).toMatchObject({ is_deleted: false, deleted_at: null });
      expect((await seller.api.get('/projects?include_deleted=0')).body.projects).toHaveLength(1);

      const all = (await seller.api.get(`/projects?include_deleted=1&user_id=${seller.id}`)).body.projects;
      expect(all.map((p: { id: number; name: string; is_deleted: boolean }) => [p.id, p.name, p.is_deleted])).toEqual([
        [kept, 'Живая', false],
        [gone, 'Удалённая', true],
      ]);
      expect(Date.parse(all[1].deleted_at)).not.toBeNaN();
      expect((await (await createSeller(backend.url)).api.get('/projects?include_deleted=1')).body.projects).toEqual([]);

      const wrong = await seller.api.get('/projects?include_deleted=yes');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: messages.actions.includeDeletedInvalid });
    });

    it("another seller's action is not found, and stays as it was", async () => {
      const alice = await createFundedSeller(backend.url, PRICE);
      const bob = await createFundedSeller(backend.url, PRICE);
      const id = (await alice.api.post('/projects', validAction)).body.project_id;
      for (const answer of [
        await bob.api.get(`/projects/${id}`),
        await bob.api.request('PUT', `/projects/${id}`, { body: { name: 'Взлом' } }),
        await bob.api.request('DELETE', `/projects/${id}`),
        await bob.api.post(`/projects/${id}/renew`),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: messages.actions.notFound });
      }
      expect((await bob.api.get(`/projects/${id}?user_id=${alice.id}`)).status).toBe(403);
      expect((await alice.api.get(`/projects/${id}`)).body.project).toMatchObject({ name: 'Весенняя акция', is_active: true });
      expect(await balanceOf(bob)).toBe(PRICE);
    });

    // Every function asks this module whether the action is the seller's and live
    // (findLiveProject): a deleted one is missing for its own seller in each of them.
    it('a deleted action is not found by the calls of every function that starts from it', async () => {
      const seller = await createFundedSeller(backend.url, PRICE);
      const id = (await seller.api.post('/projects', validAction)).body.project_id;
      await seller.api.request('DELETE', `/projects/${id}`);
      const closesAt = new Date(Date.now() + DAY).toISOString();
      const survey = { title: 'Опрос', kind: 'survey', points: 10, questions: [{ text: 'Как вам?', options: [] }] };
      const answers = {
        segmentsList: await seller.api.get(`/segments?project_id=${id}`),
        segmentPreview: await seller.api.post('/segments/preview', { project_id: id, conditions: {} }),
        segmentCreate: await seller.api.post('/segments', { project_id: id, name: 'Все', conditions: {} }),
        drawsList: await seller.api.get(`/draws?project_id=${id}`),
        drawCreate: await seller.api.post('/draws', { project_id: id, title: 'Розыгрыш', winners: 1, closes_at: closesAt }),
        moderationQueue: await seller.api.get(`/moderation?project_id=${id}`),
        supportThreads: await seller.api.get(`/support/threads?project_id=${id}`),
        faqRead: await seller.api.get(`/projects/${id}/faq`),
        faqReplace: await seller.api.request('PUT', `/projects/${id}/faq`, { body: [] }),
        rulesRead: await seller.api.get(`/projects/${id}/product-rules`),
        rulesReplace: await seller.api.request('PUT', `/projects/${id}/product-rules`, { body: [] }),
        warranties: await seller.api.get(`/warranties?project_id=${id}&receipt=1`),
        surveysList: await seller.api.get(`/surveys?project_id=${id}`),
        surveyCreate: await seller.api.post('/surveys', { project_id: id, ...survey }),
        promoCodesAdd: await seller.api.post(`/projects/${id}/promo-codes`, { codes: ['CODE-1'] }),
      };
      const notFound = Object.fromEntries(Object.keys(answers).map((call) => [call, [404, messages.actions.notFound]]));
      expect(Object.fromEntries(Object.entries(answers).map(([call, answer]) => [call, [answer.status, answer.body.message]]))).toEqual(
        notFound,
      );
    });

    it('refuses a non-numeric id', async () => {
      const seller = await createSeller(backend.url);
      const answer = await seller.api.get('/projects/abc');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: messages.actionPage.invalidId });
    });
  });

  describe('the PuzzleBot token', () => {
    const masked = (token: string) => `${token.slice(0, 5)}…${token.slice(-4)}`;
    const pushedTo = async (token: string, buyer: string) =>
      ((await (await fetch(`${backend.url}/__emulators/puzzlebot/variables`)).json()) as { token: string; user_id: string }[]).some(
        (variable) => variable.token === token && variable.user_id === buyer,
      );
    const checkFor = async (seller: Seller, projectId: number, buyer: string) => {
      const qrurl = await registerReceipt(backend.url, freshReceipt('wb-aurora-cosmetics'));
      const answer = await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
      if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
    };

    it('is shown masked; the form saved unchanged keeps the real token, a new token replaces it', async () => {
      const seller = await createFundedSeller(backend.url, PRICE + 100);
      const token = `pb-secret-${seller.id}-${Date.now()}`;
      const created = await seller.api.post('/projects', {
        name: 'Aurora',
        project_inns: '072196655529',
        puzzle_bot_token: token,
        puzzle_bot_points_variable: 'points',
      });
      const projectId = created.body.project_id as number;
      const { project } = (await seller.api.get(`/projects/${projectId}`)).body;
      expect(project.puzzle_bot_token).toBe(masked(token));
      expect(JSON.stringify((await seller.api.get('/projects')).body)).not.toContain(token);

      // The edit form sends every field back, the token as it was shown.
      const {
        id: _id,
        created_at: _c,
        receipts_count: _r,
        is_active: _a,
        status_message: _s,
        subscription_end_date: _e,
        api_key_last4: _k,
        telegram_bot_username: _u,
        telegram_bot_id: _b,
        is_deleted: _d,
        deleted_at: _t,
        ...form
      } = project;
      expect((await seller.api.request('PUT', `/projects/${projectId}`, { body: { ...form, name: 'Aurora 2' } })).status).toBe(200);
      await checkFor(seller, projectId, '4100');
      await eventually(async () => ((await pushedTo(token, '4100')) ? true : undefined), 15_000, 'the push with the saved token');

      const replacement = `pb-other-${seller.id}-${Date.now()}`;
      expect((await seller.api.request('PUT', `/projects/${projectId}`, { body: { puzzle_bot_token: replacement } })).status).toBe(200);
      expect((await seller.api.get(`/projects/${projectId}`)).body.project.puzzle_bot_token).toBe(masked(replacement));
      await checkFor(seller, projectId, '4200');
      await eventually(async () => ((await pushedTo(replacement, '4200')) ? true : undefined), 15_000, 'the push with the new token');
      expect(await pushedTo(token, '4200')).toBe(false);
    });
  });

  describe('an action whose seller cannot pay', () => {
    it('is shown suspended while the balance does not cover the next receipt, and active again after a top-up', async () => {
      const seller = await createFundedSeller(backend.url, PRICE);
      const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' });
      const id = created.body.project_id as number;
      expect(await balanceOf(seller)).toBe(0);
      const suspended = { is_active: true, is_suspended: true };
      expect((await seller.api.get(`/projects/${id}`)).body.project).toMatchObject(suspended);
      expect((await seller.api.get('/projects')).body.projects[0]).toMatchObject(suspended);
      // What the badge promises is what a check does: refused for the seller's balance.
      const refused = await seller.api.post('/check', {
        project_id: id,
        qrurl: await registerReceipt(backend.url, freshReceipt('wb-aurora-cosmetics')),
        user_id_tg: '100500',
      });
      expect(refused.body).toMatchObject({ success: false, data: { status: 'seller_balance_low' } });

      await creditViaCli(backend.url, seller.email, BILLING_DEFAULTS.receipt_price_tier1 - 1);
      expect((await seller.api.get(`/projects/${id}`)).body.project.is_suspended).toBe(true);
      await creditViaCli(backend.url, seller.email, 1);
      expect((await seller.api.get(`/projects/${id}`)).body.project).toMatchObject({ is_active: true, is_suspended: false });
    });
  });

  describe('renewal', () => {
    it('adds 30 days after the current end, charged from the balance', async () => {
      const seller = await createFundedSeller(backend.url, PRICE * 2);
      const id = (await seller.api.post('/projects', validAction)).body.project_id;
      const end = new Date((await seller.api.get(`/projects/${id}`)).body.project.subscription_end_date).getTime();
      const renewed = await seller.api.post(`/projects/${id}/renew`);
      expect(renewed.status).toBe(200);
      expect(plainSpaces(renewed.body.message)).toMatch(/^Акция продлена до \d\d\.\d\d\.\d{4}\. С баланса списано 3 000 ₽\.$/);
      expect(new Date(renewed.body.subscription_end_date).getTime()).toBe(end + 30 * DAY);
      expect(await balanceOf(seller)).toBe(0);
      const refused = await seller.api.post(`/projects/${id}/renew`);
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual({ message: expect.stringMatching(/^Недостаточно средств/), shortfall: PRICE });
      expect(new Date((await seller.api.get(`/projects/${id}`)).body.project.subscription_end_date).getTime()).toBe(end + 30 * DAY);
    });
  });

  describe.runIf(backend.name === 'postgres')('subscription end and concurrency', () => {
    it('an action whose subscription is over becomes inactive with a status message, and renewal restarts it from now', async () => {
      const seller = await createFundedSeller(backend.url, PRICE * 2);
      // Not renewing by itself (action-auto-renew.test.ts has the one that does).
      const id = (await seller.api.post('/projects', { ...validAction, auto_renew: false })).body.project_id;
      await withPostgres(backend, (db) =>
        db.query("UPDATE projects SET subscription_end_date = now() - interval '1 day' WHERE id = $1", [id]),
      );
      const ended = (await seller.api.get(`/projects/${id}`)).body.project;
      expect(ended.is_active).toBe(false);
      expect(ended.status_message).toMatch(/^Подписка закончилась \d\d\.\d\d\.\d{4}\. Продлите акцию, чтобы снова принимать чеки\.$/);
      const renewed = await seller.api.post(`/projects/${id}/renew`);
      expect(renewed.status).toBe(200);
      const end = new Date(renewed.body.subscription_end_date).getTime();
      expect(Math.abs(end - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      expect((await seller.api.get(`/projects/${id}`)).body.project).toMatchObject({ is_active: true, status_message: null });
    });

    it('50 parallel creations against a balance that pays for 3 make exactly 3 actions', async () => {
      const seller = await createFundedSeller(backend.url, PRICE * 3 + 100);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => seller.api.post('/projects', { ...validAction, name: `Акция ${i}` })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 402)).toHaveLength(47);
      expect((await seller.api.get('/projects')).body.projects).toHaveLength(3);
      expect(await balanceOf(seller)).toBe(100);
      const { balance, ledger } = await withPostgres(backend, async (db) => ({
        balance: Number((await db.query('SELECT balance_kopecks FROM users WHERE id = $1', [seller.id])).rows[0].balance_kopecks),
        ledger: Number((await db.query('SELECT sum(amount_kopecks) AS s FROM balance_ledger WHERE user_id = $1', [seller.id])).rows[0].s),
      }));
      expect(balance).toBe(10_000);
      expect(ledger).toBe(balance);
    });
  });
});
