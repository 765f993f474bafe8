import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, signInAs, useBrowser, type Viewport } from './helpers.js';

// Issue 14, "Phone layout and details": tables, the top bar, the project filter.
const s = messages.receiptScreens;
const { withPage } = useBrowser();
const DESKTOP: Viewport = { width: 1440, height: 900 };
const WB_SELLER = '072196655529'; // the supplier INN on the Wildberries fixture receipt
const LONG_NAME = 'Весенняя распродажа косметики Aurora для постоянных покупателей маркетплейса';

/** A signed-in seller whose long-named action accepted the Wildberries receipt from buyer 100500. */
async function sellerWithReceipt(page: Page): Promise<void> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: LONG_NAME, project_inns: WB_SELLER });
  const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics', 2));
  const answer = await seller.api.post('/check', { qrurl: qr, project_id: created.body.project_id, user_id_tg: '100500' });
  if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
  await signInAs(page, seller);
}

/**
 * Every cell of the table is fully inside the window and its box (nothing cut off, nothing
 * waiting behind a sideways scroll), and no cell's text is clipped.
 */
async function expectWholeTable(page: Page, table: Locator): Promise<void> {
  await table.locator('tbody td').first().waitFor();
  const problems = await table.evaluate((element) => {
    const box = element.closest('.table-scroll') ?? element;
    const limit = Math.min(window.innerWidth, box.getBoundingClientRect().right) + 0.5;
    return [...element.querySelectorAll('tbody td')]
      .filter((cell) => cell.getBoundingClientRect().right > limit || cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => (cell as HTMLElement).innerText);
  });
  expect(problems).toEqual([]);
  expect(await hasHorizontalOverflow(page)).toBe(false);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('on %s', (_size, viewport) => {
  it('the buyers table shows every column, the sum and the last purchase included', () =>
    withPage(async (page) => {
      await sellerWithReceipt(page);
      await page.goto('/dashboard/buyers');
      const table = page.getByRole('table', { name: s.buyersCaption });
      await expectWholeTable(page, table);
      const row = table.locator('tbody tr').first();
      for (const text of ['100500', '1 786 ₽']) await row.getByText(text, { exact: true }).waitFor();
      expect(await row.getByText(/^\d\d\.\d\d\.\d{4}$/).isVisible()).toBe(true);
      // Sorting still works from the header.
      await table.getByRole('button', { name: s.columnAmount }).click();
      expect(await table.getByRole('columnheader', { name: s.columnAmount }).getAttribute('aria-sort')).toBe('ascending');
    }, viewport));

  it("a receipt's items table shows every column", () =>
    withPage(async (page) => {
      await sellerWithReceipt(page);
      await page.goto('/dashboard/history');
      await page
        .getByRole('button', { name: /^Товары \(\d+\)$/ })
        .first()
        .click();
      const table = page.getByRole('table', { name: /^Товары чека от/ });
      await expectWholeTable(page, table);
      await table.getByText(s.itemCounted).first().waitFor();
    }, viewport));

  it("the top bar is opaque, and a long action name in the project filter ends in '…' with the full name as its title", () =>
    withPage(async (page) => {
      await sellerWithReceipt(page);
      await page.goto('/dashboard/history');
      const background = await page.getByRole('banner').evaluate((bar) => getComputedStyle(bar).backgroundColor);
      expect(background).toBe('rgb(255, 255, 255)');

      const filter = page.getByLabel(s.projectFilter, { exact: true });
      await filter.selectOption({ label: LONG_NAME });
      await expect.poll(() => filter.getAttribute('title')).toBe(LONG_NAME);
      const style = await filter.evaluate((select) => ({
        overflow: getComputedStyle(select).textOverflow,
        wraps: getComputedStyle(select).whiteSpace,
      }));
      expect(style).toEqual({ overflow: 'ellipsis', wraps: 'nowrap' });
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, viewport));
});
