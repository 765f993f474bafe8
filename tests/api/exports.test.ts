import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { EXPORT_HEADERS } from '../../src/contract/exports.js';
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
      ['', '', '', '', ''],
      ['', '', '', '', ''],
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
