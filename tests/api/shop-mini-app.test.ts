import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { TELEGRAM_WEB_APP_SCRIPT } from '../../src/server/config.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import { ApiClient } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, initDataOf, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { startServer } from '../support/server-process.js';
import { eventually, newBotToken, newChatId, telegramMessages } from '../support/telegram.js';

const p = messages.publicShop;
const b = messages.bot;

/** An action with its own bot and a shop with one product; answers the shop's link token. */
async function actionWithShop(
  url: string,
  actionSettings: Record<string, unknown> = {},
): Promise<BotAction & { shopToken: string; productId: number }> {
  const bot = await actionWithBot(url, actionSettings);
  const { settings } = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
  const product = await bot.seller.api.post('/shop/products', {
    user_id: bot.seller.id,
    project_id: bot.projectId,
    title: 'Крем',
    description: 'Увлажняющий',
    price_points: 100,
  });
  if (product.status !== 200 && product.status !== 201) throw new Error(product.text);
  return { ...bot, shopToken: settings.token as string, productId: (product.body.product?.id ?? product.body.id) as number };
}

const me = (url: string, shopToken: string, initData: string) =>
  new ApiClient(url).get(`/public/shop/${shopToken}/me`, { headers: { 'x-telegram-init-data': initData } });

describe.each(backends())('the shop opened from the action’s bot on $name', (backend) => {
  const url = backend.url;

  it('the greeting’s inline «Магазин» opens the shop signed by the action’s bot: the shopper sees their points and exchanges', async () => {
    const shop = await actionWithShop(url);
    const chat = newChatId();
    const [greeting] = await shopperSays(url, shop, chat, { text: '/start' });
    const shopUrl = `${url}/shop/${shop.shopToken}`;
    expect(greeting!.reply_markup).toEqual({
      inline_keyboard: [[{ text: b.balanceButton, callback_data: 'balance' }], [{ text: b.shopButton, web_app: { url: shopUrl } }]],
    });

    // Points for a receipt the shopper sent to the bot; the success answer offers the shop again.
    const [success] = await shopperSays(url, shop, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
    expect(success!.text).toContain('178');
    expect(success!.reply_markup).toEqual({ inline_keyboard: [[{ text: b.shopButton, web_app: { url: shopUrl } }]] });

    const opened = await shopperActs(url, shop.botId, chat, { press: b.shopButton });
    expect(opened.body.url!.startsWith(`${shopUrl}#`)).toBe(true);
    const initData = initDataOf(opened.body.url!);
    expect((await me(url, shop.shopToken, initData)).body).toEqual({
      points: 178,
      level: null,
      nearest_expiry: null,
      held: [],
      orders: [],
    });
    const bought = await new ApiClient(url).post(
      `/public/shop/${shop.shopToken}/purchase`,
      { product_id: shop.productId, buyer_tg_id: chat },
      { headers: { 'x-telegram-init-data': initData } },
    );
    expect(bought.status).toBe(200);
    expect(bought.body.points).toBe(78);

    // The exchange's notices reach the shopper in the action's bot, the chat the shop was opened from
    // (the seller has no mailing bot and no separate shop bot).
    const botSent = async (text: string) =>
      (await telegramMessages(url, { bot_id: shop.botId, chat_id: chat })).some((m) => m.text === text) ? true : undefined;
    await eventually(
      () => botSent(fillMessage(p.announcement, { title: 'Крем', price: '100 баллов', points: 78 })),
      30_000,
      'the exchange announcement',
    );
    const { orders } = (await shop.seller.api.get(`/shop/orders?project_id=${shop.projectId}`)).body;
    expect((await shop.seller.api.post(`/shop/orders/${orders[0].id}/fulfil`, {})).status).toBe(200);
    await eventually(() => botSent(fillMessage(p.fulfilledNotice, { title: 'Крем' })), 30_000, 'the fulfilment notice');
  });

  it('the account shows the shopper’s level on the action and the points that expire soonest, spent first', async () => {
    const shop = await actionWithShop(url, {
      points_percentage: 10,
      points_lifetime_days: 30,
      levels: [
        { name: 'Базовый', min_sum: 0, points_percentage: 10 },
        { name: 'Золотой', min_sum: 1000, points_percentage: 15 },
        { name: 'Платиновый', min_sum: 100_000, points_percentage: 20 },
      ],
    });
    const chat = newChatId();
    const initData = signInitData({ id: Number(chat), first_name: 'Ира' }, shop.token, new Date());
    // Before any purchase the shopper holds the first level, at the action's percent.
    expect((await me(url, shop.shopToken, initData)).body).toMatchObject({
      points: 0,
      level: { name: 'Базовый', points_percentage: 10 },
      nearest_expiry: null,
    });

    const before = Date.now();
    await shopperSays(url, shop, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
    const account = (await me(url, shop.shopToken, initData)).body;
    // 1 780 ₽ of counted goods: past the 1 000 ₽ threshold.
    expect(account).toMatchObject({ points: 178, level: { name: 'Золотой', points_percentage: 15 } });
    expect(account.nearest_expiry.points).toBe(178);
    const expires = Date.parse(account.nearest_expiry.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 60_000);

    const bought = await new ApiClient(url).post(
      `/public/shop/${shop.shopToken}/purchase`,
      { product_id: shop.productId, buyer_tg_id: chat },
      { headers: { 'x-telegram-init-data': initData } },
    );
    expect(bought.status).toBe(200);
    expect((await me(url, shop.shopToken, initData)).body.nearest_expiry).toEqual({
      points: 78,
      expires_at: account.nearest_expiry.expires_at,
    });
  });

  it('the chat’s menu button opens the shop signed by the action’s bot, and follows a new shop link', async () => {
    const shop = await actionWithShop(url);
    const chat = newChatId();
    await shopperSays(url, shop, chat, { text: '/start' });
    const menu = await eventually(
      async () => {
        const opened = await shopperActs(url, shop.botId, chat, { menu_button: true });
        return opened.status === 200 ? opened.body.url : undefined;
      },
      10_000,
      'the menu button',
    );
    expect(menu.startsWith(`${url}/shop/${shop.shopToken}#`)).toBe(true);
    expect((await me(url, shop.shopToken, initDataOf(menu))).body).toEqual({
      points: 0,
      level: null,
      nearest_expiry: null,
      held: [],
      orders: [],
    });

    const regenerated = await shop.seller.api.post('/shop/settings', {
      user_id: shop.seller.id,
      project_id: shop.projectId,
      regenerate_token: true,
    });
    const newToken = regenerated.body.settings.token as string;
    const moved = await eventually(
      async () => {
        const opened = await shopperActs(url, shop.botId, chat, { menu_button: true });
        return opened.body.url?.startsWith(`${url}/shop/${newToken}#`) ? opened.body.url : undefined;
      },
      10_000,
      'the menu button to follow the new link',
    );
    expect((await me(url, newToken, initDataOf(moved))).status).toBe(200);
  });

  it('a Mini App launched without init data, with data another bot signed or with a second hash, is refused: the shopper is not identified', async () => {
    const shop = await actionWithShop(url);
    const chat = newChatId();
    // Telegram gives a reply-keyboard Mini App no init data: the shop can only say it does not know the shopper.
    expect((await me(url, shop.shopToken, '')).body).toEqual({ message: p.telegramIdUnknown });
    const foreign = signInitData({ id: Number(chat), first_name: 'Ира' }, newBotToken().token, new Date());
    expect((await me(url, shop.shopToken, foreign)).status).toBe(401);
    const stale = signInitData({ id: Number(chat), first_name: 'Ира' }, shop.token, new Date(Date.now() - 2 * 24 * 3600_000));
    expect((await me(url, shop.shopToken, stale)).status).toBe(401);
    const signed = signInitData({ id: Number(chat), first_name: 'Ира' }, shop.token, new Date());
    // A second `hash` is outside the signed string: refused even though the first one is right.
    const doubled = await me(url, shop.shopToken, `${signed}&hash=${'0'.repeat(64)}`);
    expect([doubled.status, doubled.body]).toEqual([401, { message: p.telegramIdUnknown }]);
    expect((await me(url, shop.shopToken, signed)).status).toBe(200);
  });

  it('the emulator’s stand-in for Telegram’s script signs nothing, and the app has no signing route', async () => {
    const health = await new ApiClient(url).get('/health');
    expect(health.body).toEqual({
      status: 'ok',
      mode: 'demo',
      telegram_web_app_script: '/__emulators/telegram/telegram-web-app.js',
      demo_mailbox: '/__emulators/mail/',
    });
    const script = await fetch(`${url}${health.body.telegram_web_app_script}`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await script.text();
    expect(text).toContain('tgWebAppData');
    expect(text).not.toContain('init-data');
    expect(() => new Function(text)).not.toThrow();
    expect((await new ApiClient(url).post(`/demo/shop/${'x'.repeat(32)}/init-data`, { user_id: 1 })).status).toBe(404);
  });
});

describe('the Mini App with the real Telegram', () => {
  it('health names Telegram’s own script, and the emulator is not served', { timeout: 120_000 }, async () => {
    // Any Telegram API address turns the emulator off; this server never calls it here.
    const server = await startServer({ TELEGRAM_API_URL: 'http://127.0.0.1:9/telegram' });
    try {
      const health = await new ApiClient(server.url).get('/health');
      expect(health.body.telegram_web_app_script).toBe(TELEGRAM_WEB_APP_SCRIPT);
      expect((await fetch(`${server.url}/__emulators/telegram/telegram-web-app.js`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
