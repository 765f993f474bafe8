import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { moscowLocalInput } from '../../src/contract/mailing-schedule.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { actionWithBot } from '../support/bot.js';
import { clockCall } from '../support/clock.js';
import { eventually, newChatId, startChats, telegramMessages } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const s = messages.mailingScreen;
const t = messages.mailingScheduleScreen;
const ms = messages.mailingSchedule;
const { withPage } = useBrowser();

/** The app's clock (other tests may have moved it): a time a day ahead of it, as the form's Moscow field takes it. */
async function aDayAhead(): Promise<string> {
  const now = new Date((await clockCall(baseUrl(), 'GET')).body.now as string);
  return moscowLocalInput(new Date(now.getTime() + 24 * 3600_000));
}

const schedulesPanel = (page: Page) => page.getByRole('region', { name: t.schedulesTitle, exact: true });

describe('scheduled mailings and announcements in the cabinet', () => {
  it('a seller schedules a weekly mailing with a link button on a phone, sees it in the history and cancels it', () =>
    withPage(async (page) => {
      const bot = await actionWithBot(baseUrl());
      const chat = newChatId();
      await startChats(baseUrl(), bot.botId, [chat]);
      await signInAs(page, bot.seller);
      await page.goto('/dashboard/mailing');

      await page.getByLabel(s.recipientsLabel, { exact: true }).fill(chat);
      await page.getByLabel(s.messageLabel, { exact: true }).fill('Скидки каждую пятницу');
      await page.getByLabel(t.whenLabel, { exact: true }).selectOption({ label: t.whenWeekly });
      await page.getByText(t.weeklyHint).waitFor();
      // Without a time the form says what is missing and sends nothing.
      await page.getByRole('button', { name: t.schedule, exact: true }).click();
      await page.getByText(t.sendAtRequired, { exact: true }).waitFor();

      const firstRun = await aDayAhead();
      await page.getByLabel(t.sendAtFirstLabel, { exact: true }).fill(firstRun);
      await page.getByLabel(t.buttonLabel, { exact: true }).selectOption({ label: t.buttonLink });
      await page.getByLabel(t.buttonTextLabel, { exact: true }).fill('Каталог');
      await page.getByLabel(t.buttonUrlLabel, { exact: true }).fill('https://aurora.example/catalog');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByRole('button', { name: t.schedule, exact: true }).click();
      await page.getByText(/^Регулярная рассылка запланирована \(каждую неделю\), первая — /).waitFor();

      const panel = schedulesPanel(page);
      await panel.getByText('Скидки каждую пятницу').waitFor();
      await panel.getByText(messages.mailingSchedule.repeatWeekly, { exact: true }).waitFor();
      await panel.getByText(t.statusScheduled, { exact: true }).waitFor();
      await panel.getByText(/^Следующая отправка: \d\d\.\d\d\.\d{4}, \d\d:\d\d МСК · Отправок: 0$/).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      await panel.getByRole('button', { name: t.cancelSchedule, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.cancelScheduleTitle });
      await dialog.getByText(t.cancelScheduleText).waitFor();
      await dialog.getByRole('button', { name: t.cancelSchedule, exact: true }).click();
      await panel.getByText(t.statusCancelled, { exact: true }).waitFor();
      expect(await panel.getByRole('button', { name: t.cancelSchedule }).count()).toBe(0);

      const { schedules } = (await bot.seller.api.get('/mailing/history')).body;
      expect(schedules).toMatchObject([
        { status: 'cancelled', repeat: 'weekly', button: { text: 'Каталог', url: 'https://aurora.example/catalog' } },
      ]);
      expect(new Date(schedules[0].first_run_at)).toEqual(new Date(`${firstRun}:00+03:00`));
    }, MOBILE));

  it('«Анонсировать» on a shop product fills a mailing with its text (and picture) and a button that opens it in the shop', () =>
    withPage(async (page) => {
      const bot = await actionWithBot(baseUrl());
      const chat = newChatId();
      await startChats(baseUrl(), bot.botId, [chat]);
      const { settings } = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
      const product = await bot.seller.api.post('/shop/products', {
        project_id: bot.projectId,
        title: 'Кружка Aurora',
        description: 'Керамика, 350 мл',
        price_points: 50,
      });
      expect(product.status, product.text).toBe(201);
      await signInAs(page, bot.seller);
      await page.goto(`/dashboard/shop?project=${bot.projectId}`);

      await page.getByRole('link', { name: fillMessage(t.announceNamed, { title: 'Кружка Aurora' }), exact: true }).click();
      await page.getByText(fillMessage(t.announcing, { title: 'Кружка Aurora' }), { exact: true }).waitFor();
      expect(await page.getByLabel(s.messageLabel, { exact: true }).inputValue()).toBe('Кружка Aurora\n\nКерамика, 350 мл');
      expect(await page.getByLabel(t.buttonTextLabel, { exact: true }).inputValue()).toBe(t.announceButton);

      await page.getByLabel(s.recipientsLabel, { exact: true }).fill(chat);
      await page.getByRole('button', { name: s.send, exact: true }).click();
      const sent = await eventually(async () =>
        (await telegramMessages(baseUrl(), { bot_id: bot.botId, chat_id: chat })).find((message) =>
          message.text?.startsWith('Кружка Aurora'),
        ),
      );
      expect(sent.reply_markup).toEqual({
        inline_keyboard: [
          [{ text: t.announceButton, web_app: { url: `${settings.shop_url}?product=${product.body.product.id}` } }],
          [{ text: messages.mailingConsent.unsubscribeButton, callback_data: 'mailing:stop' }],
        ],
      });
    }));

  it('«Анонс товара» on a phone takes a Wildberries card link, refuses another link and a missing picture, and sends the card button', () =>
    withPage(async (page) => {
      const bot = await actionWithBot(baseUrl());
      const chat = newChatId();
      await startChats(baseUrl(), bot.botId, [chat]);
      await signInAs(page, bot.seller);
      await page.goto('/dashboard/mailing');

      await page.getByLabel(s.recipientsLabel, { exact: true }).fill(chat);
      await page.getByLabel(s.messageLabel, { exact: true }).fill('Новый крем уже на Wildberries');
      await page.getByLabel(t.buttonLabel, { exact: true }).selectOption({ label: t.buttonMarketplace });
      const link = page.getByLabel(t.marketplaceUrlLabel, { exact: true });
      await page.getByText(t.marketplaceHint).waitFor();
      await link.fill('https://wildberries.ru.example/catalog/1/detail.aspx');
      await page.getByRole('button', { name: s.send, exact: true }).click();
      await page.getByText(ms.marketplaceUrlInvalid, { exact: true }).waitFor();
      await link.fill('https://www.wildberries.ru/catalog/146972802/detail.aspx');
      await page.getByRole('button', { name: s.send, exact: true }).click();
      await page.getByText(ms.announcementNeedsImage, { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: { r: 200, g: 80, b: 40 } } })
        .png()
        .toBuffer();
      await page.locator('.image-picker input[type=file]').setInputFiles({ name: 'krem.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('img', { name: messages.imagePicker.previewAlt }).waitFor();
      await page.getByRole('button', { name: s.send, exact: true }).click();
      const sent = await eventually(async () =>
        (await telegramMessages(baseUrl(), { bot_id: bot.botId, chat_id: chat })).find((message) =>
          message.caption?.startsWith('Новый крем'),
        ),
      );
      expect(sent.method).toBe('sendPhoto');
      const [[button]] = (sent.reply_markup as { inline_keyboard: { text: string; url: string }[][] }).inline_keyboard as [
        [{ text: string; url: string }],
      ];
      expect(button.text).toBe(ms.marketplaceButtonWildberries);
      const opened = await fetch(button.url, { redirect: 'manual' });
      expect(opened.headers.get('location')).toBe('https://www.wildberries.ru/catalog/146972802/detail.aspx');
    }, MOBILE));
});
