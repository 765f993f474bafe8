import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { mailingOutcomeMessage, mailingStartedMessage } from '../../src/contract/mailing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { uploadMessages } from '../../src/contract/uploads.js';
import { createSeller, plainSpaces, type Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.mailing;
const s = messages.mailingScreen;
const p = messages.imagePicker;
const WB_SELLER = '072196655529'; // the supplier INN on the Wildberries fixture receipt
const { withPage } = useBrowser();

/** A bot of its own per test: the emulator's log is shared by every test, `bot_id` tells them apart. */
function newBot(): { id: number; token: string } {
  const id = 100_000 + Math.floor(Math.random() * 900_000_000);
  return { id, token: `${id}:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-` };
}

/** Chat ids no other test uses (blocked chats are shared too). */
function newChatIds(count: number): string[] {
  const base = 5_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  return Array.from({ length: count }, (_, index) => String(base + index));
}

/** A seller whose action has accepted one receipt from each of these buyers (Telegram chat ids). */
async function sellerWithBuyers(page: Page, buyerIds: readonly string[]): Promise<Seller> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  for (const buyer of buyerIds) {
    const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
    const answer = await seller.api.post('/check', { qrurl: qr, project_id: created.body.project_id, user_id_tg: buyer });
    if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
  }
  await signInAs(page, seller);
  return seller;
}

async function saveTokenOverApi(seller: Seller, token: string): Promise<void> {
  const answer = await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: token });
  if (answer.status !== 200) throw new Error(answer.text);
}

interface EmulatedMessage {
  bot_id: number;
  chat_id: number;
  method: string;
  text: string | null;
  caption: string | null;
  photo: string | null;
}

async function messagesOf(query: { chat_id?: string; bot_id?: number }): Promise<EmulatedMessage[]> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await fetch(`${baseUrl()}/__emulators/telegram/messages?${search}`);
  return (await response.json()) as EmulatedMessage[];
}

async function blockChat(chatId: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/__emulators/telegram/blocked`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: Number(chatId) }),
  });
  if (!response.ok) throw new Error(await response.text());
}

const recipientsField = (page: Page) => page.getByLabel(s.recipientsLabel, { exact: true });
const messageField = (page: Page) => page.getByLabel(s.messageLabel, { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: s.send, exact: true });
const recipientsCount = (page: Page) => page.locator('.mailing-count');
const buyerBox = (page: Page, buyerId: string) =>
  page.getByRole('checkbox', { name: fillMessage(s.selectBuyer, { id: buyerId }), exact: true });
const errorItems = (page: Page) => page.locator('.mailing-errors__list li').allInnerTexts();
const pngPicture = () =>
  sharp({ create: { width: 30, height: 40, channels: 3, background: '#2948c8' } })
    .png()
    .toBuffer();

/** A shopper writes /start to a bot: Telegram lets a bot write only to people who started it. */
async function startBot(botId: number, chatId: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/__emulators/telegram/updates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bot_id: botId, from: { id: Number(chatId), first_name: 'Анна' }, text: '/start' }),
  });
  if (!response.ok) throw new Error(await response.text());
}

describe('mailing', () => {
  it('sends through the action’s own bot to that action’s shoppers, and says why the bot matters', () =>
    withPage(async (page) => {
      const [auroraBuyer, springBuyer] = newChatIds(2) as [string, string];
      const seller = await createFundedSeller(baseUrl(), 2 * BILLING_DEFAULTS.project_subscription_price + 100);
      const bot = newBot();
      const aurora = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, telegram_bot_token: bot.token });
      const spring = await seller.api.post('/projects', { name: 'Весна', project_inns: WB_SELLER });
      if (aurora.status !== 201 || spring.status !== 201) throw new Error(aurora.text + spring.text);
      for (const [buyer, projectId] of [
        [auroraBuyer, aurora.body.project_id],
        [springBuyer, spring.body.project_id],
      ] as const) {
        const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
        const answer = await seller.api.post('/check', { qrurl: qr, project_id: projectId, user_id_tg: buyer });
        if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
      }
      await startBot(bot.id, auroraBuyer);
      await signInAs(page, seller);
      await page.goto('/dashboard/mailing');

      // No mailing bot is saved: the action's bot is chosen, and only its shoppers are listed.
      const viaAction = page.getByRole('radio', {
        name: fillMessage(s.senderActionBotUsername, { name: 'Aurora', username: `demo_${bot.id}_bot` }),
        exact: true,
      });
      await expect.poll(() => viaAction.isChecked()).toBe(true);
      await page.getByRole('group', { name: s.senderLabel }).getByText(s.senderHint, { exact: true }).waitFor();
      await page.getByText(fillMessage(s.senderActionBuyers, { name: 'Aurora' }), { exact: true }).waitFor();
      await buyerBox(page, auroraBuyer).waitFor();
      expect(await buyerBox(page, springBuyer).count()).toBe(0);

      await buyerBox(page, auroraBuyer).check();
      await messageField(page).fill('Новинки для покупателей Aurora');
      await sendButton(page).click();
      await page
        .getByRole('status')
        .filter({ hasText: mailingOutcomeMessage({ sent: 1, failed: 0 }) })
        .waitFor();
      const received = (await messagesOf({ chat_id: auroraBuyer, bot_id: bot.id })).filter(
        (message) => message.text === 'Новинки для покупателей Aurora',
      );
      expect(received).toHaveLength(1);
      await page
        .locator('.mailing-history__item')
        .first()
        .getByText(fillMessage(s.senderActionBot, { name: 'Aurora' }), { exact: true })
        .waitFor();

      // The mailing bot lists every action's shoppers again; ticks of the other bot are cleared.
      await page.getByRole('radio', { name: s.senderMailingBot, exact: true }).check();
      await page
        .getByText(fillMessage(s.tickedCount, { count: 0 }), { exact: true })
        .first()
        .waitFor();
      await buyerBox(page, springBuyer).waitFor();
    }));

  it('saves the bot token, then sends a picture to ticked buyers and typed IDs, and says it was sent', () =>
    withPage(async (page) => {
      const [buyerA, buyerB, typedA, typedB] = newChatIds(4) as [string, string, string, string];
      await sellerWithBuyers(page, [buyerA, buyerB]);
      const bot = newBot();
      for (const chat of [buyerA, buyerB, typedA, typedB]) await startBot(bot.id, chat);
      await page.goto('/dashboard/mailing');

      await page.getByLabel(s.tokenLabel, { exact: true }).fill(bot.token);
      await page.getByRole('button', { name: s.saveToken, exact: true }).click();
      await page.getByRole('status').filter({ hasText: m.tokenSaved }).waitFor();
      const botLink = page.getByRole('link', { name: `@demo_${bot.id}_bot` });
      expect(await botLink.getAttribute('href')).toBe(`https://t.me/demo_${bot.id}_bot`);
      // Masked as SPEC §9 says: the first 5 and the last 4 characters.
      await page.getByText(`${bot.token.slice(0, 5)}…${bot.token.slice(-4)}`, { exact: true }).waitFor();
      expect(await page.getByText(bot.token, { exact: true }).count()).toBe(0);

      await buyerBox(page, buyerA).check();
      await buyerBox(page, buyerB).check();
      await page
        .getByText(fillMessage(s.tickedCount, { count: 2 }), { exact: true })
        .first()
        .waitFor();
      // A ticked buyer typed again counts once; words are not IDs.
      await recipientsField(page).fill(`${typedA}, ${typedB};${buyerA} привет`);
      await expect.poll(() => recipientsCount(page).innerText()).toContain(fillMessage(s.recipientsCount, { count: 4 }));

      const text = 'Скидка 10 % на всё до воскресенья!';
      await messageField(page).fill(text);
      const counter = () => page.locator('.mailing-counter').innerText().then(plainSpaces);
      await expect.poll(counter).toBe(fillMessage(s.charCounter, { count: text.length, limit: '4 096' }));
      await page
        .locator('.image-picker input[type=file]')
        .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: await pngPicture() });
      const preview = page.getByRole('img', { name: p.previewAlt });
      await preview.waitFor();
      // The picture makes the text a caption: Telegram's 1024-character limit applies.
      await expect.poll(counter).toBe(fillMessage(s.charCounter, { count: text.length, limit: '1 024' }));
      const box = await preview.boundingBox();
      expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 100) / 100).toBe(0.75);

      await sendButton(page).click();
      await page
        .getByRole('status')
        .filter({ hasText: mailingOutcomeMessage({ sent: 4, failed: 0 }) })
        .waitFor();
      for (const chat of [buyerA, buyerB, typedA, typedB]) {
        const received = await messagesOf({ chat_id: chat, bot_id: bot.id });
        expect(received).toHaveLength(1);
        expect(received[0]).toMatchObject({ method: 'sendPhoto', caption: text });
      }
      const history = page.locator('.mailing-history__item').first();
      await history.getByText(s.statusDone, { exact: true }).waitFor();
      expect(plainSpaces(await history.innerText())).toContain(fillMessage(s.historyFigures, { sent: 4, total: 4, failed: 0 }));
      expect(plainSpaces(await history.innerText())).toContain(fillMessage(s.historyOptedOut, { count: 0 }));
      expect(await history.innerText()).toContain(s.historyImage);
    }));

  it('lists a recipient who blocked the bot as «ID {chat}: {error}» and counts the rest as sent', () =>
    withPage(async (page) => {
      const [buyer, blocked] = newChatIds(2) as [string, string];
      const seller = await sellerWithBuyers(page, [buyer]);
      const bot = newBot();
      await saveTokenOverApi(seller, bot.token);
      for (const chat of [buyer, blocked]) await startBot(bot.id, chat);
      await blockChat(blocked);
      await page.goto('/dashboard/mailing');
      await buyerBox(page, buyer).check();
      await recipientsField(page).fill(blocked);
      await messageField(page).fill('Новая коллекция уже в магазине');
      await sendButton(page).click();
      await page
        .getByRole('alert')
        .filter({ hasText: fillMessage(m.partlySent, { sent: 1, failed: 1 }) })
        .waitFor();
      expect(await errorItems(page)).toEqual([fillMessage(m.recipientError, { chat: blocked, error: m.errorBlocked })]);
      expect(await messagesOf({ chat_id: blocked })).toEqual([]);
    }));

  it('confirms a large mailing, then shows its progress bar moving to the end and the outcome', () =>
    withPage(async (page) => {
      const seller = await createSeller(baseUrl());
      await signInAs(page, seller);
      const bot = newBot();
      await saveTokenOverApi(seller, bot.token);
      const chats = newChatIds(150);
      for (const chat of chats) await startBot(bot.id, chat);
      await page.goto('/dashboard/mailing');
      await recipientsField(page).fill(chats.join('\n'));
      await messageField(page).fill('<b>Распродажа</b> до пятницы');
      await page.getByLabel(s.parseModeLabel, { exact: true }).selectOption('HTML');
      await sendButton(page).click();

      const dialog = page.getByRole('dialog', { name: s.confirmTitle });
      expect(plainSpaces(await dialog.innerText())).toContain(fillMessage(s.confirmText, { count: 150 }));
      await dialog.getByRole('button', { name: s.confirmSend, exact: true }).click();

      const bar = page.locator('.mailing-outcome').getByRole('progressbar', { name: s.progressLabel });
      await bar.waitFor();
      expect(await bar.getAttribute('aria-valuemax')).toBe('150');
      const seen: number[] = [];
      const outcome = page.getByRole('status').filter({ hasText: mailingOutcomeMessage({ sent: 150, failed: 0 }) });
      await expect
        .poll(
          async () => {
            // The bar leaves the page when the outcome arrives: a read that misses it is no reading.
            const now = (await bar.count()) ? await bar.getAttribute('aria-valuenow', { timeout: 200 }).catch(() => null) : null;
            if (now !== null) seen.push(Number(now));
            return outcome.count();
          },
          { timeout: 45_000, interval: 250 },
        )
        .toBe(1);
      // The bar only moved forward while the mailing ran.
      expect(seen.length).toBeGreaterThan(0);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(seen.every((value) => value <= 150)).toBe(true);
      const received = await messagesOf({ bot_id: bot.id });
      expect(received).toHaveLength(150);
      expect(new Set(received.map((message) => String(message.chat_id)))).toEqual(new Set(chats));
      expect(received.every((message) => message.method === 'sendMessage')).toBe(true);
      await page.locator('.mailing-history__item').first().getByText(s.statusDone, { exact: true }).waitFor();
    }));

  it('checks the form in SPEC order and puts the focus on the first field to fix', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.goto('/dashboard/mailing');
      const token = page.getByLabel(s.tokenLabel, { exact: true });
      await token.waitFor();
      await sendButton(page).click();
      await page.getByText(m.tokenRequiredToSend, { exact: true }).waitFor();
      await expect.poll(() => token.evaluate((input) => input === document.activeElement)).toBe(true);

      // A token typed but not saved is enough to send with.
      await token.fill(newBot().token);
      await recipientsField(page).fill('abc; ;');
      await sendButton(page).click();
      await page.getByText(m.recipientsRequired, { exact: true }).waitFor();
      await expect.poll(() => recipientsField(page).evaluate((input) => input === document.activeElement)).toBe(true);

      await recipientsField(page).fill('12345');
      await sendButton(page).click();
      await page.getByText(m.messageRequired, { exact: true }).waitFor();
      await expect.poll(() => messageField(page).evaluate((input) => input === document.activeElement)).toBe(true);

      // Saving an empty token says so with the save text; a malformed one gets the server's explanation.
      await token.fill('');
      await page.getByRole('button', { name: s.saveToken, exact: true }).click();
      await page.getByText(m.tokenRequiredToSave, { exact: true }).waitFor();
      await token.fill('not-a-token');
      await page.getByRole('button', { name: s.saveToken, exact: true }).click();
      await page.getByText(m.tokenMalformed, { exact: true }).waitFor();
      expect(await token.getAttribute('aria-invalid')).toBe('true');

      // Only png, jpeg and webp pictures are uploaded.
      await page
        .locator('.image-picker input[type=file]')
        .setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await page.getByRole('alert').filter({ hasText: uploadMessages.wrongType }).waitFor();
    }));

  it('follows a running mailing every second and stops it after a confirmation', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      // Emulated answers: this is about the screen's side of a mailing the server runs for minutes.
      // The saved bot answers when the test says: until then nobody knows which bot sends, so no send.
      let answerSettings = () => {};
      const settingsHeld = new Promise<void>((resolve) => (answerSettings = resolve));
      await page.route('**/lk/api/mailing/settings?**', async (route) => {
        await settingsHeld;
        await route.fulfill({ json: { bot_token: '12345…wxyz', bot_username: 'shop_bot' } });
      });
      await page.route('**/lk/api/mailing/history?**', (route) => route.fulfill({ json: { mailings: [], schedules: [] } }));
      let state = { status: 'sending', sent: 0, failed: 0, pending: 40 };
      const mailing = () => ({
        id: 77,
        project_id: null,
        project_name: null,
        total: 40,
        eta_seconds: state.pending,
        text: 'Привет',
        has_image: false,
        parse_mode: null,
        created_at: new Date().toISOString(),
        finished_at: null,
        schedule_id: null,
        has_button: false,
        preparing: false,
        opted_out: 0,
        clicks: 0,
        success: state.failed === 0,
        errors: state.failed ? [{ chat_id: '1001', error: m.errorBlocked }] : [],
        ...state,
      });
      await page.route('**/lk/api/mailing/send', (route) => route.fulfill({ json: mailing() }));
      let polls = 0;
      await page.route('**/lk/api/mailing/77?**', (route) => {
        polls += 1;
        if (state.status === 'sending')
          state = { status: 'sending', sent: Math.min(state.sent + 5, 30), failed: 1, pending: 40 - Math.min(state.sent + 5, 30) - 1 };
        return route.fulfill({ json: { mailing: mailing() } });
      });
      await page.route('**/lk/api/mailing/77/cancel', (route) => {
        state = { status: 'cancelled', sent: state.sent, failed: state.failed, pending: 0 };
        return route.fulfill({ json: { message: m.cancelled, mailing: mailing() } });
      });

      await page.goto('/dashboard/mailing');
      await recipientsField(page).fill(Array.from({ length: 40 }, (_, index) => String(1001 + index)).join(' '));
      await messageField(page).fill('Привет');
      expect(await sendButton(page).isDisabled()).toBe(true);
      answerSettings();
      await sendButton(page).click();
      // A click returns before the request leaves the page: wait for the request itself.
      const sendRequest = page.waitForRequest('**/lk/api/mailing/send');
      await page.getByRole('dialog', { name: s.confirmTitle }).getByRole('button', { name: s.confirmSend, exact: true }).click();
      const sendBody = (await sendRequest).postDataJSON() as Record<string, unknown>;
      // The saved token goes as its mask; the server knows which token that is.
      expect(sendBody).toMatchObject({ bot_token: '12345…wxyz', message: 'Привет', image_url: null, parse_mode: null });
      expect(sendBody.recipient_ids).toHaveLength(40);

      const bar = page.getByRole('progressbar', { name: s.progressLabel });
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 20_000 }).toBe('31');
      expect(polls).toBeGreaterThanOrEqual(6);
      expect(await errorItems(page)).toEqual([fillMessage(m.recipientError, { chat: '1001', error: m.errorBlocked })]);

      await page.getByRole('button', { name: s.cancelMailing, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: s.cancelTitle });
      await dialog.getByText(s.cancelText).waitFor();
      await dialog.getByRole('button', { name: s.cancelMailing, exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: fillMessage(m.partlySent, { sent: 30, failed: 1 }) })
        .waitFor();
      expect(await page.getByRole('alert').filter({ hasText: m.cancelled }).count()).toBe(1);
      expect(await bar.count()).toBe(0);
    }));

  it('shows the upload failure and the send failure texts', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.route('**/lk/api/mailing/settings?**', (route) =>
        route.fulfill({ json: { bot_token: '12345…wxyz', bot_username: 'shop_bot' } }),
      );
      await page.route('**/lk/api/shop/products/upload-image', (route) =>
        route.fulfill({ status: 500, contentType: 'text/html', body: '<html>oops</html>' }),
      );
      await page.route('**/lk/api/mailing/send', (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<!doctype html><title>Bad gateway</title>' }),
      );
      await page.goto('/dashboard/mailing');
      await page
        .locator('.image-picker input[type=file]')
        .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: await pngPicture() });
      await page.getByRole('alert').filter({ hasText: uploadMessages.uploadFailed }).waitFor();
      expect(await page.getByRole('img', { name: p.previewAlt }).count()).toBe(0);

      await recipientsField(page).fill('12345');
      await messageField(page).fill('Привет');
      await sendButton(page).click();
      await page.getByRole('alert').filter({ hasText: m.sendFailed }).waitFor();
    }));

  it.each([
    ['desktop', undefined],
    ['phone', MOBILE],
  ])('fits the screen and axe finds nothing serious, a running mailing included (%s)', (_name, viewport) =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.route('**/lk/api/mailing/settings?**', (route) =>
        route.fulfill({ json: { bot_token: '12345…wxyz', bot_username: 'a_rather_long_shop_name_for_mailings_bot' } }),
      );
      await page.route('**/lk/api/buyers?**', (route) =>
        route.fulfill({
          json: {
            buyers: [
              {
                buyer_id: '1234567890123',
                successful_receipts_count: 12,
                total_amount: 123_456.5,
                last_receipt_at: '2025-06-01T12:00:00.000Z',
                first_name: 'Анастасия',
                username: 'a_very_long_telegram_username',
                level: null,
                points: null,
                held_points: null,
                nearest_expiry: null,
                flags: [],
              },
            ],
            summary: { buyers_count: 1, successful_receipts: 12, total_amount: 123_456.5 },
          },
        }),
      );
      const mailing = (id: number, status: string, sent: number, preparing = false) => ({
        id,
        status,
        preparing,
        project_id: null,
        project_name: null,
        total: 3000,
        sent,
        failed: 2,
        pending: status === 'sending' ? 3000 - sent - 2 : 0,
        eta_seconds: status === 'sending' ? 95 : 0,
        text: 'Очень длинный текст рассылки, который не помещается в одну строку на телефоне и должен аккуратно переноситься',
        has_image: true,
        parse_mode: null,
        created_at: '2025-06-01T12:00:00.000Z',
        finished_at: null,
        schedule_id: null,
        has_button: true,
        opted_out: 5,
        clicks: 1_234,
      });
      await page.route('**/lk/api/mailing/history?**', (route) =>
        route.fulfill({
          json: { mailings: [mailing(2, 'sending', 1200), mailing(1, 'done', 2998), mailing(3, 'sending', 0, true)], schedules: [] },
        }),
      );
      await page.goto('/dashboard/mailing');
      const bar = page.getByRole('progressbar', { name: s.progressLabel });
      await bar.waitFor();
      expect(await bar.getAttribute('aria-valuenow')).toBe('1202');
      expect(plainSpaces(await page.locator('.mailing-history__item').first().innerText())).toContain(
        'Отправлено 1 200 из 3 000, ошибок 2, осталось ~1 мин 35 с',
      );
      // A finished one shows who opted out and how many pressed its button.
      expect(plainSpaces(await page.locator('.mailing-history__item').nth(1).innerText())).toContain(
        `${fillMessage(s.historyOptedOut, { count: 5 })} · ${fillMessage(s.historyClicks, { count: '1 234' })}`,
      );
      // A segment's recipients still being written: how many so far, no bar (nothing is sent yet).
      const preparing = page.locator('.mailing-history__item').nth(2);
      expect(plainSpaces(await preparing.innerText())).toContain(s.statusPreparing);
      expect(plainSpaces(await preparing.getByRole('status').innerText())).toBe(fillMessage(s.preparing, { count: '3 000' }));
      expect(await preparing.getByRole('progressbar').count()).toBe(0);
      await buyerBox(page, '1234567890123').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, viewport),
  );
});

describe('the mailing form and its buyer list on a phone', () => {
  async function sellerWithNamedBuyer(page: Page): Promise<{ buyer: string }> {
    const [buyer] = newChatIds(1) as [string];
    const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
    const bot = newBot();
    const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, telegram_bot_token: bot.token });
    if (created.status !== 201) throw new Error(created.text);
    await startBot(bot.id, buyer);
    const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
    const answer = await seller.api.post('/check', { qrurl: qr, project_id: created.body.project_id, user_id_tg: buyer });
    if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
    await signInAs(page, seller);
    await page.goto('/dashboard/mailing');
    return { buyer };
  }

  it('shows the id and the name apart, every column in view at 375 px, and clears the form after a send with a confirmation', () =>
    withPage(async (page) => {
      const { buyer } = await sellerWithNamedBuyer(page);
      const row = page.getByRole('row').filter({ has: buyerBox(page, buyer) });
      // Both waited for: the name may be drawn a frame before the id beside it.
      await row.getByText('Анна', { exact: true }).waitFor();
      await row.getByText(buyer, { exact: true }).waitFor();
      expect(await row.locator('.buyer-name').textContent()).toBe(`${buyer} Анна`);
      // The id and the name are on lines of their own, not run together.
      const [idBox, nameBox] = await Promise.all([
        row.getByText(buyer, { exact: true }).boundingBox(),
        row.getByText('Анна', { exact: true }).boundingBox(),
      ]);
      expect(nameBox!.y).toBeGreaterThanOrEqual(idBox!.y + idBox!.height - 1);
      // Cards: nothing is cut off or scrolled away sideways.
      const box = page.getByRole('region', { name: s.buyersCaption });
      expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await row.getByText(messages.receiptScreens.columnLastPurchase, { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);

      await buyerBox(page, buyer).check();
      await recipientsField(page).fill(buyer);
      await messageField(page).fill('Скидки выходного дня');
      await sendButton(page).click();
      await page
        .getByRole('status')
        .filter({ hasText: mailingStartedMessage(1) })
        .waitFor();
      expect(await messageField(page).inputValue()).toBe('');
      expect(await recipientsField(page).inputValue()).toBe('');
      expect(await buyerBox(page, buyer).isChecked()).toBe(false);
      await page
        .getByRole('status')
        .filter({ hasText: mailingOutcomeMessage({ sent: 1, failed: 0 }) })
        .waitFor();
    }, MOBILE));

  it('keeps the text and the ticked buyers when the send fails', () =>
    withPage(async (page) => {
      const { buyer } = await sellerWithNamedBuyer(page);
      await buyerBox(page, buyer).check();
      await messageField(page).fill('Скидки выходного дня');
      await page.route('**/lk/api/mailing/send', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: m.sendFailed }) }),
      );
      await sendButton(page).click();
      await page.getByRole('alert').filter({ hasText: m.sendFailed }).waitFor();
      expect(await messageField(page).inputValue()).toBe('Скидки выходного дня');
      expect(await buyerBox(page, buyer).isChecked()).toBe(true);
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: mailingStartedMessage(1) })
          .count(),
      ).toBe(0);
    }, MOBILE));
});
