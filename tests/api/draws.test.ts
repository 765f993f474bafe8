import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { verifyDraw } from '../../src/contract/draw-fairness.js';
import { messages } from '../../src/contract/messages.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { runAdminCli } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, startChats, telegramMessages } from '../support/telegram.js';

const m = messages.draws;
const HOUR = 3600;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 40 * BILLING_DEFAULTS.receipt_price_tier1;

/** The server's time now (the demo clock's). */
async function serverNow(url: string): Promise<Date> {
  return new Date((await clockCall(url, 'GET')).body.now);
}

const inHours = async (url: string, hours: number) => new Date((await serverNow(url)).getTime() + hours * HOUR * 1000).toISOString();

async function createDraw(bot: BotAction, fields: Record<string, unknown>) {
  return bot.seller.api.post('/draws', { project_id: bot.projectId, title: 'Фен за чек', winners: 2, ...fields });
}

/** A successful receipt of the action for this shopper; `rename` replaces its items' names. */
async function receipt(url: string, bot: BotAction, buyer: string, rename?: string[]) {
  const change = rename
    ? (r: Record<string, any>) => r.items.forEach((item: { name: string }, i: number) => (item.name = rename[i % rename.length]!))
    : undefined;
  const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 1, change));
  const answer = await bot.seller.api.post('/check', { qrurl, project_id: bot.projectId, user_id_tg: buyer });
  expect(answer.body.success, answer.text).toBe(true);
  return answer.body.data.receipt_id as number | undefined;
}

const publicDraw = async (url: string, id: number) => {
  const response = await fetch(`${url}/lk/api/public/draws/${id}`);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

/** Re-computes a closed draw from the public page's values only. */
async function recompute(published: Record<string, any>) {
  return verifyDraw({
    commitment: published.commitment,
    tickets_hash: published.tickets_hash,
    seed: published.seed,
    winners_requested: published.winners_count,
    tickets: published.tickets,
    winners: published.winners.map((w: { ticket: number }) => w.ticket),
  });
}

describe.each(backends())('prize draws on $name', (backend) => {
  const url = backend.url;
  // The file's app is shared by its tests: each starts from real time.
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  it('a draw closed now re-computes from its published values: commitment, ticket-list hash, distinct winners; then the seed is shown', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const [ira, oleg, vera] = [newChatId(), newChatId(), newChatId()];
    await startChats(url, bot.botId, [ira, oleg, vera]);
    await receipt(url, bot, ira); // before the draw: no ticket

    const created = await createDraw(bot, { closes_at: await inHours(url, 24) });
    expect(created.status, created.text).toBe(201);
    expect(created.body.message).toBe(m.created);
    const draw = created.body.draw;
    expect(draw).toMatchObject({ status: 'open', winners_count: 2, seed: null, tickets_hash: null, tickets: [], winners: [] });
    expect(draw.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(draw.public_path).toBe(`/draws/${draw.id}`);

    for (const buyer of [ira, oleg, ira, vera, ira, ira]) await receipt(url, bot, buyer);
    const open = (await bot.seller.api.get(`/draws/${draw.id}`)).body.draw;
    expect(open.tickets.map((t: { ticket: number; shopper: number }) => [t.ticket, t.shopper])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
      [4, 3],
      [5, 1],
      [6, 1],
    ]);
    expect(open.seed).toBeNull();
    expect((await publicDraw(url, draw.id)).body.seed).toBeNull();

    const closed = await bot.seller.api.post(`/draws/${draw.id}/close`, {});
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.message).toBe(m.closed);
    const result = closed.body.draw;
    expect(result.status).toBe('closed');
    expect(createHash('sha256').update(Buffer.from(result.seed, 'hex')).digest('hex')).toBe(draw.commitment);
    expect(result.tickets).toHaveLength(6);
    expect(result.winners).toHaveLength(2);
    expect(new Set(result.winners.map((w: { buyer_tg_id: string }) => w.buyer_tg_id)).size).toBe(2);
    for (const winner of result.winners) {
      expect(result.tickets[winner.ticket - 1].buyer_tg_id).toBe(winner.buyer_tg_id);
      expect(winner.handed_over_at).toBeNull();
    }

    const published = await publicDraw(url, draw.id);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ action_name: 'Aurora', seed: result.seed, tickets_hash: result.tickets_hash });
    expect(await recompute(published.body)).toEqual({ commitment: true, tickets_hash: true, winners: true });
    // Anyone reads it: the shoppers are masked, no Telegram id leaves.
    for (const id of [ira, oleg, vera]) expect(JSON.stringify(published.body)).not.toContain(id);
    expect(published.body.tickets[0].masked).toBe(`${ira.slice(0, 2)}••••${ira.slice(-2)}`);

    // Each winner is told by the bot, with the page to check the draw.
    for (const winner of result.winners) {
      const notice = await eventually(
        async () =>
          (await telegramMessages(url, { bot_id: bot.botId, chat_id: winner.buyer_tg_id })).find((x) => x.text?.startsWith('Поздравляем')),
        30_000,
        'the winner’s notice',
      );
      expect(notice.text).toContain(`Ваш билет № ${winner.ticket}`);
      expect(notice.text).toContain(`/draws/${draw.id}`);
    }

    // The operator's CLI re-computes it the same way.
    const cli = await runAdminCli(url, ['draw:verify', String(draw.id)], {});
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('Победители, вычисленные заново: совпадает');

    // A closed draw stays closed.
    const again = await bot.seller.api.post(`/draws/${draw.id}/close`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(m.alreadyClosed);
  });

  it('a draw for buying a product counts only receipts with an item whose name contains the text, in any case', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const [ira, oleg] = [newChatId(), newChatId()];
    const created = await createDraw(bot, { closes_at: await inHours(url, 2), item_contains: '  ФЕН  ', winners: 5 });
    expect(created.body.draw.item_contains).toBe('ФЕН');
    const id = created.body.draw.id;
    await receipt(url, bot, ira, ['Шампунь Aurora Cosmetics']);
    const withHairDryer = await receipt(url, bot, oleg, ['Крем Aurora Cosmetics', 'Фен дорожный Aurora Cosmetics']);
    await receipt(url, bot, ira, ['ФЕНОМЕНАЛЬНЫЙ крем Aurora Cosmetics']);

    const result = (await bot.seller.api.post(`/draws/${id}/close`, {})).body.draw;
    expect(result.tickets.map((t: { ticket: number; buyer_tg_id: string }) => [t.ticket, t.buyer_tg_id])).toEqual([
      [1, oleg],
      [2, ira],
    ]);
    if (withHairDryer !== undefined) expect(result.tickets[0].receipt_id).toBe(withHairDryer);
    // Five winners asked, two shoppers took part: each wins once.
    expect(result.winners.map((w: { buyer_tg_id: string }) => w.buyer_tg_id).sort()).toEqual([ira, oleg].sort());
    expect(await recompute((await publicDraw(url, id)).body)).toEqual({ commitment: true, tickets_hash: true, winners: true });
  });

  it('the clock closes a due draw: receipts after its closing time make no tickets, and a winner is told once', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const ira = newChatId();
    const created = await createDraw(bot, { closes_at: await inHours(url, 1), winners: 1 });
    const id = created.body.draw.id;
    // The shopper sends the receipt to the bot: the bot's menu offers the draw with the ticket.
    const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    const [reply] = await shopperSays(url, bot, ira, { text: qr });
    expect(reply!.text).toContain('Начислено баллов');
    await shopperSays(url, bot, ira, { text: '/menu' });
    const menu = await shopperSays(url, bot, ira, { press: m.menuButton });
    expect(menu.at(-1)!.text).toContain(m.menuIntro);
    expect(menu.at(-1)!.text).toContain('Ваших билетов: 1.');

    const ran = await advance(url, 2 * HOUR);
    expect(ran.ran).toContain('draws-close');
    const draw = (await bot.seller.api.get(`/draws/${id}`)).body.draw;
    expect(draw.status).toBe('closed');
    expect(draw.closed_at).toBe(created.body.draw.closes_at);
    expect(draw.winners).toEqual([{ place: 1, ticket: 1, buyer_tg_id: ira, buyer_name: 'Ира', handed_over_at: null }]);

    // A receipt after the closing changes nothing, and another run of the clock tells nobody twice.
    await receipt(url, bot, newChatId());
    await advance(url, HOUR);
    expect((await bot.seller.api.get(`/draws/${id}`)).body.draw.tickets).toHaveLength(1);
    const notices = async () =>
      (await telegramMessages(url, { bot_id: bot.botId, chat_id: ira })).filter((x) => x.text?.startsWith('Поздравляем'));
    await eventually(async () => ((await notices()).length === 1 ? true : undefined), 30_000, 'the notice');
    expect(await notices()).toHaveLength(1);
  });

  it('the seller marks a prize handed over; a ticket that did not win is refused', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const ira = newChatId();
    await startChats(url, bot.botId, [ira]);
    const id = (await createDraw(bot, { closes_at: await inHours(url, 1), winners: 1 })).body.draw.id;
    await receipt(url, bot, ira);
    await receipt(url, bot, ira);
    const result = (await bot.seller.api.post(`/draws/${id}/close`, {})).body.draw;
    const ticket = result.winners[0].ticket as number;
    const marked = await bot.seller.api.post(`/draws/${id}/winners/${ticket}/handed-over`, {});
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toEqual({ message: m.handedOver, handed_over_at: expect.any(String) });
    const markedAgain = await bot.seller.api.post(`/draws/${id}/winners/${ticket}/handed-over`, {});
    expect(markedAgain.body.handed_over_at).toBe(marked.body.handed_over_at);
    expect((await bot.seller.api.get(`/draws/${id}`)).body.draw.winners[0].handed_over_at).toBe(marked.body.handed_over_at);
    const loser = await bot.seller.api.post(`/draws/${id}/winners/${3 - ticket}/handed-over`, {});
    expect(loser.status).toBe(404);
    expect(loser.body.message).toBe(m.notWinner);
  });

  it('another seller neither sees, lists, closes nor marks a seller’s draw', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const id = (await createDraw(bot, { closes_at: await inHours(url, 1) })).body.draw.id;
    const other: Seller = await createSeller(url);
    for (const answer of [
      await other.api.get(`/draws/${id}`),
      await other.api.post(`/draws/${id}/close`, {}),
      await other.api.post(`/draws/${id}/winners/1/handed-over`, {}),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(m.notFound);
    }
    const list = await other.api.get(`/draws?project_id=${bot.projectId}`);
    expect(list.status).toBe(404);
    const intoOthers = await other.api.post('/draws', {
      project_id: bot.projectId,
      title: 'Чужой',
      winners: 1,
      closes_at: await inHours(url, 1),
    });
    expect(intoOthers.status).toBe(404);
    const own = await bot.seller.api.get(`/draws?project_id=${bot.projectId}`);
    expect(own.body.draws).toHaveLength(1);
    expect(own.body.draws[0]).toMatchObject({ id, status: 'open', tickets_count: 0 });
    expect((await bot.seller.api.get(`/draws/${id}`)).status).toBe(200);
  });

  it('bad inputs get Russian messages and write nothing', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    // The demo clock is ahead of real time: a closing time between the two is already past.
    await advance(url, 3 * HOUR);
    const realSoon = new Date(Date.now() + HOUR * 1000).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ winners: 0 }, m.winnersInvalid],
      [{ winners: 101 }, m.winnersInvalid],
      [{ winners: 1.5 }, m.winnersInvalid],
      [{ winners: 'два' }, m.winnersInvalid],
      [{ title: '   ' }, m.titleInvalid],
      [{ title: 'я'.repeat(101) }, m.titleInvalid],
      [{ closes_at: 'завтра' }, m.closesAtInvalid],
      [{ closes_at: '2030-01-01T10:00:00+99:99' }, m.closesAtInvalid],
      [{ closes_at: '2030-01-01T10:00:00' }, m.closesAtInvalid],
      [{ closes_at: realSoon }, m.closesAtPast],
      [{ closes_at: new Date(Date.now() + 400 * 24 * HOUR * 1000).toISOString() }, m.closesAtTooFar],
      [{ item_contains: 'ф'.repeat(101) }, m.itemContainsInvalid],
      [{ project_id: 'abc' }, m.projectRequired],
    ];
    for (const [fields, message] of cases) {
      const answer = await createDraw(bot, { closes_at: await inHours(url, 1), ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.message, JSON.stringify(fields)).toContain(message);
    }
    expect((await bot.seller.api.get(`/draws?project_id=${bot.projectId}`)).body.draws).toEqual([]);
    expect((await bot.seller.api.get('/draws/999999999')).status).toBe(404);
    expect((await bot.seller.api.get('/draws/abc')).body.message).toBe(m.notFound);
    expect((await publicDraw(url, 999999999)).status).toBe(404);
  });
});
