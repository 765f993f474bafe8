import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { REFERRAL_REFUSAL_LABELS, REFERRAL_STATUS_LABELS } from '../../src/contract/referral.js';
import type { Db } from '../../src/server/db/connection.js';
import * as schema from '../../src/server/db/schema.js';
import { projects } from '../../src/server/db/schema.js';
import { rewardInvitation } from '../../src/server/modules/referral/service.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, type BotAction } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';

const m = messages.referral;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 50 * BILLING_DEFAULTS.receipt_price_tier1;
const SETTINGS = { enabled: true, referrer_points: 100, friend_points: 50, monthly_cap: 10 };
/** The Wildberries fixture earns 178 points at 10 %. */
const RECEIPT_POINTS = 178;

async function referralAction(url: string, referral: Partial<typeof SETTINGS> = {}): Promise<BotAction> {
  const bot = await actionWithBot(url, {}, FUNDS);
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, {
    body: { referral: { ...SETTINGS, ...referral } },
  });
  expect(saved.status, saved.text).toBe(200);
  return bot;
}

/** A shopper starts the bot and presses «Пригласить друга»: answers their chat and the link's code. */
async function inviter(url: string, bot: BotAction): Promise<{ chat: string; code: string; link: string }> {
  const chat = newChatId();
  await shopperSays(url, bot, chat, { text: '/start' });
  const [answer] = await shopperSays(url, bot, chat, { press: messages.botFeatures.nameReferral });
  const link = answer!.text!.match(/https:\/\/t\.me\/\S+/)![0];
  return { chat, code: link.match(/start=r_([\w-]+)$/)![1]!, link };
}

/** `/start r_<code>`: answers the first paragraph of the bot's answer (the invitation's line). */
async function startBy(url: string, bot: BotAction, chat: string, code: string): Promise<string> {
  const [answer] = await shopperSays(url, bot, chat, { text: `/start r_${code}` });
  return answer!.text!.split('\n\n')[0]!;
}

/** A receipt sent to the bot as its QR text; waits for the bot's answer to it (a referral notice may come first). */
async function sendReceipt(url: string, bot: BotAction, chat: string): Promise<void> {
  const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
  const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
  await shopperSays(url, bot, chat, { text: qr });
  await eventually(async () => {
    const replies = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).slice(before);
    return replies.some((reply) => reply.text?.includes(String(RECEIPT_POINTS))) ? true : undefined;
  });
}

const card = async (bot: BotAction, tgId: string) => (await bot.seller.api.get(`/buyers/${tgId}?project_id=${bot.projectId}`)).body;
const referralRows = async (bot: BotAction, tgId: string) =>
  ((await card(bot, tgId)).ledger as { kind: string; delta: number; reason: string }[])
    .filter((row) => row.kind === 'referral')
    .map(({ delta, reason }) => ({ delta, reason }));
const botSaid = async (url: string, bot: BotAction, chat: string, text: string) =>
  eventually(
    async () => {
      const said = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).filter((message) => message.text === text);
      return said.length > 0 ? said : undefined;
    },
    30_000,
    `the bot to say «${text}»`,
  );

describe.each(backends())('the referral programme on $name', { timeout: 120_000 }, (backend) => {
  const url = backend.url;

  it('the link is personal and stable; a new friend joins, and the first receipt pays both once, each told by the bot', async () => {
    const bot = await referralAction(url);
    const { chat: inviterChat, code, link } = await inviter(url, bot);
    const connected = (await bot.seller.api.get(`/projects/${bot.projectId}`)).body.project;
    expect(link).toBe(`https://t.me/${connected.telegram_bot_username}?start=r_${code}`);
    expect(code).toMatch(/^[\w-]{12}$/);
    const [again] = await shopperSays(url, bot, inviterChat, { press: messages.botFeatures.nameReferral });
    expect(again!.text).toBe(fillMessage(m.linkText, { name: 'Aurora', link, referrer_points: '100 баллов', friend_points: '50 баллов' }));
    const other = await inviter(url, bot);
    expect(other.code).not.toBe(code);

    const friend = newChatId();
    expect(await startBy(url, bot, friend, code)).toBe(m.joined);

    await sendReceipt(url, bot, friend);
    await botSaid(url, bot, friend, fillMessage(m.friendRewarded, { points: '50 баллов' }));
    await botSaid(url, bot, inviterChat, fillMessage(m.inviterRewarded, { friend: 'Ира', points: '100 баллов', balance: '100 баллов' }));
    // A second receipt of the friend pays the receipt only; the link opened again promises nothing more.
    await sendReceipt(url, bot, friend);
    expect(await startBy(url, bot, friend, code)).toBe(m.refusedSecondLink);

    expect(await referralRows(bot, friend)).toEqual([{ delta: 50, reason: m.friendReason }]);
    expect(await referralRows(bot, inviterChat)).toEqual([{ delta: 100, reason: fillMessage(m.inviterReason, { friend: 'Ира' }) }]);
    const friendCard = await card(bot, friend);
    expect(friendCard.points).toBe(2 * RECEIPT_POINTS + 50);
    expect(friendCard.referrals).toEqual([
      {
        id: expect.any(Number),
        inviter_tg_id: inviterChat,
        inviter_name: 'Ира',
        friend_tg_id: friend,
        friend_name: 'Ира',
        status: 'rewarded',
        status_label: REFERRAL_STATUS_LABELS.rewarded,
        refusal: null,
        refusal_label: null,
        joined_at: expect.any(String),
        decided_at: expect.any(String),
      },
    ]);
    // The inviter has no receipt, yet their card lists whom they invited.
    expect((await card(bot, inviterChat)).referrals).toMatchObject([{ friend_tg_id: friend, status: 'rewarded' }]);
  });

  it('refuses the shopper’s own link, a second link and a person who wrote to the bot before, recording why', async () => {
    const bot = await referralAction(url);
    const first = await inviter(url, bot);
    const second = await inviter(url, bot);

    expect(await startBy(url, bot, first.chat, first.code)).toBe(m.refusedSelf);

    const friend = newChatId();
    expect(await startBy(url, bot, friend, first.code)).toBe(m.joined);
    expect(await startBy(url, bot, friend, first.code)).toBe(m.joined);
    expect(await startBy(url, bot, friend, second.code)).toBe(m.refusedSecondLink);

    const known = newChatId();
    await shopperSays(url, bot, known, { text: '/start' });
    expect(await startBy(url, bot, known, second.code)).toBe(m.refusedExistingShopper);

    expect(await startBy(url, bot, newChatId(), 'no-such-code')).toBe(m.unknownLink);

    // Only the first link pays; the refused ones never do.
    await sendReceipt(url, bot, friend);
    await sendReceipt(url, bot, known);
    await botSaid(url, bot, first.chat, fillMessage(m.inviterRewarded, { friend: 'Ира', points: '100 баллов', balance: '100 баллов' }));
    expect(await referralRows(bot, known)).toEqual([]);
    expect(await referralRows(bot, friend)).toEqual([{ delta: 50, reason: m.friendReason }]);

    const refusal = (reason: keyof typeof REFERRAL_REFUSAL_LABELS, inviterTg: string, friendTg: string) => ({
      inviter_tg_id: inviterTg,
      friend_tg_id: friendTg,
      status: 'refused',
      status_label: REFERRAL_STATUS_LABELS.refused,
      refusal: reason,
      refusal_label: REFERRAL_REFUSAL_LABELS[reason],
    });
    expect((await card(bot, first.chat)).referrals).toMatchObject([
      { inviter_tg_id: first.chat, friend_tg_id: friend, status: 'rewarded' },
      refusal('self', first.chat, first.chat),
    ]);
    expect((await card(bot, friend)).referrals).toMatchObject([
      refusal('second_link', second.chat, friend),
      { inviter_tg_id: first.chat, status: 'rewarded' },
    ]);
    expect((await card(bot, known)).referrals).toMatchObject([refusal('existing_shopper', second.chat, known)]);
  });

  it('over the monthly cap the invitation is refused: nobody is paid, and the inviter is told why', async () => {
    const bot = await referralAction(url, { monthly_cap: 1 });
    const { chat: inviterChat, code } = await inviter(url, bot);
    const [friendA, friendB] = [newChatId(), newChatId()];
    expect(await startBy(url, bot, friendA, code)).toBe(m.joined);
    expect(await startBy(url, bot, friendB, code)).toBe(m.joined);

    await sendReceipt(url, bot, friendA);
    await botSaid(url, bot, inviterChat, fillMessage(m.inviterRewarded, { friend: 'Ира', points: '100 баллов', balance: '100 баллов' }));
    await sendReceipt(url, bot, friendB);
    await botSaid(url, bot, inviterChat, fillMessage(m.inviterCapped, { friend: 'Ира', cap: 1 }));

    expect(await referralRows(bot, inviterChat)).toHaveLength(1);
    expect(await referralRows(bot, friendB)).toEqual([]);
    expect((await card(bot, friendB)).referrals).toMatchObject([
      { status: 'refused', refusal: 'monthly_cap', refusal_label: REFERRAL_REFUSAL_LABELS.monthly_cap },
    ]);
  });

  it('a blocked inviter’s invitation is refused at the friend’s first receipt: nobody is paid by it', async () => {
    const bot = await referralAction(url);
    const { chat: inviterChat, code } = await inviter(url, bot);
    const friend = newChatId();
    expect(await startBy(url, bot, friend, code)).toBe(m.joined);
    const blocked = await bot.seller.api.post(`/buyers/${inviterChat}/block`, { project_id: bot.projectId, reason: 'Приглашает сам себя' });
    expect(blocked.status, blocked.text).toBe(200);

    await sendReceipt(url, bot, friend);
    expect(await referralRows(bot, friend)).toEqual([]);
    expect(await referralRows(bot, inviterChat)).toEqual([]);
    expect((await card(bot, friend)).referrals).toMatchObject([
      { status: 'refused', refusal: 'inviter_blocked', refusal_label: REFERRAL_REFUSAL_LABELS.inviter_blocked },
    ]);
  });

  it('while the programme is off the menu has no button and a link records nothing', async () => {
    const bot = await referralAction(url);
    const { code } = await inviter(url, bot);
    await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: { referral: { ...SETTINGS, enabled: false } } });
    const friend = newChatId();
    const [greeting] = await shopperSays(url, bot, friend, { text: `/start r_${code}` });
    expect(greeting!.text).not.toContain(m.joined);
    const buttons = JSON.stringify(greeting!.reply_markup);
    expect(buttons).not.toContain(messages.botFeatures.nameReferral);
    await sendReceipt(url, bot, friend);
    expect((await card(bot, friend)).referrals).toEqual([]);
  });

  it.skipIf(!backend.clusterUrl)(
    'the award hook run again for the same receipt (a redelivered update, a second instance) pays once',
    async () => {
      const bot = await referralAction(url);
      const { chat: inviterChat, code } = await inviter(url, bot);
      const friend = newChatId();
      expect(await startBy(url, bot, friend, code)).toBe(m.joined);
      // The first receipt comes while the programme is off, so its hook pays nothing; the hooks below run it again.
      const features = `/projects/${bot.projectId}/features`;
      await bot.seller.api.request('PUT', features, { body: { referral: { ...SETTINGS, enabled: false } } });
      await sendReceipt(url, bot, friend);
      await bot.seller.api.request('PUT', features, { body: { referral: SETTINGS } });
      const [receipt] = (await bot.seller.api.get(`/receipts?project_id=${bot.projectId}`)).body.receipts as { id: number }[];

      const connections = new pg.Pool({ connectionString: backend.databaseUrl!, max: 4 });
      const db = drizzle({ client: connections, schema }) as unknown as Db;
      try {
        const [action] = await db.select().from(projects).where(eq(projects.id, bot.projectId));
        const run = () =>
          rewardInvitation(
            { db, now: () => new Date(), log: { error: () => undefined }, onNoticesQueued: () => undefined },
            { action: action!, receiptId: receipt!.id, buyerTgId: friend },
          );
        await Promise.all([run(), run(), run()]);
        await run();
      } finally {
        await connections.end();
      }
      expect(await referralRows(bot, friend)).toEqual([{ delta: 50, reason: m.friendReason }]);
      expect(await referralRows(bot, inviterChat)).toHaveLength(1);
    },
  );
});
