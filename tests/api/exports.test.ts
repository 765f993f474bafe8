import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { EXPORT_HEADERS } from '../../src/contract/exports.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { receiptStatusLabel, type Receipt } from '../../src/contract/receipts.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newBotToken, newChatId, telegramMessages } from '../support/telegram.js';

const WB_SELLER = '072196655529';

const moscowDateTime = (iso: string | null) =>
  iso === null
    ? ''
    : new Intl.DateTimeFormat('ru-RU', {
        timeZone: 'Europe/Moscow',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(new Date(iso))
        .replace(',', '');
const rubles = (amount: number) => amount.toFixed(2).replace('.', ',');

async function download(seller: Seller, path: string) {
  const response = await seller.api.get(path);
  return { ...response, rows: response.status === 200 ? (parse(response.text, { bom: true, delimiter: ';' }) as string[][]) : [] };
}

describe.each(backends())('CSV exports on $name', (backend) => {
  const url = backend.url;
  let seller: Seller;
  let actionId: number;

  const check = async (qrurl: string, buyer: string) => {
    const answer = await seller.api.post('/check', { qrurl, user_id: seller.id, project_id: actionId, user_id_tg: buyer });
    if (answer.status !== 200) throw new Error(answer.text);
  };

  beforeAll(async () => {
    seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    const created = await seller.api.post('/projects', {
      name: 'Аврора; «весна»',
      project_inns: WB_SELLER,
      points_lifetime_days: 30,
      levels: [
        { name: 'Старт', min_sum: 0, points_percentage: 10 },
        { name: '=Золото', min_sum: 3000, points_percentage: 12 },
      ],
    });
    actionId = created.body.project_id;
    await check(await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 2)), '777');
    await check(await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 1)), '888');
    await check(await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 1)), '888');
    await check('это не чек', '999');
  });

  it('receipt history parses back to one line per receipt, as the history shows them', async () => {
    const csv = await download(seller, `/receipts/export.csv?project_id=${actionId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="scanapp-receipts-action-${actionId}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    // fetch's text() drops a BOM; the bytes must start with it for Excel.
    const raw = await fetch(`${url}/lk/api/receipts/export.csv`, { headers: { authorization: `Bearer ${seller.api.token}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const history: Receipt[] = (await seller.api.get('/receipts?limit=100')).body.receipts;
    expect(csv.rows[0]).toEqual([...EXPORT_HEADERS.receipts]);
    expect(csv.rows.slice(1)).toEqual(
      history.map((receipt) => [
        moscowDateTime(receipt.scanned_at),
        moscowDateTime(receipt.dateTime),
        receipt.project_name,
        receipt.user_id_tg,
        receiptStatusLabel(receipt.status),
        rubles(receipt.items.filter((item) => item.status === 'counted').reduce((sum, item) => sum + item.sum, 0)),
        String(receipt.points_awarded),
        // The buyers' counted purchases stay under «=Золото»'s threshold: every receipt earns at the base level.
        receipt.status === 'success' ? 'Уровень «Старт», 10\u00a0%' : '',
        rubles(receipt.status === 'success' ? BILLING_DEFAULTS.receipt_price_tier1 : 0),
        // Not cancelled: no date, reason or points of a cancel.
        '',
        '',
        '',
      ]),
    );
    expect(csv.rows).toHaveLength(5);
  });

  it('with items=1 the receipt history has one line per item: its receipt, action, shopper and whether it counted, formulas guarded', async () => {
    const itemSeller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    const created = await itemSeller.api.post('/projects', { name: '@Весна', project_inns: WB_SELLER });
    expect(created.status).toBe(201);
    const receipt = freshReceipt('wb-aurora-cosmetics', 1, (changed) => {
      // Another supplier's item on the same marketplace receipt: listed, not counted; its name is someone else's text.
      changed.items.push({ name: '=HYPERLINK("http://evil.example")', price: 10000, quantity: 0.5, sum: 5000, providerInn: '7707083893' });
      changed.totalSum += 5000;
    });
    const answer = await itemSeller.api.post('/check', {
      qrurl: await registerReceipt(url, receipt),
      project_id: created.body.project_id,
      user_id_tg: '4242',
    });
    expect(answer.body.data?.status, answer.text).toBe('success');
    const [stored] = (await itemSeller.api.get('/receipts?limit=10')).body.receipts as Receipt[];

    const csv = await download(itemSeller, '/receipts/export.csv?items=1');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="scanapp-receipt-items-\d{4}-\d{2}-\d{2}\.csv"/);
    const receiptCells = [
      moscowDateTime(stored!.scanned_at),
      moscowDateTime(stored!.dateTime),
      "'@Весна",
      '4242',
      receiptStatusLabel('success'),
    ];
    expect(csv.rows).toEqual([
      [...EXPORT_HEADERS.receiptItems],
      ...receipt.items
        .slice(0, 3)
        .map((item: { name: string; price: number; sum: number }, index: number) => [
          ...receiptCells,
          String(index + 1),
          item.name,
          rubles(item.price / 100),
          '1',
          rubles(item.sum / 100),
          WB_SELLER,
          'да',
        ]),
      [...receiptCells, '4', '\'=HYPERLINK("http://evil.example")', '100,00', '0,5', '50,00', '7707083893', 'нет'],
    ]);
    // The same filters as the history: another action's or status's items are not there.
    expect((await download(itemSeller, '/receipts/export.csv?items=1&status=not_recognized')).rows).toHaveLength(1);
    expect((await download(itemSeller, '/receipts/export.csv?items=0')).rows).toHaveLength(2);
    for (const bad of ['2', 'yes', '']) {
      const refused = await itemSeller.api.get(`/receipts/export.csv?items=${bad}`);
      expect([refused.status, refused.body.message], bad).toEqual([400, messages.exports.itemsInvalid]);
    }
  });

  it('buyers keep the page’s filters and order', async () => {
    const csv = await download(seller, `/buyers/export.csv?project_id=${actionId}&sort=successful_receipts_count&order=asc`);
    expect(csv.status).toBe(200);
    const buyers = (await seller.api.get(`/buyers?project_id=${actionId}&sort=successful_receipts_count&order=asc`)).body.buyers as {
      buyer_id: string;
      successful_receipts_count: number;
      total_amount: number;
      last_receipt_at: string;
      first_name: string | null;
      username: string | null;
      level: { name: string } | null;
      points: number;
      held_points: number;
      nearest_expiry: { points: number; expires_at: string };
    }[];
    expect(csv.rows).toEqual([
      [...EXPORT_HEADERS.buyers],
      ...buyers.map((buyer) => [
        buyer.buyer_id,
        buyer.first_name ?? '',
        buyer.username ?? '',
        String(buyer.successful_receipts_count),
        rubles(buyer.total_amount),
        moscowDateTime(buyer.last_receipt_at),
        // A level's name is the seller's text: it must not run as a formula either.
        buyer.level!.name.startsWith('=') ? `'${buyer.level!.name}` : buyer.level!.name,
        String(buyer.points),
        String(buyer.held_points),
        String(buyer.nearest_expiry.points),
        moscowDateTime(buyer.nearest_expiry.expires_at).slice(0, 10),
        // No phone shared: these buyers never wrote to a bot.
        '',
      ]),
    ]);
    expect(csv.rows.slice(1).map((row) => row[0])).toEqual(['777', '888']);
    // 888's two receipts (about 3 560 ₽) reach the second level; 777's one does not.
    expect(csv.rows.slice(1).map((row) => row[6])).toEqual(['Старт', "'=Золото"]);
    // Nothing held (the action holds no points): the available points are all the shopper's, and expire on one day.
    expect(csv.rows.slice(1).every((row) => Number(row[7]) > 0 && row[8] === '0' && row[7] === row[9])).toBe(true);
  });

  it('over every action the level, points and expiry cells are empty: each action’s points are its own', async () => {
    const csv = await download(seller, '/buyers/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.rows.slice(1).map((row) => row.slice(6))).toEqual([
      ['', '', '', '', '', ''],
      ['', '', '', '', '', ''],
    ]);
  });

  it('buyers who wrote to the action’s bot carry their Telegram name and username', async () => {
    const botSeller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    const { token, botId } = newBotToken();
    const created = await botSeller.api.post('/projects', { name: 'Бот', project_inns: WB_SELLER, telegram_bot_token: token });
    expect(created.status).toBe(201);
    const [named, silent] = [newChatId(), newChatId()];
    const wrote = await fetch(`${url}/__emulators/telegram/updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bot_id: Number(botId),
        from: { id: Number(named), first_name: 'Анна', username: 'anna_shop' },
        text: '/start',
      }),
    });
    expect(wrote.ok).toBe(true);
    // The bot answers once it has taken the message in (and remembered who wrote).
    await eventually(
      async () => ((await telegramMessages(url, { bot_id: botId, chat_id: named })).length > 0 ? true : undefined),
      30_000,
      'the bot’s greeting',
    );
    for (const buyer of [named, silent]) {
      const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 1));
      const answer = await botSeller.api.post('/check', { qrurl, project_id: created.body.project_id, user_id_tg: buyer });
      expect(answer.status).toBe(200);
    }
    const csv = await download(botSeller, '/buyers/export.csv?sort=buyer_id&order=asc');
    expect(csv.status).toBe(200);
    const byId = new Map(csv.rows.slice(1).map((row) => [row[0], row]));
    expect(byId.get(named)?.slice(1, 3)).toEqual(['Анна', 'anna_shop']);
    expect(byId.get(silent)?.slice(1, 3)).toEqual(['', '']);
  });

  it('the bot offers once to share the phone; only the shopper’s own contact is kept, and the buyers CSV carries it', async () => {
    const botSeller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    const { token, botId } = newBotToken();
    const created = await botSeller.api.post('/projects', { name: 'Бот', project_inns: WB_SELLER, telegram_bot_token: token });
    expect(created.status).toBe(201);
    const projectId = created.body.project_id;
    // Off until the seller turns it on: a phone is personal data.
    const features = { phone: { enabled: true } };
    expect((await botSeller.api.request('PUT', `/projects/${projectId}/features`, { body: features })).status).toBe(200);
    const [sharing, forwarding] = [newChatId(), newChatId()];
    const acts = (chat: string, action: Record<string, unknown>, phone?: string) =>
      fetch(`${url}/__emulators/telegram/updates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: Number(botId), from: { id: Number(chat), first_name: 'Ира', phone_number: phone }, ...action }),
      });
    const said = async (chat: string, text: string, count = 1) =>
      eventually(async () => {
        const found = (await telegramMessages(url, { bot_id: botId, chat_id: chat })).filter((message) => message.text === text);
        return found.length >= count ? found : undefined;
      });
    const p = messages.buyerPhone;
    const offer = fillMessage(p.offer, { name: 'Бот' });
    for (const chat of [sharing, forwarding]) {
      expect((await acts(chat, { text: '/start' })).ok).toBe(true);
      const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 1));
      expect((await botSeller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: chat })).status).toBe(200);
    }
    const [offered] = await said(sharing, offer);
    expect(offered!.reply_markup).toEqual({
      keyboard: [[{ text: p.shareButton, request_contact: true }], [{ text: messages.bot.balanceButton }]],
      resize_keyboard: true,
      one_time_keyboard: true,
    });

    // The button shares the presser's own contact: kept. A contact card of someone else, or without a user, is refused.
    expect((await acts(sharing, { press: p.shareButton }, '79161234567')).ok).toBe(true);
    await said(sharing, fillMessage(p.saved, { name: 'Бот' }));
    await said(forwarding, offer);
    expect((await acts(forwarding, { contact: { phone_number: '+79990000000', first_name: 'Мама', user_id: 5550001 } })).ok).toBe(true);
    expect((await acts(forwarding, { contact: { phone_number: '+79990000001', first_name: 'Курьер' } })).ok).toBe(true);
    const [refused] = await said(forwarding, p.notOwn, 2);
    expect(JSON.stringify(refused!.reply_markup)).toContain('"request_contact":true');

    // Offered once: another receipt brings no second offer (a later notice is delivered after anything queued before it).
    const again = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 1));
    expect((await botSeller.api.post('/check', { qrurl: again, project_id: projectId, user_id_tg: forwarding })).status).toBe(200);
    expect((await botSeller.api.post(`/buyers/${forwarding}/points`, { project_id: projectId, delta: 5, reason: 'Бонус' })).status).toBe(
      200,
    );
    await eventually(async () =>
      (await telegramMessages(url, { bot_id: botId, chat_id: forwarding })).some((message) => message.text?.includes('Бонус'))
        ? true
        : undefined,
    );
    expect(await said(forwarding, offer)).toHaveLength(1);

    // Stored as «+» and digits; a leading «+» gets the export's formula guard, so Excel keeps it as text.
    for (const query of [`?project_id=${projectId}&sort=buyer_id&order=asc`, '?sort=buyer_id&order=asc']) {
      const csv = await download(botSeller, `/buyers/export.csv${query}`);
      const phones = new Map(csv.rows.slice(1).map((row) => [row[0], row.at(-1)]));
      expect(phones, query).toEqual(
        new Map([
          [sharing, "'+79161234567"],
          [forwarding, ''],
        ]),
      );
    }
    // Another seller's export has none of them.
    expect((await download(seller, '/buyers/export.csv')).text).not.toContain('79161234567');
  });

  it('the balance statement lists every operation with the balance after it', async () => {
    const csv = await download(seller, '/balance/operations/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('scanapp-balance-');
    const { operations } = (await seller.api.get('/balance/operations?limit=100')).body as {
      operations: { created_at: string; description: string; amount: number; balance_after: number }[];
    };
    expect(csv.rows).toEqual([
      [...EXPORT_HEADERS.balance],
      ...operations.map((operation) => [
        moscowDateTime(operation.created_at),
        operation.description,
        rubles(operation.amount),
        rubles(operation.balance_after),
      ]),
    ]);
  });

  it('another seller downloads only their own rows, and no one without a session', async () => {
    const other = await createSeller(url);
    for (const path of [
      '/receipts/export.csv',
      `/receipts/export.csv?project_id=${actionId}`,
      `/receipts/export.csv?project_id=${actionId}&items=1`,
      '/buyers/export.csv',
      `/buyers/export.csv?project_id=${actionId}`,
      '/balance/operations/export.csv',
    ]) {
      const csv = await download(other, path);
      expect(csv.status, path).toBe(200);
      expect(csv.rows, path).toHaveLength(1);
      expect((await other.api.get(path, { token: null })).status, path).toBe(401);
    }
    expect((await other.api.get(`/receipts/export.csv?user_id=${seller.id}`)).status).toBe(403);
  });
});
