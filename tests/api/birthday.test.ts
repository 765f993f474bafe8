import { afterEach, describe, expect, it } from 'vitest';
import { MONTH_NAMES } from '../../src/contract/engagement.js';
import { formatDate } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { addDays, moscowDay } from '../../src/server/modules/analytics/period.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { createFundedSeller, verifyData } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages, type EmulatedMessage } from '../support/telegram.js';

const m = messages.birthday;
const BUTTON = messages.botFeatures.nameBirthday;
const DAY = 24 * 60 * 60;

async function serverNow(url: string): Promise<Date> {
  return new Date((await clockCall(url, 'GET')).body.now);
}

/** Moves the server's clock forward to a Moscow time, 'YYYY-MM-DDTHH:MM'; the periodic jobs run there once. */
async function advanceTo(url: string, moscowTime: string) {
  const seconds = Math.ceil((Date.parse(`${moscowTime}:00+03:00`) - (await serverNow(url)).getTime()) / 1000);
  expect(seconds).toBeGreaterThan(0);
  return advance(url, seconds);
}

/** 'YYYY-MM-DD' → '15.03'. */
const dayMonth = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
const nextYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

async function birthdayAction(url: string, settings: Record<string, unknown>): Promise<BotAction> {
  const bot = await actionWithBot(url);
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, {
    body: { birthday: { enabled: true, ...settings } },
  });
  expect(saved.status, saved.text).toBe(200);
  return bot;
}

const buttonTexts = (message: EmulatedMessage | undefined) =>
  ((message?.reply_markup as { inline_keyboard?: { text: string }[][] })?.inline_keyboard ?? []).flat().map((button) => button.text);

/** The shopper gives the date with the buttons: «День рождения», the month, the day. */
async function giveByButtons(url: string, bot: BotAction, chat: string, day: string): Promise<string | null | undefined> {
  const month = MONTH_NAMES[Number(day.slice(5, 7)) - 1]!;
  const [asked] = await shopperSays(url, bot, chat, { press: BUTTON });
  expect(asked!.text).toBe(m.ask);
  const [days] = await shopperSays(url, bot, chat, { press: month });
  expect(days!.text).toBe(fillMessage(m.askDay, { month }));
  const [saved] = await shopperSays(url, bot, chat, { press: String(Number(day.slice(8, 10))) });
  return saved!.text;
}

/** The shopper opens the menu, presses «День рождения» and types ДД.ММ. */
async function giveByText(url: string, bot: BotAction, chat: string, text: string): Promise<string | null | undefined> {
  await shopperSays(url, bot, chat, { text: '/menu' });
  await shopperSays(url, bot, chat, { press: BUTTON });
  const [saved] = await shopperSays(url, bot, chat, { text });
  return saved!.text;
}

/** The shopper's birthday rows in the ledger (the buyer card; none: no card yet). */
async function birthdayPoints(bot: BotAction, chat: string): Promise<number[]> {
  const card = await bot.seller.api.get(`/buyers/${chat}?project_id=${bot.projectId}`);
  if (card.status === 404) return [];
  expect(card.status).toBe(200);
  return (card.body.ledger as { kind: string; delta: number }[]).filter((row) => row.kind === 'birthday').map((row) => row.delta);
}

const greetings = async (url: string, bot: BotAction, chat: string) =>
  (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).filter((x) => x.text?.startsWith('С днём рождения'));

const greetingsCount = (url: string, bot: BotAction, chat: string, count: number) =>
  eventually(async () => ((await greetings(url, bot, chat)).length === count ? true : undefined), 30_000, `${count} greeting(s)`);

const results = async (bot: BotAction) => {
  const answer = await bot.seller.api.get(`/projects/${bot.projectId}/features/birthday/results`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as {
    given: { buyer_tg_id: string; name: string | null; date: string; given_at: string }[];
    greeted: { buyer_tg_id: string; points: number; greeted_at: string }[];
  };
};

describe.each(backends())('birthdays on $name', (backend) => {
  const url = backend.url;
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  it('greets on the day from 10:00 Moscow time with the points, once a year, and again the next year', { timeout: 90_000 }, async () => {
    const bot = await birthdayAction(url, { points: 150, min_days_known: 0 });
    const chat = newChatId();
    const [menu] = await shopperSays(url, bot, chat, { text: '/start' });
    expect(buttonTexts(menu)).toContain(BUTTON);
    const day = addDays(moscowDay(await serverNow(url)), 5);
    expect(await giveByButtons(url, bot, chat, day)).toBe(fillMessage(m.saved, { date: dayMonth(day) }));
    expect((await results(bot)).given).toMatchObject([{ buyer_tg_id: chat, name: 'Ира', date: dayMonth(day) }]);

    await advanceTo(url, `${day}T09:50`);
    expect(await birthdayPoints(bot, chat)).toEqual([]);
    await advanceTo(url, `${day}T10:05`);
    await greetingsCount(url, bot, chat, 1);
    const [greeting] = await greetings(url, bot, chat);
    expect(greeting!.text).toBe(fillMessage(m.greeting, { name: 'Aurora', points: '150 баллов' }));
    expect(await birthdayPoints(bot, chat)).toEqual([150]);

    // The job runs again the same day and the next: nothing more.
    await advance(url, 3600);
    await advance(url, DAY);
    expect(await birthdayPoints(bot, chat)).toEqual([150]);
    expect(await greetings(url, bot, chat)).toHaveLength(1);

    await advanceTo(url, `${nextYear(day)}T10:05`);
    await greetingsCount(url, bot, chat, 2);
    expect(await birthdayPoints(bot, chat)).toEqual([150, 150]);
    expect((await results(bot)).greeted).toMatchObject([{ buyer_tg_id: chat, points: 150 }]);
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('a shopper the seller blocked is neither greeted nor paid; the others are', { timeout: 90_000 }, async () => {
    const bot = await birthdayAction(url, { points: 150, min_days_known: 0 });
    const [blocked, other] = [newChatId(), newChatId()];
    const day = addDays(moscowDay(await serverNow(url)), 3);
    for (const chat of [blocked, other]) {
      await shopperSays(url, bot, chat, { text: '/start' });
      expect(await giveByButtons(url, bot, chat, day)).toBe(fillMessage(m.saved, { date: dayMonth(day) }));
    }
    // A shopper the action met (a receipt) can be blocked from their card.
    const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    expect((await bot.seller.api.post('/check', { qrurl, project_id: bot.projectId, user_id_tg: blocked })).body.success).toBe(true);
    expect((await bot.seller.api.post(`/buyers/${blocked}/block`, { project_id: bot.projectId, reason: 'Накрутка' })).status).toBe(200);

    await advanceTo(url, `${day}T10:05`);
    await greetingsCount(url, bot, other, 1);
    expect(await birthdayPoints(bot, other)).toEqual([150]);
    expect(await greetings(url, bot, blocked)).toEqual([]);
    expect(await birthdayPoints(bot, blocked)).toEqual([]);
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('greets only a date given at least min_days_known days before the day', { timeout: 90_000 }, async () => {
    const bot = await birthdayAction(url, { points: 40, min_days_known: 10 });
    const today = moscowDay(await serverNow(url));
    const [early, late] = [newChatId(), newChatId()];
    // Given 10 days before: just enough. Given 9 days before: too late this year, greeted the next.
    const [earlyDay, lateDay] = [addDays(today, 10), addDays(today, 9)];
    expect(await giveByText(url, bot, early, dayMonth(earlyDay))).toBe(fillMessage(m.saved, { date: dayMonth(earlyDay) }));
    // The bot does not promise this year's greeting it will not send.
    expect(await giveByText(url, bot, late, dayMonth(lateDay))).toBe(
      fillMessage(m.savedTooNear, { date: dayMonth(lateDay), year: Number(lateDay.slice(0, 4)) + 1 }),
    );

    await advanceTo(url, `${lateDay}T10:05`);
    await advanceTo(url, `${earlyDay}T10:05`);
    await greetingsCount(url, bot, early, 1);
    expect(await birthdayPoints(bot, early)).toEqual([40]);
    expect(await birthdayPoints(bot, late)).toEqual([]);
    expect(await greetings(url, bot, late)).toEqual([]);

    await advanceTo(url, `${nextYear(lateDay)}T10:05`);
    await greetingsCount(url, bot, late, 1);
    expect(await birthdayPoints(bot, late)).toEqual([40]);
  });

  it('celebrates 29 February on 28 February of a common year', { timeout: 90_000 }, async () => {
    const bot = await birthdayAction(url, { points: 29, min_days_known: 0 });
    const chat = newChatId();
    expect(await giveByText(url, bot, chat, '29.02')).toBe(fillMessage(m.saved, { date: '29.02' }));
    const now = await serverNow(url);
    let year = now.getUTCFullYear();
    while (year % 4 === 0 || Date.parse(`${year}-02-27T00:00:00+03:00`) <= now.getTime()) year += 1;

    await advanceTo(url, `${year}-02-27T10:05`);
    expect(await birthdayPoints(bot, chat)).toEqual([]);
    await advanceTo(url, `${year}-02-28T10:05`);
    await greetingsCount(url, bot, chat, 1);
    expect(await birthdayPoints(bot, chat)).toEqual([29]);
    await advanceTo(url, `${year}-03-01T10:05`);
    expect(await birthdayPoints(bot, chat)).toEqual([29]);
  });

  it(
    'a change within a year of the date is refused saying when, keeps the date, and is allowed after the year',
    { timeout: 90_000 },
    async () => {
      const bot = await birthdayAction(url, {});
      const chat = newChatId();
      await shopperSays(url, bot, chat, { text: '/menu' });
      await shopperSays(url, bot, chat, { press: BUTTON });
      const [wrong] = await shopperSays(url, bot, chat, { text: '31.02' });
      expect(wrong!.text).toBe(m.invalidDate);
      const [saved] = await shopperSays(url, bot, chat, { text: '15.03' });
      expect(saved!.text).toBe(fillMessage(m.saved, { date: '15.03' }));
      const givenAt = new Date((await results(bot)).given[0]!.given_at);
      const nextChange = new Date(givenAt);
      nextChange.setUTCFullYear(nextChange.getUTCFullYear() + 1);
      const refusal = fillMessage(m.changeRefused, { date: '15.03', next: formatDate(nextChange) });

      const [again] = await shopperSays(url, bot, chat, { press: BUTTON });
      expect(again!.text).toBe(refusal);
      expect(buttonTexts(again)).toEqual([]);
      // The months shown before the date was given still work as buttons: the change is refused at the end too.
      await shopperSays(url, bot, chat, { press: MONTH_NAMES[3]! });
      const [stale] = await shopperSays(url, bot, chat, { press: '1' });
      expect(stale!.text).toBe(refusal);
      expect((await results(bot)).given).toMatchObject([{ buyer_tg_id: chat, date: '15.03', given_at: givenAt.toISOString() }]);

      await advance(url, 366 * DAY);
      const [allowed] = await shopperSays(url, bot, chat, { press: BUTTON });
      expect(allowed!.text).toBe(fillMessage(m.known, { date: '15.03' }));
      const [changed] = await shopperSays(url, bot, chat, { text: '16.03' });
      expect(changed!.text).toBe(fillMessage(m.saved, { date: '16.03' }));
      expect((await results(bot)).given).toMatchObject([{ buyer_tg_id: chat, date: '16.03' }]);
    },
  );

  it('is not in the menu while off, and its results are the action owner’s only', async () => {
    const bot = await actionWithBot(url);
    const chat = newChatId();
    const [menu] = await shopperSays(url, bot, chat, { text: '/start' });
    expect(buttonTexts(menu)).not.toContain(BUTTON);
    expect((await results(bot)).given).toEqual([]);
    const stranger = await createFundedSeller(url, 0);
    const foreign = await stranger.api.get(`/projects/${bot.projectId}/features/birthday/results`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(messages.actions.notFound);
  });
});
