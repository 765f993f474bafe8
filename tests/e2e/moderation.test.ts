import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import type { ModerationItem, ModerationQueue } from '../../src/contract/moderation.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { actionWithBot, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.moderation;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 10 * BILLING_DEFAULTS.receipt_price_tier1;
const { withPage, withSeller } = useBrowser();

/** An action whose bot takes reviews (50 points) and photos (30 points), signed in on the page. */
async function sellerWithModeration(page: Page): Promise<BotAction> {
  const bot = await actionWithBot(baseUrl(), {}, FUNDS);
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, {
    body: { reviews: { enabled: true, points: 50 }, photos: { enabled: true, points: 30 } },
  });
  if (saved.status !== 200) throw new Error(saved.text);
  await signInAs(page, bot.seller);
  return bot;
}

/** A shopper who bought once sends a picture after a function's button, with a caption. */
async function shopperSends(bot: BotAction, chat: string, button: string, caption: string) {
  const url = baseUrl();
  await shopperSays(url, bot, chat, { text: '/menu' });
  await shopperSays(url, bot, chat, { press: button });
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
  await shopperActs(url, bot.botId, chat, { photo_base64: picture.toString('base64'), caption });
  await eventually(
    async () => ((await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length > before ? true : undefined),
    60_000,
    'the bot to take the picture',
  );
}

async function buys(bot: BotAction, chat: string) {
  await shopperSays(baseUrl(), bot, chat, { text: await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics')) });
}

const sidebarLink = (page: Page) =>
  page.getByRole('navigation', { name: messages.dashboard.navLabel }).getByRole('link', { name: m.navTitle });
/** The sidebar's badge as a screen reader hears it. */
const sidebarCount = (page: Page, count: number) => sidebarLink(page).getByText(fillMessage(m.pendingBadge, { count }));

const card = (page: Page, comment: string) => page.getByRole('article').filter({ hasText: comment });

describe('the moderation queue', () => {
  it(
    'shows each picture with its comment and the shopper’s receipts; «Одобрить» pays, «Отклонить» asks for a reason',
    { timeout: 240_000 },
    () =>
      withPage(async (page) => {
        const bot = await sellerWithModeration(page);
        const chat = newChatId();
        await buys(bot, chat);
        await shopperSends(bot, chat, m.reviewButton, 'Честно: крем хороший');
        await shopperSends(bot, chat, m.photoButton, 'Я с кремом');

        // «Модерация» in the sidebar says how many wait, and leads to the queue.
        await page.goto('/dashboard');
        await sidebarCount(page, 2).waitFor();
        await sidebarLink(page).click();
        await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
        await page.getByLabel(m.actionLabel).selectOption(String(bot.projectId));
        await page.getByText(m.marketplaceRules).waitFor();
        // Exact: the sidebar's badge reads «ждут проверки: 2» too.
        await page.getByText(fillMessage(m.pendingCount, { count: 2 }), { exact: true }).waitFor();

        const review = card(page, 'Честно: крем хороший');
        await review.getByText(m.statusPending).waitFor();
        await review.getByText(fillMessage(m.receiptsTitle, { count: 1, rewarded: 0 })).waitFor();
        const picture = review.getByRole('img', { name: fillMessage(m.pictureAlt, { kind: m.kindReview, shopper: 'Ира' }) });
        await picture.waitFor();
        await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);

        await review.getByRole('button', { name: m.approve }).click();
        await page.getByRole('status').filter({ hasText: m.approvedMessage }).waitFor();
        await review.getByText(fillMessage(m.statusApproved, { points: 50 })).waitFor();
        expect(await review.getByRole('button', { name: m.approve }).count()).toBe(0);
        await sidebarCount(page, 1).waitFor();

        const photo = card(page, 'Я с кремом');
        await photo.getByRole('button', { name: m.reject }).click();
        const dialog = page.getByRole('dialog', { name: m.rejectTitle });
        await dialog.getByRole('button', { name: m.reject }).click();
        await dialog.getByText(m.reasonRequired).waitFor();
        await dialog.getByLabel(m.reasonLabel).fill('Товара не видно');
        await dialog.getByRole('button', { name: m.reject }).click();
        await page.getByRole('status').filter({ hasText: m.rejectedMessage }).waitFor();
        await photo.getByText(fillMessage(m.statusRejected, { reason: 'Товара не видно' })).waitFor();
        await page.getByText(fillMessage(m.pendingCount, { count: 0 })).waitFor();
        await expect.poll(() => sidebarLink(page).textContent()).toBe(m.navTitle);

        // The shopper heard both verdicts.
        for (const text of [
          fillMessage(m.approvedReview, { points: 50, name: 'Aurora', balance: 228 }),
          fillMessage(m.rejectedPhoto, { name: 'Aurora', reason: 'Товара не видно' }),
        ]) {
          await eventually(
            async () => (await telegramMessages(baseUrl(), { bot_id: bot.botId, chat_id: chat })).find((x) => x.text === text),
            60_000,
            text,
          );
        }
      }),
  );

  it('fits a phone, is used with the keyboard, and says when there is nothing to check', { timeout: 240_000 }, () =>
    withPage(async (page) => {
      const bot = await sellerWithModeration(page);
      await page.goto(`/dashboard/moderation?project_id=${bot.projectId}`);
      await page.getByText(m.empty).waitFor();

      const chat = newChatId();
      await shopperSends(bot, chat, m.reviewButton, 'Отзыв без покупки');
      await page.reload();
      const review = card(page, 'Отзыв без покупки');
      await review.getByText(m.noReceipts).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      // Without a successful receipt the server refuses, and says why on the card.
      await review.getByRole('button', { name: m.approve }).focus();
      await page.keyboard.press('Enter');
      await review.getByText(fillMessage(m.noReceiptLeft, { receipts: 0, approved: 0 })).waitFor();

      // «Отклонить» by keyboard: the reason field takes the focus, Esc closes the dialog.
      await review.getByRole('button', { name: m.reject }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await review.getByText(m.statusPending).waitFor();
    }, MOBILE),
  );

  it('reads the queue a page at a time with «Показать ещё» on a phone; the next page asks from the previous one’s cursor', () =>
    withSeller(async (page) => {
      const item = (id: number, comment: string): ModerationItem => ({
        id,
        kind: 'review',
        kind_label: m.kindReview,
        status: 'pending',
        buyer: { tg_id: String(700 + id), name: 'Ира', username: null },
        comment,
        image_url: `/lk/api/moderation/${id}/image`,
        created_at: '2026-11-01T09:00:00.000Z',
        decided_at: null,
        reason: null,
        points: null,
        successful_receipts: 0,
        rewarded: 0,
        receipts: [],
      });
      const cursors: (string | null)[] = [];
      await page.route('**/lk/api/moderation?**', (route) => {
        const cursor = new URL(route.request().url()).searchParams.get('cursor');
        cursors.push(cursor);
        const answer: ModerationQueue =
          cursor === 'page-2'
            ? { pending: 2, items: [item(2, 'Второй отзыв на следующей странице')], next_cursor: null }
            : { pending: 2, items: [item(1, 'Первый отзыв')], next_cursor: 'page-2' };
        return route.fulfill({ json: answer });
      });
      await page.goto('/dashboard/moderation?project_id=1');
      await card(page, 'Первый отзыв').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);

      await page.getByRole('button', { name: messages.receipts.showMore, exact: true }).click();
      const second = card(page, 'Второй отзыв на следующей странице');
      await second.waitFor();
      // The first page asks with no cursor, the next with the first's `next_cursor`.
      expect(cursors[0]).toBeNull();
      expect(cursors).toContain('page-2');
      await expect.poll(() => second.evaluate((article) => article === document.activeElement)).toBe(true);
      expect(await page.getByRole('button', { name: messages.receipts.showMore, exact: true }).count()).toBe(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});
