import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import { ApiClient, createSeller, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller, dataFingerprint } from '../support/operator.js';
import { waitForMails } from '../support/mail.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newBotToken, newChatId, startChats, telegramMessages } from '../support/telegram.js';

const s = messages.shop;
const p = messages.publicShop;
const WB_SELLER = '072196655529';
/** The Wildberries fixture earns 178 points at 10 %. */
const RECEIPT_POINTS = 178;

interface Shop {
  seller: Seller;
  projectId: number;
  token: string;
  botToken: string;
  publicApi: ApiClient;
}

async function openShop(url: string): Promise<Shop> {
  const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  const projectId = created.body.project_id as number;
  const { token: botToken } = newBotToken();
  await seller.api.post('/mailing/settings', { bot_token: botToken });
  const { settings } = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body;
  return { seller, projectId, token: settings.token, botToken, publicApi: new ApiClient(url) };
}

/** A buyer who earned points in the shop's action by a real receipt check. */
async function buyerWithPoints(url: string, shop: Shop, receipts = 1): Promise<string> {
  const buyer = newChatId();
  // The buyer opens the shop from the bot, so has started it: the bot may write to them.
  await startChats(url, shop.botToken.split(':')[0]!, [buyer]);
  for (let i = 0; i < receipts; i++) {
    const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    const checked = await shop.seller.api.post('/check', { qrurl: qr, project_id: shop.projectId, user_id_tg: buyer });
    if (!checked.body.success) throw new Error(checked.text);
  }
  return buyer;
}

const addProduct = async (shop: Shop, fields: Record<string, unknown>) =>
  shop.seller.api.post('/shop/products', { project_id: shop.projectId, description: '', image_url: null, ...fields });

const initDataFor = (shop: Shop, buyer: string, when = new Date()) =>
  signInitData({ id: Number(buyer), first_name: 'Ира', username: 'ira' }, shop.botToken, when);

const purchase = (shop: Shop, buyer: string, productId: number, initData = initDataFor(shop, buyer)) =>
  shop.publicApi.post(
    `/public/shop/${shop.token}/purchase`,
    { product_id: productId, buyer_tg_id: buyer },
    { headers: { 'x-telegram-init-data': initData } },
  );

const account = (shop: Shop, buyer: string) =>
  shop.publicApi.get(`/public/shop/${shop.token}/me`, { headers: { 'x-telegram-init-data': initDataFor(shop, buyer) } });

describe.each(backends())('the points shop on $name', (backend) => {
  const url = backend.url;

  describe('settings and the link', () => {
    it('creates the action’s shop with an unguessable link on first look', async () => {
      const shop = await openShop(url);
      const { settings } = (await shop.seller.api.get(`/shop/settings?project_id=${shop.projectId}`)).body;
      expect(settings.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(settings.shop_url).toBe(`${url}/shop/${settings.token}`);
      expect(settings.token).toBe(shop.token);
    });

    it('saves the bot settings, and a regenerated link kills the old one at once', async () => {
      const shop = await openShop(url);
      const { token: miniAppBot } = newBotToken();
      const body = {
        project_id: shop.projectId,
        puzzle_bot_token: 'pb-token',
        command_name: 'exchange',
        variable_name_title: 'prize',
        variable_name_price: 'prize_price',
        telegram_bot_token: miniAppBot,
      };
      const saved = await shop.seller.api.post('/shop/settings', body);
      expect(saved.body.message).toBe(s.settingsSaved);
      expect(saved.body.settings).toMatchObject({
        puzzle_bot_token: 'pb-token',
        command_name: 'exchange',
        telegram_bot_token: `${miniAppBot.slice(0, 5)}…${miniAppBot.slice(-4)}`,
      });
      expect(saved.text).not.toContain(miniAppBot);
      // Sending the mask back keeps the saved bot.
      const again = await shop.seller.api.post('/shop/settings', {
        ...body,
        telegram_bot_token: saved.body.settings.telegram_bot_token,
        regenerate_token: true,
      });
      expect(again.body.message).toBe(s.linkRegenerated);
      expect(again.body.settings.telegram_bot_username).toBe(saved.body.settings.telegram_bot_username);
      expect(again.body.settings.token).not.toBe(shop.token);
      expect((await shop.publicApi.get(`/public/shop/${shop.token}/products`)).body).toEqual({ message: p.tokenNotFound });
      expect((await shop.publicApi.get(`/public/shop/${again.body.settings.token}/products`)).status).toBe(200);
    });

    it('refuses a malformed Mini App bot token for an action without a shop, which still has none', async () => {
      const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
      const projectId = (await seller.api.post('/projects', { name: 'Без магазина', project_inns: WB_SELLER })).body.project_id as number;
      const before = (await dataFingerprint(url)).shop_settings;
      const answer = await seller.api.post('/shop/settings', {
        project_id: projectId,
        telegram_bot_token: 'NFjQE6',
        command_name: 'x',
        regenerate_token: true,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.mailing.tokenMalformed);
      expect((await dataFingerprint(url)).shop_settings).toBe(before);
    });

    it('refuses a malformed Mini App bot token and saves nothing', async () => {
      const shop = await openShop(url);
      const answer = await shop.seller.api.post('/shop/settings', {
        project_id: shop.projectId,
        telegram_bot_token: 'nope',
        command_name: 'x',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.mailing.tokenMalformed);
      expect((await shop.seller.api.get(`/shop/settings?project_id=${shop.projectId}`)).body.settings.command_name).toBeNull();
    });
  });

  describe('the PuzzleBot token', () => {
    it('is shown masked; saving the mask keeps the real token for exchanges, a new token replaces it', async () => {
      const shop = await openShop(url);
      const masked = (token: string) => `${token.slice(0, 5)}…${token.slice(-4)}`;
      const token = `pb-shop-${shop.token}`;
      const body = {
        project_id: shop.projectId,
        puzzle_bot_token: token,
        command_name: 'exchange',
        variable_name_title: 'prize',
        variable_name_price: 'prize_price',
      };
      const saved = await shop.seller.api.post('/shop/settings', body);
      expect(saved.body.settings.puzzle_bot_token).toBe(masked(token));
      expect(saved.text).not.toContain(token);
      expect((await shop.seller.api.get(`/shop/settings?project_id=${shop.projectId}`)).body.settings.puzzle_bot_token).toBe(masked(token));
      // The settings form saved unchanged sends the mask back.
      const again = await shop.seller.api.post('/shop/settings', {
        ...body,
        puzzle_bot_token: saved.body.settings.puzzle_bot_token,
        command_name: 'exchange2',
      });
      expect(again.status).toBe(200);
      const buyer = await buyerWithPoints(url, shop);
      const mug = (await addProduct(shop, { title: 'Кружка', price_points: 100 })).body.product;
      expect((await purchase(shop, buyer, mug.id)).status).toBe(200);
      await eventually(
        async () => {
          const commands = (await (await fetch(`${url}/__emulators/puzzlebot/commands`)).json()) as {
            token: string;
            user_id: string;
            command_name: string;
          }[];
          return commands.some((c) => c.token === token && c.user_id === buyer && c.command_name === 'exchange2') ? true : undefined;
        },
        30_000,
        'the exchange with the saved token',
      );

      const replacement = `pb-new-${shop.token}`;
      const replaced = await shop.seller.api.post('/shop/settings', { ...body, puzzle_bot_token: replacement });
      expect(replaced.body.settings.puzzle_bot_token).toBe(masked(replacement));
    });
  });

  describe('products', () => {
    it('are created in order, edited, hidden, reordered and deleted; the public list shows active ones in order', async () => {
      const shop = await openShop(url);
      const mug = (await addProduct(shop, { title: 'Кружка', price_points: 100 })).body;
      expect(mug.message).toBe(s.productAdded);
      const cap = (await addProduct(shop, { title: 'Кепка', price_points: '50', description: 'Синяя', cost: '149,90' })).body.product;
      const pen = (await addProduct(shop, { title: 'Ручка', price_points: 0, is_active: false })).body.product;
      expect([mug.product.position, cap.position, pen.position]).toEqual([1, 2, 3]);
      expect([mug.product.cost, cap.cost]).toEqual([null, 149.9]);
      // «Себестоимость, ₽»: rubles to the kopeck, or nothing; a wrong one writes no product (the list below has none).
      for (const cost of [-1, 1.005, 'сто', '10 ₽', 10_000_001]) {
        expect((await addProduct(shop, { title: 'Брелок', price_points: 10, cost })).body, String(cost)).toEqual({
          message: s.costInvalid,
        });
      }

      const edited = await shop.seller.api.request('PUT', `/shop/products/${cap.id}`, {
        body: { project_id: shop.projectId, title: 'Кепка ScanApp' },
      });
      expect(edited.body).toMatchObject({
        message: s.productUpdated,
        product: { title: 'Кепка ScanApp', description: 'Синяя', price_points: 50, cost: 149.9 },
      });
      const uncosted = await shop.seller.api.request('PUT', `/shop/products/${cap.id}`, { body: { project_id: shop.projectId, cost: '' } });
      expect(uncosted.body.product.cost).toBeNull();

      const reordered = await shop.seller.api.post('/shop/products/reorder', {
        project_id: shop.projectId,
        product_id: cap.id,
        direction: 'up',
      });
      expect(reordered.body.products.map((product: { title: string }) => product.title)).toEqual(['Кепка ScanApp', 'Кружка', 'Ручка']);
      const atEdge = await shop.seller.api.post('/shop/products/reorder', {
        project_id: shop.projectId,
        product_id: cap.id,
        direction: 'up',
      });
      expect(atEdge.body.products.map((product: { id: number }) => product.id)).toEqual([cap.id, mug.product.id, pen.id]);

      const publicList = (await shop.publicApi.get(`/public/shop/${shop.token}/products`)).body;
      expect(publicList).toEqual({
        shop_name: 'Aurora',
        products: [
          { id: cap.id, title: 'Кепка ScanApp', description: 'Синяя', image_url: null, price_points: 50, in_stock: true },
          { id: mug.product.id, title: 'Кружка', description: '', image_url: null, price_points: 100, in_stock: true },
        ],
      });

      const deleted = await shop.seller.api.request('DELETE', `/shop/products/${mug.product.id}?project_id=${shop.projectId}`);
      expect(deleted.body).toEqual({ message: s.productDeleted });
      expect(
        (await shop.seller.api.get(`/shop/products?project_id=${shop.projectId}`)).body.products.map(
          (product: { id: number }) => product.id,
        ),
      ).toEqual([cap.id, pen.id]);
    });

    it.each([
      ['no title', { title: '  ', price_points: 1 }, s.titleRequired],
      ['a negative price', { title: 'A', price_points: -1 }, s.pricePointsInvalid],
      ['a fractional price', { title: 'A', price_points: 1.5 }, s.pricePointsInvalid],
      ['a price in words', { title: 'A', price_points: 'сто' }, s.pricePointsInvalid],
      ['a picture from another site', { title: 'A', price_points: 1, image_url: 'https://evil.example/pixel.png' }, s.imageNotOwn],
    ])('%s is refused and nothing is written', async (_name, fields, message) => {
      const shop = await openShop(url);
      const answer = await addProduct(shop, fields);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
      expect((await shop.seller.api.get(`/shop/products?project_id=${shop.projectId}`)).body.products).toEqual([]);
    });

    it('another seller’s shop, action and products are not found', async () => {
      const shop = await openShop(url);
      const product = (await addProduct(shop, { title: 'Кружка', price_points: 1 })).body.product;
      const other = await createSeller(url);
      expect((await other.api.get(`/shop/settings?project_id=${shop.projectId}`)).status).toBe(404);
      expect((await other.api.get(`/shop/products?project_id=${shop.projectId}`)).status).toBe(404);
      expect(
        (await other.api.request('PUT', `/shop/products/${product.id}`, { body: { project_id: shop.projectId, title: 'x' } })).status,
      ).toBe(404);
      expect((await other.api.request('DELETE', `/shop/products/${product.id}?project_id=${shop.projectId}`)).status).toBe(404);
      expect(
        (await other.api.post('/shop/products/reorder', { project_id: shop.projectId, product_id: product.id, direction: 'down' })).status,
      ).toBe(404);
      expect((await other.api.get(`/shop/orders?project_id=${shop.projectId}`)).status).toBe(404);
      expect((await shop.seller.api.get(`/shop/products?project_id=${shop.projectId}`)).body.products[0].title).toBe('Кружка');
    });
  });

  describe('exchanges', () => {
    it('a buyer proved by Telegram sees the balance, exchanges, and the seller confirms', async () => {
      const shop = await openShop(url);
      await shop.seller.api.post('/shop/settings', {
        project_id: shop.projectId,
        puzzle_bot_token: `pb-${shop.token}`,
        command_name: 'exchange',
        variable_name_title: 'prize',
        variable_name_price: 'prize_price',
      });
      await shop.seller.api.request('PUT', `/projects/${shop.projectId}`, {
        body: { puzzle_bot_token: `pb-${shop.token}`, puzzle_bot_points_variable: 'points' },
      });
      const buyer = await buyerWithPoints(url, shop);
      const mug = (await addProduct(shop, { title: 'Кружка', price_points: 100 })).body.product;
      expect((await account(shop, buyer)).body).toEqual({
        points: RECEIPT_POINTS,
        level: null,
        nearest_expiry: null,
        held: [],
        orders: [],
      });

      const bought = await purchase(shop, buyer, mug.id);
      expect(bought.status).toBe(200);
      expect(bought.body).toMatchObject({
        message: p.purchaseSent,
        points: RECEIPT_POINTS - 100,
        order: { title: 'Кружка', price_points: 100, status: 'pending' },
      });
      expect((await account(shop, buyer)).body.points).toBe(RECEIPT_POINTS - 100);

      // The exchange reaches the bot platform and the buyer's chat through the job queue.
      await eventually(async () => {
        const commands = (await (await fetch(`${url}/__emulators/puzzlebot/commands`)).json()) as {
          token: string;
          user_id: string;
          command_name: string;
        }[];
        return commands.some((c) => c.token === `pb-${shop.token}` && c.user_id === buyer && c.command_name === 'exchange')
          ? true
          : undefined;
      });
      const variables = (
        (await (await fetch(`${url}/__emulators/puzzlebot/variables`)).json()) as {
          token: string;
          user_id: string;
          variable: string;
          value: unknown;
        }[]
      ).filter((v) => v.token === `pb-${shop.token}` && v.user_id === buyer);
      expect(Object.fromEntries(variables.map((v) => [v.variable, v.value]))).toMatchObject({
        prize: 'Кружка',
        prize_price: 100,
        points: RECEIPT_POINTS - 100,
      });
      await eventually(async () =>
        (await telegramMessages(url, { chat_id: buyer })).some((m) => m.text?.includes('Кружка')) ? true : undefined,
      );
      // The seller is told once, by e-mail, with the way to the exchange requests.
      const [notice] = await waitForMails(url, shop.seller.email);
      expect(notice!.subject).toBe(messages.sellerNotices.shopOrderTitle);
      expect(notice!.text).toContain('Акция «Aurora»: покупатель Ира @ira обменивает 100 баллов на «Кружка».');
      expect(notice!.text).toContain(`${url}/dashboard/shop`);

      const { orders } = (await shop.seller.api.get(`/shop/orders?project_id=${shop.projectId}`)).body;
      expect(orders).toEqual([
        expect.objectContaining({ buyer_tg_id: buyer, buyer_name: 'Ира @ira', title: 'Кружка', price_points: 100, status: 'pending' }),
      ]);
      const fulfilled = await shop.seller.api.post(`/shop/orders/${orders[0].id}/fulfil`, {});
      expect(fulfilled.body).toMatchObject({ message: s.orderFulfilled, order: { status: 'fulfilled' } });
      expect((await shop.seller.api.post(`/shop/orders/${orders[0].id}/cancel`, {})).body).toEqual({ message: s.orderAlreadyClosed });
      expect((await account(shop, buyer)).body.orders).toEqual([expect.objectContaining({ title: 'Кружка', status: 'fulfilled' })]);
    });

    it('20 parallel exchanges by a buyer whose points pay for 3 make exactly 3 orders, never a negative balance', async () => {
      const shop = await openShop(url);
      const buyer = await buyerWithPoints(url, shop);
      const sticker = (await addProduct(shop, { title: 'Стикер', price_points: 50 })).body.product;
      const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(shop, buyer, sticker.id)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      expect(
        answers.filter((a) => a.status === 409).every((a) => a.body.message === 'Не хватает баллов: нужно 50 баллов, у вас 28 баллов.'),
      ).toBe(true);
      expect((await account(shop, buyer)).body.points).toBe(RECEIPT_POINTS - 150);
      expect((await shop.seller.api.get(`/shop/orders?project_id=${shop.projectId}`)).body.orders).toHaveLength(3);
    });

    it('cancelling returns the points once, however often it is pressed', async () => {
      const shop = await openShop(url);
      const buyer = await buyerWithPoints(url, shop);
      const cap = (await addProduct(shop, { title: 'Кепка', price_points: 150 })).body.product;
      const order = (await purchase(shop, buyer, cap.id)).body.order;
      const answers = await Promise.all(Array.from({ length: 5 }, () => shop.seller.api.post(`/shop/orders/${order.id}/cancel`, {})));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.find((a) => a.status === 200)!.body.message).toBe(s.orderCancelled);
      expect((await account(shop, buyer)).body.points).toBe(RECEIPT_POINTS);
    });

    it('stock: two shoppers after the last one at once, exactly one wins; at 0 it is «Нет в наличии»; a cancel returns one', async () => {
      const shop = await openShop(url);
      const [first, second] = await Promise.all([buyerWithPoints(url, shop), buyerWithPoints(url, shop)]);
      const quantityOf = async (id: number) =>
        (await shop.seller.api.get(`/shop/products?project_id=${shop.projectId}`)).body.products.find((x: { id: number }) => x.id === id)
          .quantity;
      for (const quantity of [-1, 1.5, 'много', 1_000_001]) {
        const refused = await addProduct(shop, { title: 'Брелок', price_points: 10, quantity });
        expect(refused.body).toEqual({ message: s.quantityInvalid });
      }
      const keyring = (await addProduct(shop, { title: 'Брелок', price_points: 10, quantity: 1 })).body.product;
      expect(keyring.quantity).toBe(1);
      expect((await shop.seller.api.get(`/shop/products?project_id=${shop.projectId}`)).body.products).toHaveLength(1);

      const answers = await Promise.all([purchase(shop, first, keyring.id), purchase(shop, second, keyring.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toEqual({ message: p.outOfStock });
      expect(await quantityOf(keyring.id)).toBe(0);
      expect((await shop.publicApi.get(`/public/shop/${shop.token}/products`)).body.products).toEqual([
        expect.objectContaining({ id: keyring.id, in_stock: false }),
      ]);
      const loser = answers[0]!.status === 409 ? first : second;
      expect((await purchase(shop, loser, keyring.id)).body).toEqual({ message: p.outOfStock });
      expect((await account(shop, loser)).body).toMatchObject({ points: RECEIPT_POINTS, orders: [] });

      const order = answers.find((a) => a.status === 200)!.body.order;
      await shop.seller.api.post(`/shop/orders/${order.id}/cancel`, {});
      expect(await quantityOf(keyring.id)).toBe(1);
      expect((await purchase(shop, loser, keyring.id)).status).toBe(200);
      // The seller restocks by editing; an empty quantity makes it unlimited.
      const restocked = await shop.seller.api.request('PUT', `/shop/products/${keyring.id}`, {
        body: { project_id: shop.projectId, quantity: '' },
      });
      expect(restocked.body.product.quantity).toBeNull();
      expect((await purchase(shop, loser, keyring.id)).status).toBe(200);
      expect(await quantityOf(keyring.id)).toBeNull();
    });

    it('analytics shows the points spent in the shop today; a cancelled exchange is not spending', async () => {
      const shop = await openShop(url);
      const buyer = await buyerWithPoints(url, shop);
      const pen = (await addProduct(shop, { title: 'Ручка', price_points: 40, cost: 30 })).body.product;
      const cap = (await addProduct(shop, { title: 'Кепка', price_points: 100, cost: 500 })).body.product;
      const penOrder = (await purchase(shop, buyer, pen.id)).body.order;
      const capOrder = (await purchase(shop, buyer, cap.id)).body.order;
      await shop.seller.api.post(`/shop/orders/${capOrder.id}/cancel`, {});

      // «Окупаемость»: the liability in rubles only once an exchange with a cost is handed out, at the cost it had then.
      const liability = async () => (await shop.seller.api.get(`/analytics/payoff?project_id=${shop.projectId}`)).body.liability;
      expect(await liability()).toMatchObject({ ruble_basis: 'no_exchanges', point_cost: null, rubles_available: null });
      await shop.seller.api.post(`/shop/orders/${penOrder.id}/fulfil`, {});
      await shop.seller.api.request('PUT', `/shop/products/${pen.id}`, { body: { project_id: shop.projectId, cost: 90 } });
      const balance = RECEIPT_POINTS - 40;
      expect(await liability()).toMatchObject({
        points_available: balance,
        ruble_basis: 'exchange_cost',
        costed_exchanges: 1,
        costed_points: 40,
        costed_rubles: 30,
        point_cost: 30 / 40,
        rubles_available: Math.round(balance * 75) / 100,
        rubles_held: 0,
      });

      for (const scope of [`&project_id=${shop.projectId}`, '']) {
        const report = (await shop.seller.api.get(`/analytics?period=7${scope}`)).body;
        expect(report.points_spent_available).toBe(true);
        expect(report.figures).toMatchObject({ points_awarded: RECEIPT_POINTS, points_spent: 40 });
        // Spent on the day of the exchange (today); awarded on the day of the purchase.
        expect(report.daily.at(-1).points_spent).toBe(40);
        expect(report.daily.slice(0, -1).every((day: { points_spent: number }) => day.points_spent === 0)).toBe(true);
      }
      // Another seller without a shop: not available, no figure rather than a misleading zero.
      const other = await createSeller(url);
      const report = (await other.api.get('/analytics?period=7')).body;
      expect(report).toMatchObject({ points_spent_available: false, figures: { points_spent: null } });
    });

    it('a hidden or deleted product, or too few points, is refused and nothing is written', async () => {
      const shop = await openShop(url);
      const buyer = await buyerWithPoints(url, shop);
      const hidden = (await addProduct(shop, { title: 'Скрытый', price_points: 1, is_active: false })).body.product;
      const gone = (await addProduct(shop, { title: 'Удалённый', price_points: 1 })).body.product;
      await shop.seller.api.request('DELETE', `/shop/products/${gone.id}?project_id=${shop.projectId}`);
      const dear = (await addProduct(shop, { title: 'Дорогой', price_points: 1000 })).body.product;
      expect((await purchase(shop, buyer, hidden.id)).body).toEqual({ message: p.productUnavailable });
      expect((await purchase(shop, buyer, gone.id)).body).toEqual({ message: p.productUnavailable });
      expect((await purchase(shop, buyer, dear.id)).body).toEqual({
        message: `Не хватает баллов: нужно 1\u00a0000 баллов, у вас ${RECEIPT_POINTS} баллов.`,
      });
      expect((await account(shop, buyer)).body).toEqual({
        points: RECEIPT_POINTS,
        level: null,
        nearest_expiry: null,
        held: [],
        orders: [],
      });
    });

    it('identity is proved, not claimed: forged, expired, another bot’s or another buyer’s init data is refused', async () => {
      const shop = await openShop(url);
      const buyer = await buyerWithPoints(url, shop);
      const other = await buyerWithPoints(url, shop);
      const mug = (await addProduct(shop, { title: 'Кружка', price_points: 10 })).body.product;
      const forged = new URLSearchParams(initDataFor(shop, other));
      forged.set('user', JSON.stringify({ id: Number(buyer), first_name: 'Ира' }));
      const cases: [string, string | undefined, number][] = [
        ['missing', undefined, 401],
        ['forged', forged.toString(), 401],
        ['expired', initDataFor(shop, buyer, new Date(Date.now() - 25 * 3600_000)), 401],
        ['another bot', signInitData({ id: Number(buyer) }, newBotToken().token, new Date()), 401],
        ['another buyer', initDataFor(shop, other), 403],
      ];
      for (const [, initData, status] of cases) {
        const answer = await shop.publicApi.post(
          `/public/shop/${shop.token}/purchase`,
          { product_id: mug.id, buyer_tg_id: buyer },
          { headers: initData ? { 'x-telegram-init-data': initData } : {} },
        );
        expect(answer.status).toBe(status);
        expect(answer.body.message).toBe(status === 401 ? p.telegramIdUnknown : p.buyerMismatch);
      }
      expect((await shop.publicApi.get(`/public/shop/${shop.token}/me`)).body).toEqual({ message: p.telegramIdUnknown });
      expect((await account(shop, buyer)).body).toEqual({
        points: RECEIPT_POINTS,
        level: null,
        nearest_expiry: null,
        held: [],
        orders: [],
      });
      expect((await account(shop, other)).body.points).toBe(RECEIPT_POINTS);
    });

    it('an unknown or malformed shop token is not found', async () => {
      const api = new ApiClient(url);
      expect((await api.get(`/public/shop/${'a'.repeat(32)}/products`)).body).toEqual({ message: p.tokenNotFound });
      expect((await api.get('/public/shop/short/products')).body).toEqual({ message: p.tokenNotFound });
    });
  });
});
