import { drizzle } from 'drizzle-orm/node-postgres';
import { formatPoints } from '../../src/contract/format.js';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import type { Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, WB_SELLER } from '../support/bot.js';
import { mailsTo } from '../support/mail.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId } from '../support/telegram.js';
import type { Db } from '../../src/server/db/connection.js';
import * as schema from '../../src/server/db/schema.js';
import { issuePromoCode } from '../../src/server/modules/promo-codes/service.js';

const m = messages.promoCodes;
const SUBSCRIPTION = BILLING_DEFAULTS.project_subscription_price;
/** Enough for the action and a few dozen receipts at the first tier's price. */
const FUNDS = SUBSCRIPTION + 50 * BILLING_DEFAULTS.receipt_price_tier1;

async function actionOf(seller: Seller): Promise<number> {
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  return created.body.project_id;
}

const codesPath = (projectId: number) => `/projects/${projectId}/promo-codes`;
const pool = async (seller: Seller, projectId: number) => (await seller.api.get(codesPath(projectId))).body;
const setRule = (seller: Seller, projectId: number, rule: string) =>
  seller.api.request('PUT', `${codesPath(projectId)}/settings`, { body: { rule } });

async function check(url: string, seller: Seller, projectId: number, buyer: string) {
  const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
  const answer = await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
  expect(answer.status).toBe(200);
  return answer.body as { success: boolean; data: { points_awarded: number; promo_code?: string } };
}

describe.each(backends())('promo codes on $name', (backend) => {
  const url = backend.url;

  it('an upload drops blanks and repeats, says how many it added and skipped, and the list starts empty', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(seller);
    expect(await pool(seller, projectId)).toEqual({ rule: 'off', total: 0, remaining: 0, issued: 0, low: false, codes_issued: [] });

    const first = await seller.api.post(codesPath(projectId), { codes: [' SALE-1 ', 'SALE-2', '', 'SALE-1', '   ', 'СКИДКА-3'] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: fillMessage(m.added, { added: 3, skipped: 1 }), added: 3, skipped: 1 });
    const again = await seller.api.post(codesPath(projectId), { codes: ['SALE-2', 'SALE-4'] });
    expect(again.body).toMatchObject({ added: 1, skipped: 1 });
    expect(await pool(seller, projectId)).toMatchObject({ total: 4, remaining: 4, issued: 0, low: true });
  });

  it('generates unguessable distinct codes with the prefix', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(seller);
    const answer = await seller.api.post(codesPath(projectId), { generate: { prefix: 'spring-', count: 500 } });
    expect(answer.body).toEqual({ message: fillMessage(m.generated, { added: 500 }), added: 500, skipped: 0 });
    expect(await pool(seller, projectId)).toMatchObject({ total: 500, remaining: 500, low: false });
    await setRule(seller, projectId, 'every');
    const { data } = await check(url, seller, projectId, '7001');
    expect(data.promo_code).toMatch(/^SPRING-[A-HJKMNP-Z2-9]{8}$/);
  });

  it('the pool is told low at the claim that leaves fewer than its mark free, not before, once', { timeout: 60_000 }, async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(seller);
    await seller.api.post(codesPath(projectId), { codes: Array.from({ length: 20 }, (_, i) => `LOW${i}`) });
    await setRule(seller, projectId, 'every');
    // 20 codes: low below 10 free. Ten claims leave 10, the eleventh 9.
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => check(url, seller, projectId, String(9100 + i))));
    expect(first.map((answer) => answer.data.promo_code).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `LOW${i}`).sort());
    expect((await check(url, seller, projectId, '9110')).data.promo_code).toBe('LOW10');
    expect(await pool(seller, projectId)).toMatchObject({ total: 20, remaining: 9, low: true });
    const low = async () => (await mailsTo(url, seller.email)).filter((mail) => mail.subject === messages.sellerNotices.promoCodesLowTitle);
    const [told] = await eventually(async () => ((await low()).length > 0 ? low() : undefined));
    expect(told!.text).toContain(fillMessage(messages.sellerNotices.promoCodesLowLine, { action: 'Aurora', count: '9' }));
    await check(url, seller, projectId, '9111');
    expect(await low()).toHaveLength(1);
  });

  it('promo codes are never issued twice under 30 parallel checks; once the pool is empty, points are still awarded without one', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(seller);
    const uploaded = Array.from({ length: 25 }, (_, i) => `P${String(i).padStart(3, '0')}`);
    await seller.api.post(codesPath(projectId), { codes: uploaded });
    expect((await setRule(seller, projectId, 'every')).body).toEqual({ message: m.ruleSaved, rule: 'every' });

    const qrs = await Promise.all(Array.from({ length: 30 }, () => registerReceipt(url, freshReceipt('wb-aurora-cosmetics'))));
    const answers = await Promise.all(
      qrs.map((qrurl, i) => seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: String(8000 + i) })),
    );
    expect(answers.every((answer) => answer.status === 200 && answer.body.success && answer.body.data.points_awarded === 178)).toBe(true);
    const codes = answers.map((answer) => answer.body.data.promo_code).filter((code): code is string => code !== undefined);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    expect([...codes].sort()).toEqual(uploaded);

    const after = await check(url, seller, projectId, '8999');
    expect(after.success).toBe(true);
    expect(after.data.points_awarded).toBe(178);
    expect(after.data).not.toHaveProperty('promo_code');

    const listed = await pool(seller, projectId);
    expect(listed).toMatchObject({ rule: 'every', total: 25, remaining: 0, issued: 25, low: true });
    // The pool ran low under the parallel checks: the seller is told once, with the action's address.
    const low = async () => (await mailsTo(url, seller.email)).filter((mail) => mail.subject === messages.sellerNotices.promoCodesLowTitle);
    const [told] = await eventually(async () => ((await low()).length > 0 ? low() : undefined));
    expect(told!.text).toContain(`/dashboard/action/${projectId}`);
    expect(await low()).toHaveLength(1);
    expect(listed.codes_issued).toHaveLength(25);
    const byCode = new Map(answers.filter((a) => a.body.data.promo_code).map((a, _i) => [a.body.data.promo_code as string, a]));
    for (const issued of listed.codes_issued) {
      expect(byCode.has(issued.code)).toBe(true);
      expect(issued).toEqual({
        code: issued.code,
        buyer_tg: expect.stringMatching(/^80\d\d$/),
        buyer_name: null,
        receipt_id: expect.any(Number),
        issued_at: expect.any(String),
      });
    }
    expect(new Set(listed.codes_issued.map((c: { buyer_tg: string }) => c.buyer_tg)).size).toBe(25);
    expect(new Set(listed.codes_issued.map((c: { receipt_id: number }) => c.receipt_id)).size).toBe(25);
  });

  it('rule «first»: one code per shopper, even for parallel first receipts; another shopper gets their own', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(seller);
    await seller.api.post(codesPath(projectId), { generate: { count: 20 } });
    await setRule(seller, projectId, 'first');

    const qrs = await Promise.all(Array.from({ length: 6 }, () => registerReceipt(url, freshReceipt('wb-aurora-cosmetics'))));
    const parallel = await Promise.all(qrs.map((qrurl) => seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: '9100' })));
    expect(parallel.every((answer) => answer.body.success)).toBe(true);
    expect(parallel.filter((answer) => answer.body.data.promo_code)).toHaveLength(1);
    expect((await check(url, seller, projectId, '9100')).data).not.toHaveProperty('promo_code');

    const other = await check(url, seller, projectId, '9200');
    expect(other.data.promo_code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(await pool(seller, projectId)).toMatchObject({ total: 20, remaining: 18, issued: 2 });
  });

  it('rule «first»: a regular whose receipts came before the rule gets no code; a newcomer gets one for the first receipt only', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(seller);
    await seller.api.post(codesPath(projectId), { generate: { count: 5 } });
    for (let n = 0; n < 3; n++) expect((await check(url, seller, projectId, '9300')).data).not.toHaveProperty('promo_code');
    await setRule(seller, projectId, 'first');

    expect((await check(url, seller, projectId, '9300')).data).not.toHaveProperty('promo_code');
    expect((await check(url, seller, projectId, '9301')).data.promo_code).toEqual(expect.any(String));
    expect((await check(url, seller, projectId, '9301')).data).not.toHaveProperty('promo_code');
    expect(await pool(seller, projectId)).toMatchObject({ remaining: 4, issued: 1 });
  });

  it.skipIf(!backend.clusterUrl)(
    'rule «first»: of two claims for one shopper racing in open transactions, the database refuses the second',
    async () => {
      const seller = await createFundedSeller(url, FUNDS);
      const projectId = await actionOf(seller);
      await seller.api.post(codesPath(projectId), { codes: ['RACE-1', 'RACE-2', 'RACE-3'] });
      // The shopper's first receipt while the action gives no codes: its claim is made twice below, by hand
      // (a check retried while the first run of it still holds its transaction open).
      await check(url, seller, projectId, '9400');
      const [receiptId] = (await seller.api.get(`/receipts?project_id=${projectId}`)).body.receipts.map(
        (receipt: { id: number }) => receipt.id,
      );

      const connections = new pg.Pool({ connectionString: backend.databaseUrl!, max: 3 });
      const db = drizzle({ client: connections, schema }) as unknown as Db;
      const errors: object[] = [];
      const deps = (executor: Db) => ({ db: executor, now: () => new Date(), log: { error: (data: object) => void errors.push(data) } });
      const claim = (executor: Db, receiptId: number) =>
        issuePromoCode(deps(executor), {
          action: { id: projectId, userId: seller.id, name: 'Aurora', promoCodeRule: 'first' },
          receiptId,
          buyerTgId: '9400',
        });
      try {
        let second: Promise<string | undefined> | undefined;
        let secondSettled = false;
        const first = await db.transaction(async (tx) => {
          const code = await claim(tx as unknown as Db, receiptId);
          // The first claim is not committed yet: the second cannot see it and takes the next free code…
          second = claim(db, receiptId).finally(() => (secondSettled = true));
          // …until the unique index makes it wait for this transaction (or it got through: then the test fails below).
          await eventually(
            async () => {
              const waiting = await connections.query(
                `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
              );
              return waiting.rowCount || secondSettled ? true : undefined;
            },
            10_000,
            'the second claim to wait or finish',
          );
          return code;
        });
        expect(first).toBe('RACE-1');
        expect(await second).toBeUndefined();
        expect(errors).toEqual([]);
      } finally {
        await connections.end();
      }
      expect(await pool(seller, projectId)).toMatchObject({ remaining: 2, issued: 1 });
    },
  );

  it('an action that gives no codes keeps its pool, and an empty pool never blocks points', async () => {
    const seller = await createFundedSeller(url, FUNDS + SUBSCRIPTION);
    const projectId = await actionOf(seller);
    await seller.api.post(codesPath(projectId), { codes: ['KEEP-1'] });
    const off = await check(url, seller, projectId, '9300');
    expect(off).toMatchObject({ success: true, data: { points_awarded: 178 } });
    expect(off.data).not.toHaveProperty('promo_code');
    expect(await pool(seller, projectId)).toMatchObject({ remaining: 1, issued: 0 });

    const empty = await actionOf(seller);
    await setRule(seller, empty, 'every');
    const answer = await check(url, seller, empty, '9301');
    expect(answer).toMatchObject({ success: true, data: { points_awarded: 178 } });
    expect(answer.data).not.toHaveProperty('promo_code');
  });

  it('the bot’s success answer carries the code', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    await bot.seller.api.post(codesPath(bot.projectId), { codes: ['BOT-GIFT-1'] });
    await setRule(bot.seller, bot.projectId, 'every');
    const chat = newChatId();
    const [reply] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
    expect(reply!.text).toBe(
      [
        'Чек принят! Начислено баллов: 178.',
        fillMessage(messages.bot.newBalance, { points: formatPoints(178) }),
        fillMessage(m.botLine, { code: 'BOT-GIFT-1' }),
      ].join('\n'),
    );
    const [issued] = (await pool(bot.seller, bot.projectId)).codes_issued;
    expect(issued).toMatchObject({ code: 'BOT-GIFT-1', buyer_tg: chat, buyer_name: 'Ира' });
    // The pool is empty now: the next receipt's answer is the plain one.
    const [next] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
    expect(next!.text).toBe(
      ['Чек принят! Начислено баллов: 178.', fillMessage(messages.bot.newBalance, { points: formatPoints(356) })].join('\n'),
    );
  });

  it('refuses bad input with a Russian message and writes nothing', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(seller);
    const refusals: [unknown, string][] = [
      [{ codes: ['GOOD', 'HAS SPACE'] }, fillMessage(m.codeInvalid, { code: 'HAS SPACE' })],
      [{ codes: ['GOOD', 'X'.repeat(65)] }, fillMessage(m.codeInvalid, { code: `${'X'.repeat(30)}…` })],
      [{ codes: ['', '  '] }, m.noCodes],
      [{ codes: Array.from({ length: 10_001 }, (_, i) => `C${i}`) }, m.tooManyInUpload],
      [{}, m.codesOrGenerate],
      [{ codes: ['A'], generate: { count: 1 } }, m.codesOrGenerate],
      [{ generate: { prefix: 'СКИДКА', count: 5 } }, m.prefixInvalid],
      [{ generate: { prefix: 'A'.repeat(21), count: 5 } }, m.prefixInvalid],
      [{ generate: { count: 0 } }, m.countInvalid],
      [{ generate: { count: 10_001 } }, m.countInvalid],
      [{ generate: { count: 2.5 } }, m.countInvalid],
    ];
    for (const [body, message] of refusals) {
      const answer = await seller.api.post(codesPath(projectId), body);
      expect({ body, status: answer.status, answer: answer.body }).toEqual({ body, status: 400, answer: { message } });
    }
    const rule = await setRule(seller, projectId, 'sometimes');
    expect(rule.status).toBe(400);
    expect(rule.body).toEqual({ message: m.ruleInvalid });
    expect(await pool(seller, projectId)).toEqual({ rule: 'off', total: 0, remaining: 0, issued: 0, low: false, codes_issued: [] });
  });

  it('another seller’s action is not found for every call, and nothing of it changes', async () => {
    const owner = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(owner);
    await owner.api.post(codesPath(projectId), { codes: ['MINE-1'] });
    const stranger = await createFundedSeller(url, FUNDS);
    const notFound = { message: messages.actions.notFound };
    for (const answer of [
      await stranger.api.get(codesPath(projectId)),
      await stranger.api.post(codesPath(projectId), { codes: ['THEIRS-1'] }),
      await stranger.api.post(codesPath(projectId), { generate: { count: 3 } }),
      await setRule(stranger, projectId, 'every'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(notFound);
    }
    expect(await pool(owner, projectId)).toEqual({ rule: 'off', total: 1, remaining: 1, issued: 0, low: true, codes_issued: [] });
    const anonymous = await owner.api.get(codesPath(projectId), { token: null });
    expect(anonymous.status).toBe(401);
    // A deleted action is gone for its own seller too.
    await owner.api.request('DELETE', `/projects/${projectId}`);
    expect((await owner.api.get(codesPath(projectId))).status).toBe(404);
  });

  it('a pool holds at most 100 000 codes: an upload over it is refused whole', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = await actionOf(seller);
    for (let batch = 0; batch < 10; batch++) {
      const answer = await seller.api.post(codesPath(projectId), { generate: { prefix: `B${batch}-`, count: 10_000 } });
      expect(answer.status).toBe(200);
    }
    const over = await seller.api.post(codesPath(projectId), { codes: ['ONE-MORE', 'AND-ANOTHER'] });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ message: fillMessage(m.poolFull, { total: 100_000, after: 100_002 }) });
    expect(await pool(seller, projectId)).toMatchObject({ total: 100_000, remaining: 100_000 });
  }, 120_000);
});
