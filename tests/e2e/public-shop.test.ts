import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { API_BASE } from '../../src/contract/constants.js';
import { formatDayMonth, formatDayMonthTime, formatPoints } from '../../src/contract/format.js';
import { drawPublicPath } from '../../src/contract/draws.js';
import { UPLOAD_IMAGE_PATH } from '../../src/contract/uploads.js';
import { fillText, ORDER_STATUS_LABELS, publicShopMessages as t } from '../../src/contract/public-shop.js';
import { DEMO_BAR_LABEL, WEB_APP_CLOSED_TEXT } from '../../src/server/integrations/telegram/emulator-web-app.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import type { Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { clockCall } from '../support/clock.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { newBotToken, newChatId } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, useBrowser } from './helpers.js';

const JS_BUDGET_GZIP_BYTES = 80 * 1024;
const WB_SELLER = '072196655529';
/** The Wildberries fixture earns 178 points at 10 %. */
const RECEIPT_POINTS = 178;

const { withPage } = useBrowser();

interface Shop {
  seller: Seller;
  projectId: number;
  token: string;
  /** The seller's mailing bot, which may open the shop (and so signs its init data). */
  botToken: string;
}

/** A seller with an action (its `actionSettings` beside the name and INN), a mailing bot and the shop's link. */
async function openShop(actionSettings: Record<string, unknown> = {}): Promise<Shop> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, ...actionSettings })).body
    .project_id as number;
  const botToken = newBotToken().token;
  await seller.api.post('/mailing/settings', { bot_token: botToken });
  const { settings } = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body;
  return { seller, projectId, token: settings.token, botToken };
}

async function addProduct(
  shop: Shop,
  fields: { title: string; price_points: number; description?: string; is_active?: boolean; image_url?: string; quantity?: number },
): Promise<number> {
  const answer = await shop.seller.api.post('/shop/products', { project_id: shop.projectId, description: '', image_url: null, ...fields });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(answer.text);
  return answer.body.product.id as number;
}

/** A picture as the seller uploads it (3:4, one colour per product): its address and its upload's number. */
async function uploadPicture(shop: Shop, hue: number): Promise<{ imageUrl: string; uploadId: number }> {
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'product.png');
  const response = await fetch(`${baseUrl()}${API_BASE}${UPLOAD_IMAGE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shop.seller.api.token}`, 'x-forwarded-for': shop.seller.api.address },
    body: form,
  });
  const body = (await response.json()) as { image_url?: string; upload_id?: number; message?: string };
  if (!body.image_url || !body.upload_id) throw new Error(`upload refused: ${response.status} ${body.message}`);
  return { imageUrl: body.image_url, uploadId: body.upload_id };
}

/** A buyer who earned RECEIPT_POINTS in the shop's action by a real receipt check (tax emulator). */
async function buyerWithPoints(shop: Shop): Promise<string> {
  const buyer = newChatId();
  const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
  const checked = await shop.seller.api.post('/check', { qrurl, project_id: shop.projectId, user_id_tg: buyer });
  if (!checked.body.success) throw new Error(checked.text);
  return buyer;
}

const exchangeButton = (page: Page, title: string) => page.getByRole('button', { name: `${t.exchange} «${title}»`, exact: true });
const balance = (points: number) => `${t.balance}: ${formatPoints(points)}`;

/** Opens the shop as Telegram opens it from the bot's inline button: the bot's signed init data in the address's fragment. */
async function openAsBuyer(page: Page, shop: Shop, buyer: string, query = ''): Promise<void> {
  const initData = signInitData({ id: Number(buyer), first_name: 'Ира' }, shop.botToken, new Date());
  await page.goto(
    `/shop/${shop.token}${query}#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'weba' })}`,
  );
  await page.getByRole('heading', { level: 1, name: 'Aurora' }).waitFor();
}

describe("the buyers' shop (Telegram Mini App)", () => {
  it('the daily bonus’s wheel of fortune stops on the sector the server drew, and rests there after a reload', async () => {
    const shop = await openShop();
    const sectors = ['5 баллов', '10 баллов', '20 баллов', '40 баллов'];
    const saved = await shop.seller.api.request('PUT', `/projects/${shop.projectId}/features`, {
      body: { daily_bonus: { enabled: true, wheel: sectors.map((label) => ({ label, points: Number.parseInt(label), weight: 1 })) } },
    });
    if (saved.status !== 200) throw new Error(saved.text);
    const buyer = await buyerWithPoints(shop);
    const initData = signInitData({ id: Number(buyer), first_name: 'Ира' }, shop.botToken, new Date());
    const serverSpin = async () =>
      (await shop.seller.api.request('GET', `/public/shop/${shop.token}/wheel`, { headers: { 'x-telegram-init-data': initData } })).body
        .spin as { sector: number; label: string; points: number };
    /** The sector under the pointer at the top, read from the wheel's rotation as drawn. */
    const sectorOnTop = (page: Page) =>
      page.getByRole('img', { name: fillText(t.wheelLabel, { count: 4 }) }).evaluate((wheel, count) => {
        const [a, b] = new DOMMatrix(getComputedStyle(wheel).transform).toFloat64Array();
        const turned = (Math.atan2(b!, a!) * 180) / Math.PI;
        return Math.floor((((-turned % 360) + 360) % 360) / (360 / count));
      }, 4);

    await withPage(async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openAsBuyer(page, shop, buyer, '?wheel=1');
      await page.getByRole('button', { name: t.wheelSpin, exact: true }).click();
      await page.getByText(/^Колесо остановилось на «/).waitFor();
      const spin = await serverSpin();
      expect(await sectorOnTop(page)).toBe(spin.sector);
      expect(sectors[spin.sector]).toBe(spin.label);
      await page.getByText(balance(RECEIPT_POINTS + spin.points)).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      await page.reload();
      await page.getByText(`Сегодня колесо уже остановилось на «${spin.label}».`).waitFor();
      expect(await sectorOnTop(page)).toBe(spin.sector);
      expect(await page.getByRole('button', { name: t.wheelSpin }).count()).toBe(0);
    }, MOBILE);
  });

  it('shows the balance and the visible products in order; an exchange is sent, the Mini App closes and the balance drops', async () => {
    const shop = await openShop();
    await addProduct(shop, {
      title: 'Кружка',
      price_points: 100,
      description: 'Белая, 300 мл',
      image_url: (await uploadPicture(shop, 40)).imageUrl,
      quantity: 1,
    });
    await addProduct(shop, { title: 'Скрытый товар', price_points: 1, is_active: false });
    await addProduct(shop, { title: 'Кепка', price_points: 50 });
    await addProduct(shop, { title: 'Худи', price_points: 500 });
    const buyer = await buyerWithPoints(shop);

    await withPage(async (page) => {
      await openAsBuyer(page, shop, buyer);
      await page.getByText(balance(RECEIPT_POINTS)).waitFor();
      const titles = await page.locator('.shop-card__title').allInnerTexts();
      expect(titles).toEqual(['Кружка', 'Кепка', 'Худи']);
      // The emulator's demo bar covers nothing of the Mini App: no product's button is under it, scrolled either way.
      const bar = page.getByRole('region', { name: DEMO_BAR_LABEL });
      for (const title of titles)
        for (const block of ['start', 'end'] as const) {
          await exchangeButton(page, title).evaluate((button, to) => button.scrollIntoView({ block: to }), block);
          const [button, shown] = [(await exchangeButton(page, title).boundingBox())!, await bar.boundingBox()];
          const overlaps = shown !== null && button.y < shown.y + shown.height && shown.y < button.y + button.height;
          expect(overlaps, `«${title}» scrolled to the ${block}`).toBe(false);
        }
      await page.getByText('Белая, 300 мл').waitFor();
      // The seller's uploaded picture shows (decoded, 3:4).
      const picture = page.locator('.shop-card', { hasText: 'Кружка' }).locator('img');
      await page.waitForFunction(
        (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth === 300,
        await picture.elementHandle(),
      );

      // Too expensive: disabled, and the page says why.
      expect(await exchangeButton(page, 'Худи').isDisabled()).toBe(true);
      await page.getByText(fillText(t.notEnoughPoints, { price: '500 баллов', points: formatPoints(RECEIPT_POINTS) })).waitFor();
      expect(await page.locator('[aria-describedby]', { hasText: 'Худи' }).count()).toBe(1);

      // Keyboard: focus the button and press Enter, then confirm in the dialog.
      await exchangeButton(page, 'Кружка').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t.confirmTitle });
      await dialog.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: t.confirm, exact: true }).click();

      await page.getByText(t.purchaseSent).waitFor();
      await page.getByRole('heading', { name: WEB_APP_CLOSED_TEXT }).waitFor();
    }, MOBILE);

    const orders = (await shop.seller.api.get(`/shop/orders?project_id=${shop.projectId}`)).body.orders as {
      title: string;
      buyer_tg_id: string;
      status: string;
    }[];
    expect(orders.map((order) => [order.title, order.buyer_tg_id, order.status])).toEqual([['Кружка', buyer, 'pending']]);

    // Opened again: the lower balance and the past request with its status.
    await withPage(async (page) => {
      await openAsBuyer(page, shop, buyer);
      await page.getByText(balance(RECEIPT_POINTS - 100)).waitFor();
      const requests = page.getByRole('region', { name: t.ordersTitle });
      await requests.getByText('Кружка').waitFor();
      await requests.getByText(ORDER_STATUS_LABELS.pending).waitFor();
      // The only one was exchanged: out of stock, whatever the balance.
      await page.locator('.shop-card', { hasText: 'Кружка' }).getByText(t.outOfStock, { exact: true }).waitFor();
      expect(await exchangeButton(page, 'Кружка').isDisabled()).toBe(true);
      expect(await exchangeButton(page, 'Кепка').isDisabled()).toBe(false);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, MOBILE);
  });

  it('points held for the return window show when they become available and cannot be exchanged yet; the open draw shows its prize', async () => {
    const shop = await openShop({ points_hold_days: 14 });
    await addProduct(shop, { title: 'Кепка', price_points: 100 });
    const buyer = await buyerWithPoints(shop);
    const [held] = (await shop.seller.api.get(`/buyers/${buyer}?project_id=${shop.projectId}`)).body.held as { release_at: string }[];
    const picture = await uploadPicture(shop, 90);
    const serverNow = Date.parse((await clockCall(baseUrl(), 'GET')).body.now as string);
    const closesAt = new Date(serverNow + 3 * 24 * 3600 * 1000).toISOString();
    const draw = await shop.seller.api.post('/draws', {
      project_id: shop.projectId,
      title: 'Фен за чек',
      winners: 1,
      closes_at: closesAt,
      prize: { text: 'Фен Dyson', image_upload_id: picture.uploadId },
    });
    if (draw.status !== 201 && draw.status !== 200) throw new Error(draw.text);

    await withPage(async (page) => {
      await openAsBuyer(page, shop, buyer);
      await page.getByText(balance(0)).waitFor();
      await page.getByText(fillText(t.held, { points: `${RECEIPT_POINTS} баллов`, date: formatDayMonth(held!.release_at) })).waitFor();
      expect(await exchangeButton(page, 'Кепка').isDisabled()).toBe(true);
      await page.getByText(fillText(t.notEnoughPoints, { price: '100 баллов', points: '0 баллов' })).waitFor();

      const draws = page.getByRole('region', { name: t.drawsTitle });
      await draws.getByText('Фен за чек', { exact: true }).waitFor();
      await draws.getByText(fillText(t.drawPrize, { prize: 'Фен Dyson' })).waitFor();
      await draws.getByText(fillText(t.drawLine, { date: formatDayMonthTime(closesAt) })).waitFor();
      const prizePicture = draws.getByRole('img', { name: 'Фен Dyson' });
      await expect.poll(() => prizePicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      expect(await draws.getByRole('link', { name: t.drawLink }).getAttribute('href')).toBe(drawPublicPath(draw.body.draw.id as number));
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE);
  });

  it('a cancelled confirmation spends nothing', async () => {
    const shop = await openShop();
    await addProduct(shop, { title: 'Кепка', price_points: 50 });
    const buyer = await buyerWithPoints(shop);
    await withPage(async (page) => {
      await openAsBuyer(page, shop, buyer);
      await page.getByText(balance(RECEIPT_POINTS)).waitFor();
      await exchangeButton(page, 'Кепка').click();
      await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.getByText(t.purchaseSent).count()).toBe(0);
    });
    const orders = (await shop.seller.api.get(`/shop/orders?project_id=${shop.projectId}`)).body.orders;
    expect(orders).toEqual([]);
  });

  it('an empty shop says so', async () => {
    const shop = await openShop();
    await withPage(async (page) => {
      await openAsBuyer(page, shop, newChatId());
      await page.getByText(t.empty).waitFor();
    });
  });

  it('an unknown or malformed link says the link is invalid', () =>
    withPage(async (page) => {
      await page.goto(`/shop/${'x'.repeat(32)}`);
      const alert = page.getByRole('alert').filter({ hasText: t.linkInvalid });
      await alert.getByText(t.tokenNotFound).waitFor();
      await page.goto('/shop/short');
      await page.getByRole('alert').getByText(t.linkInvalid).waitFor();
    }));

  it('opened from an announcement’s button it shows the announced product first, marked «Новинка»', async () => {
    const shop = await openShop();
    await addProduct(shop, { title: 'Кепка', price_points: 50 });
    const announced = await addProduct(shop, { title: 'Свитшот', price_points: 90 });
    await withPage(async (page) => {
      await page.goto(`/shop/${shop.token}?product=${announced}`);
      await page.locator('.shop-card__title', { hasText: 'Кепка' }).waitFor();
      expect(await page.locator('.shop-card__title').allTextContents()).toEqual(['Свитшот', 'Кепка']);
      expect(await page.locator('.shop-card').first().getByText(t.announced, { exact: true }).count()).toBe(1);
      // An unknown id leaves the seller's order and no mark.
      await page.goto(`/shop/${shop.token}?product=999999999`);
      await page.locator('.shop-card__title', { hasText: 'Кепка' }).waitFor();
      expect(await page.locator('.shop-card__title').allTextContents()).toEqual(['Кепка', 'Свитшот']);
      expect(await page.getByText(t.announced, { exact: true }).count()).toBe(0);
    });
  });

  it('outside Telegram (no Mini App script) it says so and still shows the products', async () => {
    const shop = await openShop();
    await addProduct(shop, { title: 'Кепка', price_points: 50 });
    await withPage(async (page) => {
      await page.route('**/telegram-web-app.js', (route) => route.abort());
      await page.goto(`/shop/${shop.token}`);
      await page.getByRole('alert').getByText(t.telegramIdUnknown).waitFor();
      await page.locator('.shop-card__title', { hasText: 'Кепка' }).waitFor();
      expect(await exchangeButton(page, 'Кепка').isDisabled()).toBe(true);
      expect(await page.getByRole('region', { name: DEMO_BAR_LABEL }).count()).toBe(0);
    });
  });

  it('in a browser whose Telegram script brings no init data it stops waiting and says so', async () => {
    const shop = await openShop();
    await addProduct(shop, { title: 'Кепка', price_points: 50 });
    await withPage(async (page) => {
      // Telegram's real script outside Telegram: WebApp exists, initData stays empty.
      await page.route('**/telegram-web-app.js', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: "window.Telegram = { WebApp: { initData: '', initDataUnsafe: {}, ready() {}, expand() {} } };",
        }),
      );
      await page.goto(`/shop/${shop.token}`);
      await page.locator('.shop-card__title', { hasText: 'Кепка' }).waitFor();
      await page.getByRole('alert').getByText(t.telegramIdUnknown).waitFor();
      expect(await exchangeButton(page, 'Кепка').isDisabled()).toBe(true);
    });
  });

  it(`downloads at most ${JS_BUDGET_GZIP_BYTES / 1024} KB of JavaScript (gzip), none of it the cabinet's; the first 4 pictures load first`, async () => {
    const shop = await openShop();
    for (let i = 1; i <= 6; i++)
      await addProduct(shop, { title: `Товар ${i}`, price_points: i, image_url: (await uploadPicture(shop, i * 30)).imageUrl });
    await withPage(async (page) => {
      const scripts = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, response.body());
      });
      await openAsBuyer(page, shop, newChatId());
      await page.getByText(balance(0)).waitFor();
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all([...scripts].map(async ([name, body]) => ({ name, gzip: gzipSync(await body).length })));
      const own = sizes.filter((file) => !file.name.startsWith('/__emulators/'));
      const total = own.reduce((sum, file) => sum + file.gzip, 0);
      console.info(`Mini App JavaScript: ${own.length} files, ${(total / 1024).toFixed(1)} KB gzip`);
      expect(total).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
      expect(own.filter((file) => /app-|router|dashboard|query/i.test(file.name))).toEqual([]);

      const pictures = await page
        .locator('.shop-card__image')
        .evaluateAll((images) => images.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]));
      expect(pictures).toEqual([...Array(4).fill(['eager', 'high']), ...Array(2).fill(['lazy', 'auto'])]);
    });
  });
});
