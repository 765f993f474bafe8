import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { mailingOutcomeMessage } from '../../src/contract/mailing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { actionWithBot, type BotAction } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, startChats, telegramMessages } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.segments;
const s = messages.mailingScreen;
const { withPage } = useBrowser();
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;

/** A successful receipt of the action whose items are all named `item`. */
async function bought(bot: BotAction, buyer: string, item: string): Promise<void> {
  const change = (r: Record<string, any>) => r.items.forEach((line: { name: string }) => (line.name = item));
  const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics', 1, change));
  const answer = await bot.seller.api.post('/check', { qrurl, project_id: bot.projectId, user_id_tg: buyer });
  if (answer.body?.success !== true) throw new Error(answer.text);
}

/** An action with a bot and three shoppers who started it: two bought a cream, one a shampoo. */
async function actionWithShoppers(): Promise<{ bot: BotAction; cream: string[]; shampoo: string }> {
  const bot = await actionWithBot(baseUrl(), {}, FUNDS);
  const [ira, oleg, vera] = [newChatId(), newChatId(), newChatId()];
  await startChats(baseUrl(), bot.botId, [ira, oleg, vera]);
  await bought(bot, ira, 'Крем ночной');
  await bought(bot, oleg, 'Крем дневной');
  await bought(bot, vera, 'Шампунь');
  return { bot, cream: [ira, oleg], shampoo: vera };
}

const builderOf = (page: Page) => page.getByRole('region', { name: m.builderNew, exact: true });
const liveCount = (page: Page, count: number) =>
  builderOf(page).getByRole('status').getByText(fillMessage(m.liveCount, { count }), { exact: true });

async function buildCreamSegment(page: Page): Promise<void> {
  await page.getByRole('link', { name: m.title, exact: true }).first().click();
  await page.getByRole('heading', { name: m.title, level: 1 }).waitFor();
  await page.getByText(m.empty, { exact: true }).waitFor();
  await page.getByRole('button', { name: m.newSegment, exact: true }).click();
  const builder = builderOf(page);
  // Every shopper of the action matches an empty segment; each condition narrows the live count.
  await liveCount(page, 3).waitFor();
  await builder.getByLabel(m.itemLabel, { exact: true }).fill('крем');
  await liveCount(page, 2).waitFor();
  await builder.getByLabel(m.totalMinLabel, { exact: true }).fill('100000');
  await liveCount(page, 0).waitFor();
  // A wrong value is explained at once, before anything is sent.
  await builder.getByLabel(m.totalMinLabel, { exact: true }).fill('много');
  await builder.getByRole('status').getByText(m.totalInvalid, { exact: true }).waitFor();
  await builder.getByLabel(m.totalMinLabel, { exact: true }).fill('');
  await liveCount(page, 2).waitFor();
  await builder.getByLabel(m.nameLabel, { exact: true }).fill('Любители крема');
  await builder.getByRole('button', { name: m.save, exact: true }).click();
  await page.getByText(m.created, { exact: true }).waitFor();
}

describe('segments in the cabinet', () => {
  it('a seller builds a segment with its live count, sees its shoppers, and sends a mailing to it', () =>
    withPage(async (page) => {
      const { bot, cream, shampoo } = await actionWithShoppers();
      await signInAs(page, bot.seller);
      await page.goto('/dashboard');
      await buildCreamSegment(page);

      const card = page.getByRole('article', { name: 'Любители крема' });
      await card.getByText(fillMessage(m.count, { count: 2 }), { exact: true }).waitFor();
      await card.getByText(`${m.itemLabel}: крем`, { exact: true }).waitFor();
      await card.getByRole('button', { name: m.showBuyers, exact: true }).click();
      const table = card.getByRole('region', { name: fillMessage(m.buyersCaption, { name: 'Любители крема' }) });
      for (const buyer of cream) await table.getByRole('link', { name: buyer, exact: true }).waitFor();
      expect(await table.getByRole('link', { name: shampoo, exact: true }).count()).toBe(0);

      // The mailing page offers «Сегменту» beside the ticked shoppers and typed IDs.
      await page.getByRole('link', { name: messages.dashboard.mailingTitle, exact: true }).first().click();
      await page.getByRole('radio', { name: m.recipientsModeSegment, exact: true }).check();
      expect(await page.getByLabel(s.recipientsLabel, { exact: true }).count()).toBe(0);
      await page.getByLabel(s.messageLabel, { exact: true }).fill('Новый крем уже в продаже');
      await page.getByRole('button', { name: s.send, exact: true }).click();
      await page.getByText(m.segmentRequired, { exact: true }).last().waitFor();
      await page
        .getByLabel(m.segmentLabel, { exact: true })
        .selectOption({ label: fillMessage(m.segmentOption, { name: 'Любители крема', count: 2 }) });
      await page.getByRole('button', { name: s.send, exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: mailingOutcomeMessage({ sent: 2, failed: 0 }) })
        .waitFor();
      const received = await eventually(async () => {
        const said = (await telegramMessages(baseUrl(), { bot_id: bot.botId })).filter(
          (message) => message.text === 'Новый крем уже в продаже',
        );
        return said.length >= 2 ? said : undefined;
      });
      expect(received.map((message) => String(message.chat_id)).sort()).toEqual([...cream].sort());
    }));

  it('works at 375 px: the builder, the live count and the buyers fit the phone', () =>
    withPage(async (page) => {
      const { bot } = await actionWithShoppers();
      await signInAs(page, bot.seller);
      await page.goto('/dashboard/segments');
      await page.getByRole('heading', { name: m.title, level: 1 }).waitFor();
      await page.getByRole('button', { name: m.newSegment, exact: true }).click();
      await liveCount(page, 3).waitFor();
      await builderOf(page).getByLabel(m.monthLabel, { exact: true }).selectOption({ label: 'Март' });
      await liveCount(page, 0).waitFor();
      await builderOf(page).getByLabel(m.monthLabel, { exact: true }).selectOption({ label: m.anyValue });
      await builderOf(page).getByLabel(m.itemLabel, { exact: true }).fill('шампунь');
      await liveCount(page, 1).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.segments-page' })).toEqual([]);

      await builderOf(page).getByLabel(m.nameLabel, { exact: true }).fill('Шампунь');
      await builderOf(page).getByRole('button', { name: m.save, exact: true }).click();
      await page.getByText(m.created, { exact: true }).waitFor();
      const card = page.getByRole('article', { name: 'Шампунь' });
      await card.getByRole('button', { name: m.showBuyers, exact: true }).click();
      await card.getByText(m.columnLastPurchase).first().waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.segments-page' })).toEqual([]);
    }, MOBILE));
});
