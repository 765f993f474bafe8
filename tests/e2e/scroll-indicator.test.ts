import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { SCROLL_INDICATOR_CLEAR_MS } from '../../src/contract/constants.js';
import { createSeller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { newBotToken } from '../support/telegram.js';
import { MOBILE, baseUrl, signInAs, useBrowser } from './helpers.js';

// SPEC §9: «A scroll indicator clears 600 ms after scrolling». Time is the page's fake clock,
// so the test neither sleeps nor depends on the machine's speed.
const { withPage } = useBrowser();
const TABLET = { width: 640, height: 900 };

const indicator = (page: Page) => page.locator('.scroll-indicator');

/** The indicator shows while the list scrolls, is still there a moment before 600 ms, and is gone at 600 ms. */
async function expectIndicatorClears(page: Page, scroll: () => Promise<void>): Promise<void> {
  expect(await indicator(page).count()).toBe(0);
  // An installed clock still runs at real speed; paused, only runFor moves it, so a busy machine
  // cannot let the 600 ms pass between the scroll and the first check.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await scroll();
  await indicator(page).waitFor();
  await page.clock.runFor(SCROLL_INDICATOR_CLEAR_MS - 100);
  expect(await indicator(page).count()).toBe(1);
  await page.clock.runFor(100);
  await expect.poll(() => indicator(page).count()).toBe(0);
}

describe('the scroll indicator', () => {
  it('shows while a cabinet table scrolls sideways and clears 600 ms after it stops', () =>
    withPage(async (page) => {
      const seller = await createSeller(baseUrl());
      await page.clock.install();
      await signInAs(page, seller);
      // Long names make the buyers table wider than a phone.
      await page.route('**/lk/api/buyers?**', (route) =>
        route.fulfill({
          json: {
            buyers: Array.from({ length: 30 }, (_, index) => ({
              buyer_id: String(9_000_000_000 + index),
              successful_receipts_count: index,
              total_amount: 123_456.5,
              last_receipt_at: '2025-06-01T12:00:00.000Z',
              first_name: 'Анастасия-Александра',
              username: `a_very_long_telegram_username_${index}`,
              level: null,
              points: null,
              held_points: null,
              nearest_expiry: null,
              flags: [],
            })),
            summary: { buyers_count: 30, successful_receipts: 435, total_amount: 3_703_695 },
          },
        }),
      );
      await page.goto('/dashboard/mailing');
      const box = page.getByRole('region', { name: 'Покупатели для рассылки' });
      await box.locator('tbody tr').first().waitFor();
      expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      // (A tablet width: on a phone the list is cards, which do not scroll sideways.)
      await expectIndicatorClears(page, () => box.evaluate((element) => element.scrollBy({ left: 120 })));
      // Scrolling again shows it again.
      await box.evaluate((element) => element.scrollBy({ left: 40 }));
      await indicator(page).waitFor();
    }, TABLET));

  it('shows while the shop’s product list scrolls and clears 600 ms after it stops', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
      const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' })).body.project_id as number;
      await seller.api.post('/mailing/settings', { bot_token: newBotToken().token });
      const { settings } = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body;
      for (let index = 0; index < 12; index++) {
        await seller.api.post('/shop/products', {
          project_id: projectId,
          title: `Товар ${index + 1}`,
          price_points: 10 + index,
          description: 'Описание товара',
          image_url: null,
        });
      }
      await page.clock.install();
      await page.goto(`/shop/${settings.token}`);
      await page.getByText('Товар 12', { exact: true }).waitFor();
      await expectIndicatorClears(page, () => page.evaluate(() => window.scrollBy({ top: 400 })));
    }, MOBILE));
});
