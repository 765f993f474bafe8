import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it, vi } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { formatCount, formatDate, formatPoints, formatRubles, RECEIPT_WORDS } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { SELLER_NOTICE_EVENTS } from '../../src/contract/seller-notices.js';
import { openDatabase } from '../../src/server/db/connection.js';
import {
  actionSuspendedNotice,
  balanceLowNotice,
  dailyDigestNotice,
  webhookDisabledNotice,
  mailingFinishedNotice,
  moderationWaitingNotice,
  promoCodesLowNotice,
  shopOrderNotice,
  subscriptionEndedNotice,
  subscriptionEndingNotice,
  supportWaitingNotice,
  suspiciousShopperNotice,
} from '../../src/server/modules/seller-notices/notices.js';
import { queueSellerNotice, type SellerNotice } from '../../src/server/modules/seller-notices/outbox.js';
import { startAppInProcess, type InProcessApp } from '../support/app-in-process.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { TEST_ADMIN_TOKEN } from '../support/server-process.js';
import { addDays, moscowDay } from '../../src/server/modules/analytics/period.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { WB_SELLER } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { mailsTo, waitForMails } from '../support/mail.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { blockChat, eventually, newChatId, telegramMessages } from '../support/telegram.js';

const m = messages.sellerNotices;
const PRICE = BILLING_DEFAULTS.receipt_price_tier1;
const SUBSCRIPTION = BILLING_DEFAULTS.project_subscription_price;
/** The demo's notification bot (modules/seller-notices/module.ts). */
const NOTIFY_BOT_ID = '7000000001';

const allOn = Object.fromEntries(SELLER_NOTICE_EVENTS.map((event) => [event, true]));

const settingsOf = async (seller: Seller) => (await seller.api.get('/profile/notifications')).body;
const putSettings = (seller: Seller, body: unknown) => seller.api.request('PUT', '/profile/notifications', { body });

async function writeToBot(url: string, chatId: string, text: string, username = 'seller_anna', botId = NOTIFY_BOT_ID) {
  const response = await fetch(`${url}/__emulators/telegram/updates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bot_id: Number(botId), from: { id: Number(chatId), first_name: 'Анна', username }, text }),
  });
  if (!response.ok) throw new Error(await response.text());
}

/** What the notification bot wrote to the chat, as texts. */
const botSaid = async (url: string, chatId: string, botId = NOTIFY_BOT_ID) =>
  (await telegramMessages(url, { bot_id: botId, chat_id: chatId })).map((message) => message.text ?? '');

const waitForBot = (url: string, chatId: string, count: number) =>
  eventually(async () => ((await botSaid(url, chatId)).length >= count ? botSaid(url, chatId) : undefined), 20_000, 'the bot’s messages');

/** «Подключить Telegram» and «Запустить» in the bot's chat: answers the chat. */
async function linkTelegram(url: string, seller: Seller, botId = NOTIFY_BOT_ID): Promise<string> {
  const link = await seller.api.post('/profile/telegram-link', {});
  expect(link.status).toBe(200);
  const code = new URL(link.body.url).searchParams.get('start')!;
  const chatId = newChatId();
  await writeToBot(url, chatId, `/start ${code}`, 'seller_anna', botId);
  await eventually(async () => ((await settingsOf(seller)).telegram_link.linked ? true : undefined), 20_000, 'the link');
  return chatId;
}

/** Moves the server's clock forward to a Moscow time, 'YYYY-MM-DDTHH:MM'; the periodic jobs run there once. */
async function advanceTo(url: string, moscowTime: string) {
  const now = new Date((await clockCall(url, 'GET')).body.now);
  const seconds = Math.ceil((Date.parse(`${moscowTime}:00+03:00`) - now.getTime()) / 1000);
  expect(seconds).toBeGreaterThan(0);
  return advance(url, seconds);
}

/** The seller's mails with a subject. */
const mailsAbout = async (url: string, seller: Seller, subject: string) =>
  (await mailsTo(url, seller.email, { digests: true })).filter((mail) => mail.subject === subject);

/** One notice of each event, built as its emitter builds it (notices.ts), for a seller of ours. */
function oneOfEach(sellerId: number): SellerNotice[] {
  const since = new Date('2026-03-02T10:00:00Z');
  const action = { sellerId, actionId: 41, action: 'Aurora' };
  return [
    shopOrderNotice({ sellerId, orderId: 7, action: 'Aurora', buyer: '@anna', product: 'Крем', points: 21 }),
    supportWaitingNotice({ sellerId, threadId: 3, answeredUpTo: 0, action: 'Aurora', buyer: '@anna' }),
    moderationWaitingNotice({ ...action, itemId: 5, buyer: '@anna' }),
    promoCodesLowNotice({ ...action, total: 100, remaining: 9 }),
    suspiciousShopperNotice({ ...action, buyerTgId: '9001', kind: 'many_per_hour' }),
    balanceLowNotice({ sellerId, since, balanceKopecks: 120_000, perDayKopecks: 50_000, daysLeft: 2 }),
    actionSuspendedNotice({ sellerId, since, balanceKopecks: 500, priceKopecks: 1_000 }),
    subscriptionEndingNotice({ ...action, end: since, priceKopecks: 2_380_000, balanceKopecks: 100_000 }),
    subscriptionEndedNotice({ ...action, end: since }),
    mailingFinishedNotice({ sellerId, mailingId: 11, text: 'Весенняя распродажа', total: 5, sent: 4, failed: 1 }),
    dailyDigestNotice({ sellerId, day: '2026-03-01', accepted: 21, refused: 2, newBuyers: 5, points: 773, feeKopecks: 25_500 }),
    webhookDisabledNotice({ sellerId, endpointId: 4, url: 'https://crm.example.ru/hooks', at: since, error: 'HTTP 500' }),
  ];
}

/** The notice as the notification bot writes it (delivery.ts). */
const telegramText = (notice: SellerNotice, publicUrl: string) =>
  `${[notice.title, ...notice.lines].join('\n\n')}\n\n${notice.link.label}: ${publicUrl}${notice.link.path}`;

/** Queues notices straight into a stopped app's database, as the emitters do in their transactions. */
async function queueWhileStopped(where: { databaseUrl?: string; dataDir: string }, notices: SellerNotice[]): Promise<void> {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir, poolSize: 1 });
  try {
    await database.db.transaction(async (tx) => {
      for (const notice of notices) expect(await queueSellerNotice(tx, notice)).toBe(true);
    });
  } finally {
    await database.close();
  }
}

describe.each(backends())('seller notices on $name', (backend) => {
  const url = backend.url;

  it('a new seller has every e-mail notice on and Telegram not linked; a PUT changes only the switches it names', async () => {
    const seller = await createSeller(url);
    expect(await settingsOf(seller)).toEqual({
      user_id: seller.id,
      email: allOn,
      telegram: allOn,
      telegram_link: { linked: false, username: null },
      telegram_available: true,
    });
    const changed = await putSettings(seller, { email: { daily_digest: false }, telegram: { shop_order: false } });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toEqual({ ...allOn, daily_digest: false });
    expect(changed.body.telegram).toEqual({ ...allOn, shop_order: false });
    await putSettings(seller, { email: { support_waiting: false } });
    expect((await settingsOf(seller)).email).toEqual({ ...allOn, daily_digest: false, support_waiting: false });
  });

  it.each([
    ['a switch that is not a boolean', { email: { shop_order: 'yes' } }, m.switchInvalid],
    ['an unknown event', { email: { coffee_break: true } }, m.unknownEvent],
    ['an unknown channel', { sms: { shop_order: true } }, m.unknownChannel],
  ])('%s is refused in Russian and nothing changes', async (_case, body, message) => {
    const seller = await createSeller(url);
    const refused = await putSettings(seller, { email: { daily_digest: false }, ...body });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(message);
    expect((await settingsOf(seller)).email).toEqual(allOn);
  });

  it('another seller’s settings can be neither read nor changed, nor a link made for them', async () => {
    const [owner, intruder] = await Promise.all([createSeller(url), createSeller(url)]);
    expect((await intruder.api.get(`/profile/notifications?user_id=${owner.id}`)).status).toBe(403);
    expect((await putSettings(intruder, { user_id: owner.id, email: { shop_order: false } })).status).toBe(403);
    expect((await intruder.api.post('/profile/telegram-link', { user_id: owner.id })).status).toBe(403);
    expect((await settingsOf(owner)).email).toEqual(allOn);
  });

  it('a one-time link to the notification bot links the chat once; a used code is refused and /stop unlinks', async () => {
    const seller = await createSeller(url);
    const link = await seller.api.post('/profile/telegram-link', {});
    expect(link.body.url).toMatch(new RegExp(`/__emulators/telegram/chat\\?bot_id=${NOTIFY_BOT_ID}&start=[A-Za-z0-9_-]{22}$`));
    const code = new URL(link.body.url).searchParams.get('start')!;
    const chatId = newChatId();
    await writeToBot(url, chatId, `/start ${code}`);
    expect(await waitForBot(url, chatId, 1)).toEqual([fillMessage(m.botLinked, { email: seller.email })]);
    expect((await settingsOf(seller)).telegram_link).toEqual({ linked: true, username: '@seller_anna' });

    // The same code from another chat: refused, the first chat stays linked.
    const stranger = newChatId();
    await writeToBot(url, stranger, `/start ${code}`, 'stranger');
    expect(await waitForBot(url, stranger, 1)).toEqual([m.botCodeInvalid]);
    expect((await settingsOf(seller)).telegram_link.username).toBe('@seller_anna');

    await writeToBot(url, chatId, '/stop');
    expect((await waitForBot(url, chatId, 2))[1]).toBe(m.botStopped);
    expect((await settingsOf(seller)).telegram_link).toEqual({ linked: false, username: null });
  });

  it(
    'actions suspended for lack of balance: told once by e-mail and in Telegram, with the link to top up',
    { timeout: 90_000 },
    async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const chatId = await linkTelegram(url, seller);
      const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
      const projectId = created.body.project_id as number;
      const check = async () =>
        (
          await seller.api.post('/check', {
            project_id: projectId,
            qrurl: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')),
            user_id_tg: newChatId(),
          })
        ).body;
      expect((await check()).data.status).toBe('seller_balance_low');
      const [mail] = await waitForMails(url, seller.email, 1, 30_000);
      expect(mail!.subject).toBe(messages.mail.suspendedSubject);
      const [, notice] = await waitForBot(url, chatId, 2);
      expect(notice).toContain(messages.mail.suspendedSubject);
      expect(notice).toContain(`${messages.mail.topUpButton}: ${url}/dashboard`);
      // Again refused: the same episode is not told twice.
      expect((await check()).data.status).toBe('seller_balance_low');
      expect(await mailsTo(url, seller.email)).toHaveLength(1);
      expect(await botSaid(url, chatId)).toHaveLength(2);
    },
  );

  it(
    'a suspicious shopper is told by e-mail with the link to the buyer card; a chat that blocked the bot is unlinked, once',
    { timeout: 90_000 },
    async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 10 * PRICE);
      const chatId = await linkTelegram(url, seller);
      await blockChat(url, chatId);
      const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, suspicious_receipts_per_hour: 1 });
      const projectId = created.body.project_id as number;
      const shopper = newChatId();
      for (const qrurl of ['not a receipt', 'not a receipt again', 'and again'])
        await seller.api.post('/check', { project_id: projectId, qrurl, user_id_tg: shopper });
      const [mail] = await waitForMails(url, seller.email, 1, 30_000);
      expect(mail!.subject).toBe(m.suspiciousTitle);
      expect(mail!.text).toContain(
        fillMessage(m.suspiciousLine, { action: 'Aurora', buyer: shopper, reason: messages.trust.flagManyPerHour }),
      );
      expect(mail!.text).toContain(`${url}/dashboard/buyers/${shopper}?project_id=${projectId}`);
      await eventually(async () => ((await settingsOf(seller)).telegram_link.linked ? undefined : true), 20_000, 'the unlink');
      expect(await botSaid(url, chatId)).toHaveLength(1);
      expect(await mailsTo(url, seller.email)).toHaveLength(1);
    },
  );

  it(
    'the daily digest tells yesterday’s figures once, from 09:00 Moscow time, only to sellers with receipts and the digest on',
    { timeout: 90_000 },
    async () => {
      expect((await clockCall(url, 'DELETE')).status).toBe(200);
      const [active, digestOff, idle] = await Promise.all([
        createFundedSeller(url, SUBSCRIPTION + 10 * PRICE),
        createFundedSeller(url, SUBSCRIPTION + 10 * PRICE),
        createSeller(url),
      ]);
      await putSettings(digestOff, { email: { daily_digest: false } });
      const checks = async (seller: Seller, qrurls: string[]) => {
        const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
        const answers = [];
        for (const qrurl of qrurls)
          answers.push(
            (await seller.api.post('/check', { project_id: created.body.project_id, qrurl, user_id_tg: newChatId() })).body.data,
          );
        return answers;
      };
      const todays = () => registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 0));
      const answers = await checks(active, [await todays(), await todays(), 'not a receipt']);
      expect(answers.map((answer) => answer.status)).toEqual(['success', 'success', 'not_recognized']);
      await checks(digestOff, [await todays()]);

      const today = moscowDay(new Date((await clockCall(url, 'GET')).body.now));
      const title = fillMessage(m.digestTitle, { date: formatDate(`${today}T12:00:00Z`) });
      await advanceTo(url, `${addDays(today, 1)}T08:50`);
      await advanceTo(url, `${addDays(today, 1)}T09:05`);
      // The digest goes out through the mail outbox after the clock's move: waited for as the other notices are.
      const [digest] = await vi.waitFor(
        async () => {
          const found = await mailsAbout(url, active, title);
          expect(found).toHaveLength(1);
          return found;
        },
        { timeout: 20_000, interval: 100 },
      );
      const points = answers[0].points_awarded + answers[1].points_awarded;
      for (const line of [
        fillMessage(m.digestReceipts, { accepted: formatCount(2, RECEIPT_WORDS), refused: formatCount(1, RECEIPT_WORDS) }),
        fillMessage(m.digestBuyers, { count: '2' }),
        fillMessage(m.digestPoints, { points: formatPoints(points) }),
        fillMessage(m.digestFees, { fees: formatRubles(2 * PRICE) }),
        `${url}/dashboard/analytics`,
      ])
        expect(digest!.text).toContain(line);

      // Later runs of the day, and the next morning's (a day without receipts), tell nothing more.
      await advance(url, 10 * 60);
      await advanceTo(url, `${addDays(today, 2)}T09:05`);
      expect(await mailsAbout(url, active, title)).toHaveLength(1);
      expect(await mailsAbout(url, digestOff, title)).toEqual([]);
      expect(await mailsAbout(url, idle, title)).toEqual([]);
      expect((await clockCall(url, 'DELETE')).status).toBe(200);
    },
  );

  // Two app starts on a database of the test's own: once per run is enough, on PostgreSQL when the run has it.
  it.runIf(backend.name === backends().at(-1)!.name)(
    'every event queued while the app is down reaches the linked Telegram chat and the mailbox exactly once after the restart',
    { timeout: 180_000 },
    async () => {
      // Telegram is this backend's emulator, so the linked chat outlives the app; the notification
      // bot is the operator's own (no other app polls it).
      const bot = { token: `7000000042:${'RestartNoticesBot'.padEnd(35, 'x')}`, id: '7000000042' };
      const env: Record<string, string> = { TELEGRAM_API_URL: `${url}/__emulators/telegram` };
      const postgres = inject('postgres');
      if (backend.clusterUrl && postgres)
        env.DATABASE_URL = createDatabase(backend.clusterUrl, `scanapp_notices_${Date.now()}`, postgres.template);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-notices-'));
      const start = (first: boolean) =>
        startAppInProcess(env, {
          keepDataDir: dataDir,
          ...(first && !env.DATABASE_URL ? { templateDataDir: inject('pgliteTemplate') } : {}),
        });
      let app: InProcessApp | undefined = await start(true);
      try {
        const setBot = await fetch(`${app.url}/lk/api/admin/settings/notify_bot_token`, {
          method: 'PUT',
          headers: { 'x-admin-token': TEST_ADMIN_TOKEN, 'content-type': 'application/json' },
          body: JSON.stringify({ value: bot.token }),
        });
        expect(setBot.status, await setBot.text()).toBe(200);
        const firstSeller = await createSeller(app.url);
        const chatId = await linkTelegram(url, firstSeller, bot.id);
        await app.stop();
        app = undefined;

        const notices = oneOfEach(firstSeller.id);
        // Every event there is, so an event added later is delivered here too.
        expect(new Set(notices.map((notice) => notice.event))).toEqual(new Set(SELLER_NOTICE_EVENTS));
        await queueWhileStopped({ databaseUrl: env.DATABASE_URL, dataDir }, notices);
        app = await start(false);
        const publicUrl = app.url;
        const expected = [fillMessage(m.botLinked, { email: firstSeller.email }), ...notices.map((n) => telegramText(n, publicUrl))];
        const said = await eventually(
          async () => ((await botSaid(url, chatId, bot.id)).length >= expected.length ? botSaid(url, chatId, bot.id) : undefined),
          60_000,
          'the notices in Telegram',
        );
        // The digest is one of the events here: its mail counts.
        const mails = await waitForMails(publicUrl, firstSeller.email, notices.length, 60_000, { digests: true });
        // The delivery job runs again (the clock's pass runs every periodic job): nothing more goes.
        await advance(publicUrl, 60);
        expect(await botSaid(url, chatId, bot.id)).toHaveLength(expected.length);
        expect(await mailsTo(publicUrl, firstSeller.email, { digests: true })).toHaveLength(notices.length);
        expect([...said].sort()).toEqual([...expected].sort());
        for (const notice of notices) {
          const mail = mails.filter((candidate) => candidate.subject === notice.title);
          expect(mail, notice.event).toHaveLength(1);
          for (const line of notice.lines) expect(mail[0]!.text).toContain(line);
          expect(mail[0]!.text).toContain(`${publicUrl}${notice.link.path}`);
        }
      } finally {
        await app?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
