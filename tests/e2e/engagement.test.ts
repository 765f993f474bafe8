import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { actionWithBot, shopperSays } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { newChatId } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const e = messages.engagement;
const b = messages.birthday;
const d = messages.dailyBonus;
const { withPage } = useBrowser();

/** A signed-in seller whose action's bot has birthdays and the daily bonus on. */
async function actionWithFunctions() {
  const bot = await actionWithBot(baseUrl());
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, {
    body: { birthday: { enabled: true }, daily_bonus: { enabled: true, min_points: 4, max_points: 4 } },
  });
  if (saved.status !== 200) throw new Error(saved.text);
  return bot;
}

describe('the engagement results', () => {
  it('list the birthday a shopper gave and the daily bonus they took, readable at 375 px', () =>
    withPage(async (page) => {
      const bot = await actionWithFunctions();
      const chat = newChatId();
      const url = baseUrl();
      await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
      await shopperSays(url, bot, chat, { text: '/menu' });
      await shopperSays(url, bot, chat, { press: messages.botFeatures.nameDailyBonus });
      await shopperSays(url, bot, chat, { press: messages.botFeatures.nameBirthday });
      await shopperSays(url, bot, chat, { text: '15.03' });

      await signInAs(page, bot.seller);
      await page.goto(`/dashboard/action/${bot.projectId}/engagement`);
      await page.getByRole('heading', { level: 1, name: e.title }).waitFor();
      const given = page.getByRole('table', { name: b.resultsGiven });
      await given
        .getByRole('row')
        .filter({ hasText: `Ира (${chat})` })
        .filter({ hasText: '15.03' })
        .waitFor();
      await page.getByText(b.resultsNoneGreeted).waitFor();
      const bonuses = page.getByRole('table', { name: d.resultsTitle });
      expect(
        await bonuses
          .getByRole('row')
          .filter({ hasText: `Ира (${chat})` })
          .innerText(),
      ).toContain('4');
      const figures = page.locator('.engagement__figures');
      for (const term of [d.resultsShoppersToday, d.resultsShoppersMonth])
        expect(await figures.getByText(term).locator('..').innerText()).toBe(`${term}\n1`);
      for (const term of [d.resultsPointsToday, d.resultsPointsMonth])
        expect(await figures.getByText(term).locator('..').innerText()).toBe(`${term}\n4`);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: e.backToAction }).click();
      await page.waitForURL((address) => address.pathname === `/dashboard/action/${bot.projectId}`);
    }, MOBILE));

  it('say so when nobody took part yet, and refuse an address that is no action', () =>
    withPage(async (page) => {
      const bot = await actionWithFunctions();
      await signInAs(page, bot.seller);
      await page.goto(`/dashboard/action/${bot.projectId}/engagement`);
      await page.getByText(b.resultsNoneGiven).waitFor();
      await page.getByText(d.resultsNone).waitFor();
      await page.goto('/dashboard/action/abc/engagement');
      await page.getByText(messages.actionPage.invalidId).waitFor();
    }));
});
