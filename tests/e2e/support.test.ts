import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import type { SupportThreadList, SupportThreadSummary } from '../../src/contract/support.js';
import { actionWithBot, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.support;
const { withPage, withSeller } = useBrowser();

/** An action whose bot has «Написать в поддержку» on, its seller signed in on the page. */
async function sellerWithSupport(page: Page): Promise<BotAction> {
  const bot = await actionWithBot(baseUrl());
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: { support: { enabled: true } } });
  if (saved.status !== 200) throw new Error(saved.text);
  await signInAs(page, bot.seller);
  return bot;
}

/** The shopper presses «Написать в поддержку», writes, and sends a photo; both are in the thread once this returns. */
async function shopperWrites(bot: BotAction, chat: string, text: string) {
  const url = baseUrl();
  await shopperSays(url, bot, chat, { text: '/menu' });
  await shopperSays(url, bot, chat, { press: m.button });
  await shopperActs(url, bot.botId, chat, { text });
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .jpeg()
    .toBuffer();
  await shopperActs(url, bot.botId, chat, { photo_base64: picture.toString('base64') });
  await eventually(
    async () => {
      const [thread] = (await bot.seller.api.get<SupportThreadList>(`/support/threads?project_id=${bot.projectId}`)).body.threads;
      return thread && thread.messages_count >= 2 ? true : undefined;
    },
    60_000,
    'the shopper’s messages to be stored',
  );
}

const supportLink = (page: Page) =>
  page.getByRole('navigation', { name: messages.dashboard.navLabel }).getByRole('link', { name: new RegExp(`^${m.title}`) });

describe('«Сообщения»', () => {
  it('the sidebar counts unanswered conversations; a conversation is opened, answered and closed', { timeout: 240_000 }, () =>
    withPage(async (page) => {
      const bot = await sellerWithSupport(page);
      const chat = newChatId();
      await shopperWrites(bot, chat, 'Когда придёт заказ?');

      await page.goto('/dashboard');
      await supportLink(page)
        .getByText(fillMessage(m.unansweredBadge, { count: 1 }))
        .waitFor();
      await supportLink(page).click();
      await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
      // exact: the sidebar's badge says the same in lower case, for screen readers.
      await page.getByText(fillMessage(m.unansweredCount, { count: 1 }), { exact: true }).waitFor();
      const row = page.getByRole('link', { name: /Ира/ });
      await row.getByText(m.unanswered).waitFor();
      await row.getByText(m.photo).waitFor();
      await row.click();

      await page.getByRole('heading', { level: 1, name: fillMessage(m.threadTitle, { shopper: 'Ира' }) }).waitFor();
      await page.getByText('Когда придёт заказ?').waitFor();
      const picture = page.getByRole('img', { name: m.pictureAlt });
      await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
      const buyer = page.getByRole('complementary', { name: /Покупатель/ });
      await buyer.getByText(fillMessage(m.buyerPoints, { points: 0 })).waitFor();
      await buyer.getByText(m.noReceipts).waitFor();

      await page.getByLabel(m.replyLabel).fill('Завтра до обеда');
      await page.getByRole('button', { name: m.send }).click();
      await page.getByRole('status').filter({ hasText: m.replied }).waitFor();
      await page.getByText('Завтра до обеда').waitFor();
      await page.getByText(m.deliverySent, { exact: true }).waitFor();
      await eventually(
        async () => (await telegramMessages(baseUrl(), { bot_id: bot.botId, chat_id: chat })).find((x) => x.text === 'Завтра до обеда'),
        60_000,
        'the reply to reach the shopper',
      );
      await expect
        .poll(() =>
          supportLink(page)
            .getByText(fillMessage(m.unansweredBadge, { count: 1 }))
            .count(),
        )
        .toBe(0);

      await page.getByRole('button', { name: m.close }).click();
      await page.getByRole('status').filter({ hasText: m.closedMessage }).waitFor();
      await page.getByText(m.closedNote).waitFor();
      expect(await page.getByLabel(m.replyLabel).count()).toBe(0);

      await page.getByRole('link', { name: m.back }).click();
      await page.getByLabel(m.statusLabel).selectOption('closed');
      await page.getByRole('link', { name: /Ира/ }).getByText(m.closed).waitFor();
    }),
  );

  it('fits a phone, is used with the keyboard, and says when there is nothing yet', { timeout: 240_000 }, () =>
    withPage(async (page) => {
      const bot = await sellerWithSupport(page);
      await page.goto('/dashboard/support');
      await page.getByText(m.empty).waitFor();

      const chat = newChatId();
      await shopperWrites(bot, chat, 'Вопрос с телефона');
      await page.reload();
      await page.getByRole('link', { name: /Ира/ }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: /Ира/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Вопрос с телефона').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      // An empty reply is refused on the page with the shared schema's message.
      await page.getByRole('button', { name: m.send }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(m.replyRequired).waitFor();
      await page.getByLabel(m.replyLabel).focus();
      await page.keyboard.type('Ответ с клавиатуры');
      await page.getByRole('button', { name: m.send }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: m.replied }).waitFor();
      await page.getByText('Ответ с клавиатуры').waitFor();
    }, MOBILE),
  );

  it('reads the inbox a page at a time with «Показать ещё» on a phone; the next page asks from the previous one’s cursor', () =>
    withSeller(async (page) => {
      const summary = (id: number, name: string): SupportThreadSummary => ({
        id,
        project_id: 1,
        project_name: 'Aurora',
        buyer: { tg_id: String(700 + id), name, username: null },
        status: 'open',
        unanswered: true,
        created_at: '2026-11-01T09:00:00.000Z',
        last_message_at: '2026-11-01T09:00:00.000Z',
        closed_at: null,
        last_text: 'Где мой заказ?',
        messages_count: 1,
      });
      const cursors: (string | null)[] = [];
      await page.route('**/lk/api/support/threads?**', (route) => {
        const query = new URL(route.request().url()).searchParams;
        // The sidebar's badge asks for one open thread for its count.
        if (query.get('limit') === '1')
          return route.fulfill({ json: { unanswered: 2, threads: [summary(1, 'Ира')], next_cursor: 'page-2' } });
        cursors.push(query.get('cursor'));
        const answer: SupportThreadList =
          query.get('cursor') === 'page-2'
            ? { unanswered: 2, threads: [summary(2, 'Константин Константинопольский')], next_cursor: null }
            : { unanswered: 2, threads: [summary(1, 'Ира')], next_cursor: 'page-2' };
        return route.fulfill({ json: answer });
      });
      await page.goto('/dashboard/support');
      await page.getByRole('link', { name: /Ира/ }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);

      await page.getByRole('button', { name: messages.receipts.showMore, exact: true }).click();
      const second = page.getByRole('link', { name: /Константин Константинопольский/ });
      await second.waitFor();
      // The first page asks with no cursor, the next with the first's `next_cursor`.
      expect(cursors[0]).toBeNull();
      expect(cursors).toContain('page-2');
      await expect.poll(() => second.evaluate((link) => link === document.activeElement)).toBe(true);
      expect(await page.getByRole('button', { name: messages.receipts.showMore, exact: true }).count()).toBe(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, MOBILE));
});
