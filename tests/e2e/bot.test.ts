import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import type { Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { newBotToken, newChatId } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, receiptPhotoFile, seriousViolations, signInAs, useBrowser } from './helpers.js';

const b = messages.bot;
const s = messages.receiptScreens;
const WB_SELLER = '072196655529';
const { withPage } = useBrowser();
const masked = (token: string) => `${token.slice(0, 5)}…${token.slice(-4)}`;

async function sellerWithAction(
  page: Page,
  settings: Record<string, unknown> = {},
  actions = 1,
): Promise<{ seller: Seller; actionId: number }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price * actions + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, ...settings });
  if (created.status !== 201) throw new Error(created.text);
  await signInAs(page, seller);
  return { seller, actionId: created.body.project_id };
}

const chatLog = (page: Page) => page.getByRole('log');
const botSays = (page: Page, text: string): Locator => chatLog(page).locator('.demo-chat__bubble--bot', { hasText: text });
const tokenField = (page: Page) => page.getByLabel(b.tokenLabel, { exact: true });

describe('the shoppers’ bot: demo chat', () => {
  it(
    'a shopper greets the bot, sends a receipt photo, earns points and asks the balance; the cabinet shows the receipt and the buyer’s name',
    { timeout: 180_000 },
    () =>
      withPage(async (page, context) => {
        const { token, botId } = newBotToken();
        const { actionId } = await sellerWithAction(page, { telegram_bot_token: token });
        const shopperId = newChatId();

        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(String(error.stack)));
        await page.goto(`/__emulators/telegram/chat?bot_id=${botId}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('.demo-chat__shopper summary').click();
        await page.getByLabel('Telegram ID покупателя').fill(shopperId);
        await page.getByLabel('Имя', { exact: true }).fill('Ира');
        await page.getByLabel('Username (без @)').fill('ira_buyer');

        await page.getByRole('button', { name: '/start', exact: true }).click();
        // The first answer waits for the bot's long polling to start, which can take a while on a busy machine.
        await botSays(page, '«Aurora»')
          .waitFor({ timeout: 40_000 })
          .catch(async (error: unknown) => {
            throw new Error(
              `${String(error)}\n--- ${page.url()} errors: ${pageErrors.join('\n')}\n--- the page shows:\n${await page.locator('body').innerText()}`,
            );
          });
        // The greeting's inline button: Telegram shows inline buttons under the message.
        const balanceButton = botSays(page, '«Aurora»')
          .getByRole('group', { name: 'Кнопки под сообщением' })
          .getByRole('button', { name: b.balanceButton, exact: true });
        await balanceButton.waitFor();
        expect(await hasHorizontalOverflow(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByLabel('Фото чека', { exact: true }).setInputFiles(await receiptPhotoFile());
        await botSays(page, b.newBalance.replace('{points}', '178 баллов')).waitFor({ timeout: 45_000 });

        await balanceButton.click();
        await botSays(page, 'Ваши баллы в акции «Aurora»: 178.').waitFor();

        await page.goto(`/dashboard/action/${actionId}`);
        const history = page.getByRole('region', { name: s.actionHistoryTitle, exact: true });
        await history.getByRole('article').filter({ hasText: shopperId }).waitFor();

        await page.goto('/dashboard/buyers');
        const row = page.getByRole('table', { name: s.buyersCaption }).getByRole('row').filter({ hasText: shopperId });
        await row.waitFor();
        expect(await row.innerText()).toContain('Ира @ira_buyer');

        // The chat opened again from the action page: the whole conversation, both sides, and «Тестовый чек».
        await page.goto(`/dashboard/action/${actionId}`);
        await page.getByText(messages.actionScreens.sectionBot, { exact: true }).click();
        const [chat] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: b.openDemoChat }).click()]);
        const bubbles = chat.getByRole('log').getByRole('listitem');
        await bubbles.filter({ hasText: 'Ваши баллы в акции «Aurora»: 178.' }).waitFor();
        expect(await bubbles.allTextContents()).toEqual([
          expect.stringMatching(/^Вы: \/start/),
          expect.stringMatching(/^Бот: [\s\S]*«Aurora»/),
          expect.stringMatching(/^Вы: Фото чека/),
          expect.stringMatching(/^Бот: [\s\S]*178 баллов/),
          expect.stringMatching(/^Бот: Ваши баллы в акции «Aurora»: 178\./),
        ]);
        // The photo shows as Telegram's preview of it, kept by the emulator too.
        const photo = chat.getByRole('log').locator('img');
        await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        const testReceipt = chat.getByRole('button', { name: 'Отправить боту фото тестового чека акции', exact: true });
        await testReceipt.waitFor();
        // On the phone's screen, not clipped by the chat panel.
        const box = (await testReceipt.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
        await testReceipt.click({ trial: true });
        expect(await hasHorizontalOverflow(chat)).toBe(false);
      }, MOBILE),
  );
});

describe('the shoppers’ bot: the action form', () => {
  it('saves a bot token, shows it masked with the bot’s @username and the demo links; a second action with the same token is refused at the field', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page, {}, 2);
      const { token, botId } = newBotToken();
      await page.goto(`/dashboard/action/${actionId}`);
      await page.getByText(messages.actionScreens.sectionBot, { exact: true }).click();
      await page.getByRole('heading', { name: b.formTitle }).waitFor();
      await tokenField(page).fill(token);
      await page.getByRole('button', { name: messages.actionScreens.save, exact: true }).click();
      await expect.poll(() => tokenField(page).inputValue(), { timeout: 15_000 }).toBe(masked(token));
      // In demo mode the bot lives only in the emulator: its @username opens the same demo chat, for this action.
      const demoChat = `/__emulators/telegram/chat?bot_id=${botId}&action_id=${actionId}`;
      expect(await page.getByRole('link', { name: new RegExp(`^@.*${botId}`) }).getAttribute('href')).toBe(demoChat);
      expect(await page.getByRole('link', { name: b.openDemoChat }).getAttribute('href')).toBe(demoChat);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.action-settings' })).toEqual([]);

      // The demo receipt's QR picture downloads, ready to upload in the demo chat.
      await page.getByRole('button', { name: s.demoReceipt, exact: true }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: b.downloadQr, exact: true }).click();
      expect((await download).suggestedFilename()).toBe('receipt-qr.png');

      const second = await seller.api.post('/projects', { name: 'Другая', project_inns: WB_SELLER });
      await page.goto(`/dashboard/action/${second.body.project_id}`);
      await page.getByText(messages.actionScreens.sectionBot, { exact: true }).click();
      await tokenField(page).fill(token);
      await page.getByRole('button', { name: messages.actionScreens.save, exact: true }).click();
      await page.getByText(b.tokenTaken).waitFor();
      expect(await tokenField(page).getAttribute('aria-invalid')).toBe('true');

      // The chat opened from the action page offers «Тестовый чек» of that action.
      await page.goto(demoChat);
      await page.getByRole('button', { name: 'Отправить боту фото тестового чека акции', exact: true }).getByText('Тестовый чек').waitFor();
    }, MOBILE));
});
