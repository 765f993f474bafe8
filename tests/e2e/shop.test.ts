import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { ORDER_STATUS_LABELS } from '../../src/contract/shop.js';
import { uploadMessages } from '../../src/contract/uploads.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import { ApiClient, createSeller, type Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { newBotToken, newChatId } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.shop;
const s = messages.shopScreen;
const p = messages.imagePicker;
const WB_SELLER = '072196655529'; // the supplier INN on the Wildberries fixture receipt
const RECEIPT_POINTS = 178; // the Wildberries fixture earns 178 points at 10 %
const DESKTOP = { width: 1440, height: 900 };
const { withPage } = useBrowser();

const png = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: '#2948c8' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#c84829' } })
    .jpeg()
    .toBuffer();

async function sellerWithActions(names: readonly string[]): Promise<{ seller: Seller; actionIds: number[] }> {
  const seller = await createFundedSeller(baseUrl(), names.length * BILLING_DEFAULTS.project_subscription_price + 100);
  const actionIds: number[] = [];
  for (const name of names) {
    const created = await seller.api.post('/projects', { name, project_inns: WB_SELLER });
    if (created.status !== 201) throw new Error(created.text);
    actionIds.push(created.body.project_id as number);
  }
  return { seller, actionIds };
}

const productNames = (page: Page) => page.locator('.shop-products .shop-table__name').allInnerTexts();
const productRow = (page: Page, title: string) =>
  page.locator('.shop-products tbody tr').filter({ has: page.getByText(title, { exact: true }) });
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement);

async function addProduct(
  page: Page,
  fields: { title: string; price: string; description?: string; image?: { name: string; mimeType: string; buffer: Buffer } },
) {
  await page.getByLabel(s.productTitle, { exact: true }).fill(fields.title);
  await page.getByLabel(s.productPrice, { exact: true }).fill(fields.price);
  await page.getByLabel(s.productDescription, { exact: true }).fill(fields.description ?? '');
  if (fields.image) {
    await page.locator('.shop-form .image-picker input[type=file]').setInputFiles(fields.image);
    await page.getByRole('img', { name: p.previewAlt }).waitFor();
  }
  await page.getByRole('button', { name: s.addProduct, exact: true }).click();
  await status(page, m.productAdded).waitFor();
  await productRow(page, fields.title).waitFor();
}

describe('shop management', () => {
  it('picks the action, saves settings, manages products, copies and regenerates the link', () =>
    withPage(async (page, context) => {
      const { seller, actionIds } = await sellerWithActions(['Aurora', 'Borealis']);
      const [, borealis] = actionIds as [number, number];
      await signInAs(page, seller);
      await page.goto('/dashboard/shop');

      // The action is picked first and kept in the address.
      const actionSelect = page.getByLabel(s.actionLabel, { exact: true });
      await actionSelect.selectOption({ label: 'Borealis' });
      await expect.poll(() => new URL(page.url()).searchParams.get('project')).toBe(String(borealis));
      const { settings } = (await seller.api.get(`/shop/settings?project_id=${borealis}`)).body as {
        settings: { token: string; shop_url: string };
      };
      // SPEC §9: the link shows the token masked, never in full.
      await page
        .getByText(settings.shop_url.replace(settings.token, `${settings.token.slice(0, 5)}…${settings.token.slice(-4)}`), { exact: true })
        .waitFor();
      expect(await page.getByText(settings.token).count()).toBe(0);

      await page.getByLabel(s.puzzleBotToken, { exact: true }).fill('pb-token-42');
      await page.getByLabel(s.commandName, { exact: true }).fill('exchange');
      await page.getByLabel(s.variableTitle, { exact: true }).fill('prize');
      await page.getByLabel(s.variablePrice, { exact: true }).fill('prize_price');
      await page.getByRole('button', { name: s.saveSettings, exact: true }).click();
      await status(page, m.settingsSaved).waitFor();
      expect((await seller.api.get(`/shop/settings?project_id=${borealis}`)).body.settings).toMatchObject({
        // SPEC §9: a token over 10 characters leaves the server masked.
        puzzle_bot_token: 'pb-to…n-42',
        command_name: 'exchange',
        variable_name_title: 'prize',
        variable_name_price: 'prize_price',
        telegram_bot_token: null,
      });

      // Checked in the browser first; the first wrong field takes the focus.
      await page.getByRole('button', { name: s.addProduct, exact: true }).click();
      await page.getByText(m.titleRequired, { exact: true }).waitFor();
      await expect.poll(() => isFocused(page, s.productTitle)).toBe(true);
      await page.getByLabel(s.productTitle, { exact: true }).fill('Кружка');
      await page.getByLabel(s.productPrice, { exact: true }).fill('-5');
      await page.getByRole('button', { name: s.addProduct, exact: true }).click();
      await page.getByText(m.pricePointsInvalid, { exact: true }).waitFor();
      await expect.poll(() => isFocused(page, s.productPrice)).toBe(true);

      await addProduct(page, {
        title: 'Кружка',
        price: '100',
        description: 'Синяя, 300 мл',
        image: { name: 'mug.png', mimeType: 'image/png', buffer: await png() },
      });
      // The form is back in create mode, empty.
      expect(await page.getByLabel(s.productTitle, { exact: true }).inputValue()).toBe('');
      await addProduct(page, { title: 'Кепка', price: '250', image: { name: 'cap.jpg', mimeType: 'image/jpeg', buffer: await jpeg() } });
      await addProduct(page, { title: 'Стикер', price: '10' });
      expect(await productNames(page)).toEqual(['Кружка', 'Кепка', 'Стикер']);
      const thumbnail = productRow(page, 'Кружка').locator('img');
      expect(await thumbnail.getAttribute('src')).toMatch(/\/lk\/uploads\//);
      const box = await thumbnail.boundingBox();
      expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 100) / 100).toBe(0.75);

      // Up is impossible at the top, down at the bottom.
      expect(await page.getByRole('button', { name: fillMessage(s.moveUpNamed, { title: 'Кружка' }) }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: fillMessage(s.moveDownNamed, { title: 'Стикер' }) }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: fillMessage(s.moveUpNamed, { title: 'Стикер' }) }).click();
      await expect.poll(() => productNames(page)).toEqual(['Кружка', 'Стикер', 'Кепка']);

      await page.getByRole('button', { name: fillMessage(s.hideNamed, { title: 'Кепка' }) }).click();
      await productRow(page, 'Кепка').getByText(m.productHidden, { exact: true }).waitFor();
      await page.getByRole('button', { name: fillMessage(s.showNamed, { title: 'Кепка' }) }).waitFor();

      await page.getByRole('button', { name: fillMessage(s.editNamed, { title: 'Кружка' }) }).click();
      await page.getByRole('heading', { name: fillMessage(s.productFormEdit, { title: 'Кружка' }) }).waitFor();
      expect(await page.getByLabel(s.productPrice, { exact: true }).inputValue()).toBe('100');
      expect(await page.getByLabel(s.productDescription, { exact: true }).inputValue()).toBe('Синяя, 300 мл');
      await page.getByLabel(s.productPrice, { exact: true }).fill('120');
      await page.getByRole('button', { name: s.saveProduct, exact: true }).click();
      await status(page, m.productUpdated).waitFor();
      await page.getByRole('heading', { name: s.productFormCreate, exact: true }).waitFor();
      await productRow(page, 'Кружка').getByText('120', { exact: true }).waitFor();

      await page.getByRole('button', { name: fillMessage(s.deleteNamed, { title: 'Стикер' }) }).click();
      const dialog = page.getByRole('dialog', { name: m.productDeleteConfirm });
      await dialog.getByRole('button', { name: s.delete, exact: true }).click();
      await status(page, m.productDeleted).waitFor();
      await expect.poll(() => productNames(page)).toEqual(['Кружка', 'Кепка']);

      const saved = (await seller.api.get(`/shop/products?project_id=${borealis}`)).body.products as {
        title: string;
        price_points: number;
        is_active: boolean;
      }[];
      expect(saved.map(({ title, price_points, is_active }) => ({ title, price_points, is_active }))).toEqual([
        { title: 'Кружка', price_points: 120, is_active: true },
        { title: 'Кепка', price_points: 250, is_active: false },
      ]);

      // Copying gives the full link.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: s.copyLink, exact: true }).click();
      await status(page, m.linkCopied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(settings.shop_url);

      // A new link after the confirmation; the old one stops working at once.
      const publicApi = new ApiClient(baseUrl());
      expect((await publicApi.get(`/public/shop/${settings.token}/products`)).status).toBe(200);
      await page.getByRole('button', { name: s.regenerateLink, exact: true }).click();
      await page.getByRole('dialog', { name: s.regenerateTitle }).getByRole('button', { name: s.regenerateLink, exact: true }).click();
      await status(page, m.linkRegenerated).waitFor();
      expect((await publicApi.get(`/public/shop/${settings.token}/products`)).status).toBe(404);
      const renewed = (await seller.api.get(`/shop/settings?project_id=${borealis}`)).body.settings as { token: string };
      expect(renewed.token).not.toBe(settings.token);
      await page.getByText(`${renewed.token.slice(0, 5)}…${renewed.token.slice(-4)}`, { exact: false }).waitFor();
      const visible = (await publicApi.get(`/public/shop/${renewed.token}/products`)).body.products as { title: string }[];
      expect(visible.map((product) => product.title)).toEqual(['Кружка']);

      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, DESKTOP));

  it('shows a buyer’s exchange request; the seller hands it out or cancels it and the points go back', () =>
    withPage(async (page) => {
      const { seller, actionIds } = await sellerWithActions(['Aurora']);
      const [projectId] = actionIds as [number];
      const { token: botToken } = newBotToken();
      await seller.api.post('/mailing/settings', { bot_token: botToken });
      const { settings } = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body as { settings: { token: string } };
      const buyer = newChatId();
      const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
      const checked = await seller.api.post('/check', { qrurl: qr, project_id: projectId, user_id_tg: buyer });
      if (!checked.body.success) throw new Error(checked.text);
      const mug = (
        await seller.api.post('/shop/products', {
          project_id: projectId,
          title: 'Кружка',
          description: '',
          image_url: null,
          price_points: 100,
        })
      ).body.product as { id: number };
      const cap = (
        await seller.api.post('/shop/products', {
          project_id: projectId,
          title: 'Кепка',
          description: '',
          image_url: null,
          price_points: 50,
        })
      ).body.product as { id: number };
      const publicApi = new ApiClient(baseUrl());
      const signed = () => ({
        headers: { 'x-telegram-init-data': signInitData({ id: Number(buyer), first_name: 'Ира' }, botToken, new Date()) },
      });
      for (const product of [mug, cap]) {
        const bought = await publicApi.post(
          `/public/shop/${settings.token}/purchase`,
          { product_id: product.id, buyer_tg_id: buyer },
          signed(),
        );
        if (bought.status !== 200) throw new Error(bought.text);
      }
      const points = async () => (await publicApi.get(`/public/shop/${settings.token}/me`, signed())).body.points as number;
      expect(await points()).toBe(RECEIPT_POINTS - 150);

      await signInAs(page, seller);
      await page.goto(`/dashboard/shop?project=${projectId}`);
      const orderRow = (title: string) => page.locator('.shop-orders tbody tr').filter({ has: page.getByText(title, { exact: true }) });
      await orderRow('Кружка').getByText(ORDER_STATUS_LABELS.pending, { exact: true }).waitFor();
      expect(await orderRow('Кружка').innerText()).toContain(buyer);

      await page.getByRole('button', { name: fillMessage(s.fulfilNamed, { title: 'Кружка', buyer }) }).click();
      await status(page, m.orderFulfilled).waitFor();
      await orderRow('Кружка').getByText(ORDER_STATUS_LABELS.fulfilled, { exact: true }).waitFor();
      expect(await orderRow('Кружка').getByRole('button').count()).toBe(0);

      await page.getByRole('button', { name: fillMessage(s.cancelOrderNamed, { title: 'Кепка', buyer }) }).click();
      await page.getByRole('dialog', { name: s.cancelOrderTitle }).getByRole('button', { name: s.cancelOrderConfirm, exact: true }).click();
      await status(page, m.orderCancelled).waitFor();
      await orderRow('Кепка').getByText(ORDER_STATUS_LABELS.cancelled, { exact: true }).waitFor();
      expect(await points()).toBe(RECEIPT_POINTS - 100);
      expect(await seriousViolations(page)).toEqual([]);
    }, DESKTOP));

  it('fits a 375 px phone: products as cards with every button in reach, no sideways scrolling', () =>
    withPage(async (page) => {
      const { seller, actionIds } = await sellerWithActions(['Aurora']);
      const [projectId] = actionIds as [number];
      for (const title of ['Кружка с длинным названием для проверки переноса строк', 'Кепка']) {
        await seller.api.post('/shop/products', {
          project_id: projectId,
          title,
          description: 'Описание товара',
          image_url: null,
          price_points: 1000,
        });
      }
      await signInAs(page, seller);
      await page.goto('/dashboard/shop');
      await productRow(page, 'Кепка').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      for (const button of await page.locator('.shop-products button').all()) {
        const box = await button.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width);
      }
      await page.getByRole('button', { name: fillMessage(s.hideNamed, { title: 'Кепка' }) }).click();
      await productRow(page, 'Кепка').getByText(m.productHidden, { exact: true }).waitFor();

      // The stock: a wrong quantity is named at its field; a saved one is what the seller sees left.
      await page.getByRole('button', { name: fillMessage(s.editNamed, { title: 'Кепка' }) }).click();
      const quantity = page.getByLabel(s.productQuantity, { exact: true });
      await quantity.fill('много');
      await page.getByRole('button', { name: s.saveProduct, exact: true }).click();
      await page.getByText(m.quantityInvalid, { exact: true }).waitFor();
      expect(await isFocused(page, s.productQuantity)).toBe(true);
      await quantity.fill('7');
      await page.getByRole('button', { name: s.saveProduct, exact: true }).click();
      await status(page, m.productUpdated).waitFor();
      const left = (title: string) => productRow(page, title).locator(`[data-label="${s.columnQuantity}"]`);
      await expect.poll(() => left('Кепка').innerText()).toBe('7');
      expect(await left('Кружка с длинным названием для проверки переноса строк').innerText()).toBe(s.quantityUnlimited);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, MOBILE));

  it('keeps the Mini App bot masked with its @username, keeps it when saved unchanged, and clears it', () =>
    withPage(async (page) => {
      const { seller, actionIds } = await sellerWithActions(['Aurora']);
      const [projectId] = actionIds as [number];
      const bot = newBotToken();
      await signInAs(page, seller);
      await page.goto(`/dashboard/shop?project=${projectId}`);
      const tokenField = page.getByLabel(s.telegramBotToken, { exact: true });
      await tokenField.fill(bot.token);
      await page.getByRole('button', { name: s.saveSettings, exact: true }).click();
      await status(page, m.settingsSaved).waitFor();
      const masked = `${bot.token.slice(0, 5)}…${bot.token.slice(-4)}`;
      expect(await tokenField.inputValue()).toBe(masked);
      await page.getByRole('link', { name: fillMessage(s.telegramBotName, { username: `demo_${bot.botId}_bot` }) }).waitFor();

      // Saved again unchanged (the mask goes back): the bot stays.
      await page.getByLabel(s.commandName, { exact: true }).fill('exchange');
      await page.getByRole('button', { name: s.saveSettings, exact: true }).click();
      await expect
        .poll(async () => (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body.settings.command_name)
        .toBe('exchange');
      expect((await seller.api.get(`/shop/settings?project_id=${projectId}`)).body.settings.telegram_bot_token).toBe(masked);

      // Emptied: the shop falls back to the mailing bot.
      await tokenField.fill('');
      await page.getByRole('button', { name: s.saveSettings, exact: true }).click();
      await expect
        .poll(async () => (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body.settings.telegram_bot_token)
        .toBeNull();
      // The page shows the saved settings once it has re-read them, which may come after the server's answer above.
      await expect
        .poll(() => page.getByRole('link', { name: fillMessage(s.telegramBotName, { username: `demo_${bot.botId}_bot` }) }).count())
        .toBe(0);
    }));

  it('shows SPEC’s failure texts when the server fails or answers without an image link', () =>
    withPage(async (page) => {
      const { seller, actionIds } = await sellerWithActions(['Aurora']);
      const [projectId] = actionIds as [number];
      for (const title of ['Кружка', 'Кепка']) {
        await seller.api.post('/shop/products', { project_id: projectId, title, description: '', image_url: null, price_points: 10 });
      }
      await signInAs(page, seller);
      const broken = { status: 502, contentType: 'text/html', body: '<!doctype html><title>Bad gateway</title>' };
      const alert = (text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();

      await page.route('**/lk/api/shop/products?**', (route) => route.fulfill(broken));
      await page.goto(`/dashboard/shop?project=${projectId}`);
      await alert(m.loadFailed);
      await page.unroute('**/lk/api/shop/products?**');
      await page.reload();
      await productRow(page, 'Кепка').waitFor();

      await page.route('**/lk/api/shop/products/upload-image', (route) => route.fulfill({ status: 201, json: {} }));
      await page
        .locator('.shop-form .image-picker input[type=file]')
        .setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: await png() });
      await alert(uploadMessages.noImageUrl);

      await page.route('**/lk/api/shop/settings', (route) =>
        route.request().method() === 'POST' ? route.fulfill(broken) : route.fallback(),
      );
      await page.getByRole('button', { name: s.saveSettings, exact: true }).click();
      await alert(m.settingsSaveFailed);
      await page.getByRole('button', { name: s.regenerateLink, exact: true }).click();
      await page.getByRole('dialog', { name: s.regenerateTitle }).getByRole('button', { name: s.regenerateLink, exact: true }).click();
      await alert(m.linkRegenerateFailed);

      await page.route('**/lk/api/shop/products', (route) =>
        route.request().method() === 'POST' ? route.fulfill(broken) : route.fallback(),
      );
      await page.getByLabel(s.productTitle, { exact: true }).fill('Стикер');
      await page.getByLabel(s.productPrice, { exact: true }).fill('5');
      await page.getByRole('button', { name: s.addProduct, exact: true }).click();
      await alert(m.productSaveFailed);

      await page.route('**/lk/api/shop/products/*', (route) => route.fulfill(broken));
      await page.getByRole('button', { name: fillMessage(s.hideNamed, { title: 'Кепка' }) }).click();
      await alert(m.productStatusFailed);
      await page.getByRole('button', { name: fillMessage(s.moveDownNamed, { title: 'Кружка' }) }).click();
      await alert(m.productReorderFailed);
      await page.getByRole('button', { name: fillMessage(s.deleteNamed, { title: 'Кепка' }) }).click();
      await page.getByRole('dialog', { name: m.productDeleteConfirm }).getByRole('button', { name: s.delete, exact: true }).click();
      await alert(m.productDeleteFailed);
      expect(await productNames(page)).toEqual(['Кружка', 'Кепка']);
    }));

  it('asks for an action first when the seller has none', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.goto('/dashboard/shop');
      await page.getByText(s.noActions, { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: messages.actionScreens.createAction }).getAttribute('href')).toBe(
        '/dashboard/action/create',
      );
    }));
});
