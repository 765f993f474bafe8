import type { FrameLocator, Locator, Page } from 'playwright-core';
import { formatPoints } from '../../src/contract/format.js';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { fillText, ORDER_STATUS_LABELS, publicShopMessages as ps } from '../../src/contract/public-shop.js';
import { formatRubles } from '../../src/web/lib/format.js';
import { uniqueEmail } from '../support/api-client.js';
import { newBotToken, newChatId } from '../support/telegram.js';
import { MOBILE, hasHorizontalOverflow, pathnameOf, receiptPhotoFile, useBrowser, waitForPath } from './helpers.js';

// The demo journey, all through the UI: a new seller signs up, pays by card, activates,
// creates an action with ScanApp's bot, opens its shop with one product; a shopper greets the
// bot in the demo chat, sends a receipt photo, earns points and exchanges them in the Mini App;
// the seller confirms the exchange.
const f = messages.authForms;
const d = messages.dashboard;
const a = messages.actionScreens;
const b = messages.bot;
const s = messages.shopScreen;
const g = messages.guidedStart;
const WB_SELLER = '072196655529'; // the supplier INN on the Wildberries fixture receipt
const RECEIPT_POINTS = 178; // the Wildberries fixture earns 178 points at the default 10 %
const ACTION = 'Весенняя акция';
const PRODUCT = 'Кружка';
const PRICE = 100;
/** The guided start's one payment: activation 20 000 ₽ + the action's month 3 000 ₽ + 100 receipts at 8 ₽. */
const START_PAYMENT = 23_800;
const { withPage } = useBrowser();

const button = (scope: Page | Locator | FrameLocator, name: string) => scope.getByRole('button', { name, exact: true });
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: d.navLabel }).getByRole('link', { name, exact: true });
/** The sidebar's balance: the only text that is exactly an amount in whole rubles. */
const balance = (page: Page, rubles: number) => page.getByText(formatRubles(rubles), { exact: true });
/** A bot's message in the demo chat (each bubble starts with its sender for screen readers). */
const botSays = (chat: Page, text: string): Locator =>
  chat
    .getByRole('log')
    .getByRole('listitem')
    .filter({ hasText: /^Бот: / })
    .filter({ hasText: text });
const inlineButton = (message: Locator, name: string) =>
  message.getByRole('group', { name: 'Кнопки под сообщением' }).getByRole('button', { name });

describe('the demo journey', () => {
  it(
    'a new seller signs up, pays, activates, connects the bot and opens a shop; a shopper earns points by a receipt photo and exchanges them in the Mini App; the seller confirms',
    { timeout: 300_000 },
    () =>
      withPage(async (page, context) => {
        // A busy 2-core machine: every auto-wait gets room.
        context.setDefaultTimeout(45_000);
        const email = uniqueEmail('journey');
        const password = 'secret-42';

        // 1. Sign up, then sign in.
        await page.goto('/register');
        await field(page, f.nameLabel).fill('Анна Продавцова');
        await field(page, f.emailLabel).fill(email);
        await field(page, f.passwordLabel).fill(password);
        await field(page, f.confirmPasswordLabel).fill(password);
        await button(page, f.registerSubmit).click();
        await waitForPath(page, '/login');
        await page.getByRole('status').getByText(messages.auth.registerSuccess).waitFor();
        await field(page, f.passwordLabel).fill(password);
        await button(page, f.loginSubmit).click();
        await waitForPath(page, '/dashboard');
        await balance(page, 0).waitFor();

        // 2–3. The guided start: the action with its seller INN and ScanApp's bot, one card payment for
        // activation, the first month and a reserve of receipts; the bot then launches by itself.
        const { token, botId } = newBotToken();
        await page.getByRole('heading', { name: g.title }).waitFor();
        await field(page, a.nameLabel).fill(ACTION);
        await field(page, a.innsLabel).fill(WB_SELLER);
        await field(page, b.tokenLabel).fill(token);
        // The start proposes to hold points for the marketplaces' return window; this journey spends them at once.
        expect(await field(page, messages.trust.holdDaysLabel).inputValue()).toBe('14');
        await field(page, messages.trust.holdDaysLabel).fill('0');
        await button(page, g.next).click();
        await button(page, `Оплатить ${formatRubles(START_PAYMENT)} картой и запустить`).click();
        await page.waitForURL((url) => url.pathname === '/__emulators/payments/Merchant/Index.aspx');
        await page.getByText(formatRubles(START_PAYMENT), { exact: true }).waitFor();
        await button(page, 'Оплатить').click();
        await page.getByRole('heading', { name: g.readyTitle }).waitFor({ timeout: 90_000 });
        // Activation and the first month are charged; the reserve stays for the receipts.
        await balance(page, START_PAYMENT - 20_000 - 3_000).waitFor();
        await page.getByRole('link', { name: g.readyToAction }).click();
        await page.waitForURL(/\/dashboard\/action\/\d+$/);
        const actionId = Number(pathnameOf(page).split('/').pop());
        await page.getByText(a.sectionBot, { exact: true }).click();
        const demoChatLink = page.getByRole('link', { name: b.openDemoChat });
        expect(await demoChatLink.getAttribute('href')).toBe(`/__emulators/telegram/chat?bot_id=${botId}&action_id=${actionId}`);

        // 4. The shop of the action, with one product the receipt's points can buy.
        await navLink(page, d.shopTitle).click();
        await waitForPath(page, '/dashboard/shop');
        // The only action is the one picked; its shop (and the shop's link) exists from this visit on.
        await expect.poll(() => field(page, s.actionLabel).inputValue(), { timeout: 30_000 }).toBe(String(actionId));
        await page.getByRole('heading', { name: s.linkTitle, exact: true }).waitFor();
        await field(page, s.productTitle).fill(PRODUCT);
        await field(page, s.productPrice).fill(String(PRICE));
        await field(page, s.productDescription).fill('Белая, 300 мл');
        await button(page, s.addProduct).click();
        await page.getByRole('status').filter({ hasText: messages.shop.productAdded }).waitFor();
        await page.getByRole('table', { name: s.productsCaption }).getByRole('row').filter({ hasText: PRODUCT }).waitFor();

        // 5. The shopper's side: the demo chat from the action page, on a phone.
        await navLink(page, d.actionsTitle).click();
        await page.getByRole('article', { name: ACTION }).click({ position: { x: 8, y: 8 } });
        await waitForPath(page, `/dashboard/action/${actionId}`);
        await page.getByText(a.sectionBot, { exact: true }).click();
        const [chat] = await Promise.all([context.waitForEvent('page'), demoChatLink.click()]);
        await chat.setViewportSize(MOBILE);
        const chatErrors: string[] = [];
        chat.on('pageerror', (error) => chatErrors.push(String(error.stack)));
        await chat.waitForURL((url) => url.pathname === '/__emulators/telegram/chat' && url.searchParams.get('bot_id') === botId);
        const shopperId = newChatId();
        await chat.getByText(/^Покупатель: /).click();
        await field(chat, 'Telegram ID покупателя').fill(shopperId);
        await field(chat, 'Имя').fill('Ира');
        await field(chat, 'Username (без @)').fill('ira_buyer');

        await button(chat, '/start').click();
        const greeting = botSays(chat, fillMessage(b.greeting, { name: ACTION }).split('\n')[0]!);
        // The first answer waits for the bot's long polling to start, which can take a while on a busy machine.
        await greeting.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
          throw new Error(
            `${String(error)}\n--- page errors: ${chatErrors.join('\n')}\n--- the chat shows:\n${await chat.locator('body').innerText()}`,
          );
        });
        await inlineButton(greeting, b.balanceButton).waitFor();
        await inlineButton(greeting, b.shopButton).waitFor();
        expect(await hasHorizontalOverflow(chat)).toBe(false);

        // 6. A receipt photo earns the points.
        await field(chat, 'Фото чека').setInputFiles(await receiptPhotoFile());
        const earned = botSays(chat, fillMessage(b.newBalance, { points: formatPoints(RECEIPT_POINTS) }));
        await earned.waitFor({ timeout: 60_000 });

        // 7. The shop opens over the chat as a Mini App; the exchange is sent and the Mini App closes itself.
        await inlineButton(earned, b.shopButton).click();
        const miniAppPanel = chat.getByRole('region', { name: 'Мини-приложение' });
        await miniAppPanel.waitFor();
        const miniApp = chat.frameLocator('iframe[title="Мини-приложение"]');
        await miniApp.getByRole('heading', { level: 1, name: ACTION }).waitFor();
        await miniApp.getByText(`${ps.balance}: ${formatPoints(RECEIPT_POINTS)}`).waitFor();
        await miniApp.getByRole('heading', { name: PRODUCT, exact: true }).waitFor();
        await button(miniApp, `${ps.exchange} «${PRODUCT}»`).click();
        const confirm = miniApp.getByRole('dialog', { name: ps.confirmTitle });
        await confirm.getByText(fillText(ps.confirmText, { title: PRODUCT, price: formatPoints(PRICE) })).waitFor();
        // The Mini App shows the answer for 300 ms and closes itself (SPEC §7): a poll of the page can
        // miss so short a moment at load, so the answer is read off the network and the closing off the page.
        const answered = chat.waitForResponse(
          (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/purchase'),
        );
        await button(confirm, ps.confirm).click();
        const answer = await answered;
        expect(answer.status()).toBe(200);
        expect(((await answer.json()) as { message: string }).message).toBe(ps.purchaseSent);
        await miniAppPanel.waitFor({ state: 'detached' });

        // 8. The seller confirms the exchange in the shop's requests.
        await page.bringToFront();
        await navLink(page, d.shopTitle).click();
        await waitForPath(page, '/dashboard/shop');
        const order = page.getByRole('table', { name: s.ordersCaption }).getByRole('row').filter({ hasText: PRODUCT });
        await order.getByText(ORDER_STATUS_LABELS.pending, { exact: true }).waitFor();
        expect(await order.innerText()).toContain(shopperId);
        await button(page, fillMessage(s.fulfilNamed, { title: PRODUCT, buyer: shopperId })).click();
        await page.getByRole('status').filter({ hasText: messages.shop.orderFulfilled }).waitFor();
        await order.getByText(ORDER_STATUS_LABELS.fulfilled, { exact: true }).waitFor();
        expect(await order.getByRole('button').count()).toBe(0);

        // The shopper hears about both in the chat with the bot.
        await chat.bringToFront();
        await botSays(
          chat,
          fillText(ps.announcement, { title: PRODUCT, price: formatPoints(PRICE), points: RECEIPT_POINTS - PRICE }),
        ).waitFor({
          timeout: 60_000,
        });
        await botSays(chat, fillText(ps.fulfilledNotice, { title: PRODUCT })).waitFor({ timeout: 60_000 });
        expect(chatErrors).toEqual([]);
      }),
  );
});
