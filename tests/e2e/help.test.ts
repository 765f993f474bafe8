import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BOT_FEATURE_GUIDES, BOT_FEATURE_KEYS } from '../../src/contract/bot-features.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { formatDays, formatRubles } from '../../src/contract/format.js';
import { ACTION_SUBSCRIPTION_DAYS } from '../../src/contract/billing.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, signInAs, useBrowser } from './helpers.js';

const h = messages.help;
const s = messages.actionScreens;
const { withPage } = useBrowser();

async function sellerWithAction(): Promise<{ seller: Seller; id: number }> {
  const seller = await createFundedSeller(baseUrl(), 6_000);
  const answer = await seller.api.post('/projects', { name: 'Весенняя акция', project_inns: '7707083893' });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.text}`);
  return { seller, id: answer.body.project_id as number };
}

const helpButton = (page: Page, topic: string) => page.getByRole('button', { name: fillMessage(h.tipLabel, { topic }), exact: true });

describe('the «?» explanations', () => {
  it('open by click or keyboard beside the action form fields, describe their button and close with Escape, at 375 px', () =>
    withPage(async (page) => {
      const { seller, id } = await sellerWithAction();
      await signInAs(page, seller);
      await page.goto(`/dashboard/action/${id}/edit`);

      const validity = helpButton(page, s.validityLabel);
      expect(await validity.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByText(h.validityDays, { exact: true }).isVisible()).toBe(false);
      await validity.click();
      await page.getByText(h.validityDays, { exact: true }).waitFor();
      expect(await validity.getAttribute('aria-expanded')).toBe('true');
      expect(await validity.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
        h.validityDays,
      );
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.keyboard.press('Escape');
      await page.getByText(h.validityDays, { exact: true }).waitFor({ state: 'hidden' });
      expect(await validity.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await validity.getAttribute('aria-describedby')).toBeNull();

      // Keyboard only: Enter on the focused «?» shows the text, a second Enter hides it.
      const duplicates = helpButton(page, s.duplicatesLabel);
      await duplicates.focus();
      await page.keyboard.press('Enter');
      await page.getByText(h.duplicates, { exact: true }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByText(h.duplicates, { exact: true }).waitFor({ state: 'hidden' });

      // The PuzzleBot fields, in the bot section.
      await page.getByText(s.sectionBot, { exact: true }).click();
      await helpButton(page, s.botTokenLabel).click();
      await page.getByText(h.puzzleBotToken, { exact: true }).waitFor();
      await helpButton(page, s.pointsVariableLabel).click();
      await page.getByText(h.pointsVariable, { exact: true }).waitFor();
      // The «?» does not take over the field's own label.
      await page.getByLabel(s.botTokenLabel, { exact: true }).fill('abc');
    }, MOBILE));

  it('explain the API key under «Для разработчиков», closed by default', () =>
    withPage(async (page) => {
      const { seller, id } = await sellerWithAction();
      await signInAs(page, seller);
      await page.goto(`/dashboard/action/${id}`);
      const developers = page.locator('details').filter({ has: page.getByText(h.forDevelopers, { exact: true }) });
      await developers.waitFor();
      expect(await developers.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      expect(await page.getByText('X-Api-Key', { exact: false }).isVisible()).toBe(false);
      await page.getByText(h.forDevelopers, { exact: true }).click();
      await page.getByText('X-Api-Key', { exact: false }).waitFor();
      await helpButton(page, s.apiKeyLabel).click();
      await page.getByText(h.apiKey, { exact: true }).waitFor();
    }, MOBILE));

  it("stand beside the shop settings' PuzzleBot fields", () =>
    withPage(async (page) => {
      const { seller } = await sellerWithAction();
      await signInAs(page, seller);
      await page.goto('/dashboard/shop');
      const shop = messages.shopScreen;
      for (const [topic, text] of [
        [shop.puzzleBotToken, h.shopPuzzleBotToken],
        [shop.commandName, h.shopCommand],
        [shop.variableTitle, h.shopVariableTitle],
        [shop.variablePrice, h.shopVariablePrice],
      ] as const) {
        await helpButton(page, topic).click();
        await page.getByText(text, { exact: true }).waitFor();
      }
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});

describe('the help page', () => {
  it('is in the sidebar, explains the product in short sections and shows the live prices at 375 px', () =>
    withPage(async (page) => {
      const seller = await createSeller(baseUrl());
      await signInAs(page, seller);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: messages.dashboard.menuToggle, exact: true }).click();
      await page
        .getByRole('navigation', { name: messages.dashboard.navLabel })
        .getByRole('link', { name: messages.dashboard.helpTitle, exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === '/dashboard/help');
      await page.getByRole('heading', { level: 1, name: messages.helpPage.title }).waitFor();
      const hp = messages.helpPage;
      for (const title of [
        hp.earnTitle,
        hp.checkTitle,
        hp.pricesTitle,
        fillMessage(hp.suspendedTitle, { status: messages.actions.suspended }),
        hp.tokenTitle,
        hp.shopTitle,
        hp.featuresTitle,
        hp.mailingTitle,
        hp.invoiceTitle,
      ]) {
        await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      }
      // A section per bot function of the contract's list: what the shopper sees, how to try it in the demo chat.
      for (const key of BOT_FEATURE_KEYS) {
        const guide = BOT_FEATURE_GUIDES[key];
        const section = page.getByRole('region', { name: guide.name, exact: true });
        await section.getByRole('heading', { level: 3, name: guide.name, exact: true }).waitFor();
        for (const [term, text] of [
          [hp.shopperSees, guide.shopperSees],
          [hp.tryInDemo, guide.tryInDemo],
        ]) {
          await section.getByRole('term').filter({ hasText: term! }).waitFor();
          await section.getByRole('definition').filter({ hasText: text! }).waitFor();
        }
      }
      // The prices are the billing settings the server answers with, not numbers in the text.
      const prices = (await seller.api.get('/billing/settings?setting_key=account_activation_price,project_subscription_price'))
        .body as Record<string, { value: number }>;
      await page
        .getByText(fillMessage(hp.priceActivation, { price: formatRubles(prices.account_activation_price!.value) }), { exact: true })
        .waitFor();
      await page
        .getByText(
          fillMessage(hp.priceSubscription, {
            price: formatRubles(prices.project_subscription_price!.value),
            days: formatDays(ACTION_SUBSCRIPTION_DAYS),
          }),
          { exact: true },
        )
        .waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});
