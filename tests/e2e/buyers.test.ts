import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { formatRubles } from '../../src/web/lib/format.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const r = messages.receipts;
const s = messages.receiptScreens;
const WB_SELLER = '072196655529'; // the supplier INN on the Wildberries fixture receipt
const { withPage } = useBrowser();

/**
 * A signed-in seller whose action 'Aurora' has accepted the Wildberries receipt (1 786 ₽)
 * once from buyer 100500 (bought 2 days ago) and twice (duplicates are allowed) from
 * buyer 200 (bought yesterday).
 */
async function sellerWithBuyers(page: Page): Promise<{ seller: Seller; actionId: number }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  const actionId: number = created.body.project_id;
  for (const [buyer, qr] of [
    ['100500', await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics', 2))],
    ['200', await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'))],
  ] as const) {
    const times = buyer === '200' ? 2 : 1;
    for (let time = 0; time < times; time++) {
      const answer = await seller.api.post('/check', { qrurl: qr, project_id: actionId, user_id_tg: buyer });
      if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
    }
  }
  await signInAs(page, seller);
  return { seller, actionId };
}

const table = (page: Page) => page.getByRole('table', { name: s.buyersCaption });
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name });
const buyerIds = (page: Page) => table(page).locator('tbody tr td:nth-child(2)').allInnerTexts();
const summaryValue = (page: Page, term: string) =>
  page.locator('.buyers-summary dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
const rowOf = (page: Page, buyer: string): Locator =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: buyer, exact: true }) });

describe('buyers', () => {
  it('shows the summary and each buyer; a column header cycles ascending → descending → none; filters keep a recent buyer', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithBuyers(page);
      await page.goto('/dashboard/buyers');
      await table(page).waitFor();
      expect(await summaryValue(page, s.summaryBuyers).innerText()).toBe('2');
      expect(await summaryValue(page, s.summaryReceipts).innerText()).toBe('3');
      expect(await summaryValue(page, s.summaryAmount).innerText()).toBe(formatRubles(3 * 1786));
      const cells = await rowOf(page, '100500').getByRole('cell').allInnerTexts();
      expect(cells.slice(1, 4)).toEqual(['100500', '1', formatRubles(1786)]);
      // The server's own order: the latest purchase first.
      expect(await buyerIds(page)).toEqual(['200', '100500']);

      const amount = header(page, s.columnAmount);
      const sortByAmount = amount.getByRole('button', { name: s.columnAmount, exact: true });
      expect(await amount.getAttribute('aria-sort')).toBeNull();
      await sortByAmount.click();
      await expect.poll(() => amount.getAttribute('aria-sort')).toBe('ascending');
      await expect.poll(() => buyerIds(page)).toEqual(['100500', '200']);
      await sortByAmount.click();
      await expect.poll(() => amount.getAttribute('aria-sort')).toBe('descending');
      await expect.poll(() => buyerIds(page)).toEqual(['200', '100500']);
      // The keyboard works the same way.
      await sortByAmount.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => amount.getAttribute('aria-sort')).toBeNull();
      await page.keyboard.press('Space');
      await expect.poll(() => amount.getAttribute('aria-sort')).toBe('ascending');
      await header(page, s.columnBuyer).getByRole('button').click();
      await expect.poll(() => header(page, s.columnBuyer).getAttribute('aria-sort')).toBe('ascending');
      expect(await amount.getAttribute('aria-sort')).toBeNull();

      await page.getByLabel(s.periodFilter, { exact: true }).selectOption({ label: s.periodWeek });
      await page.waitForURL((url) => url.searchParams.get('period') === '7');
      await page.getByLabel(s.projectFilter, { exact: true }).selectOption({ label: 'Aurora' });
      await page.waitForURL((url) => url.searchParams.get('project') === String(actionId));
      await expect.poll(() => buyerIds(page)).toEqual(['100500', '200']);
      expect(await summaryValue(page, s.summaryBuyers).innerText()).toBe('2');
    }));

  it('the action filter offers a deleted action, marked as deleted, and its buyers stay', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithBuyers(page);
      await seller.api.request('DELETE', `/projects/${actionId}`);
      await page.goto('/dashboard/buyers');
      await table(page).waitFor();
      const filter = page.getByLabel(s.projectFilter, { exact: true });
      await expect.poll(() => filter.locator('option').allInnerTexts()).toEqual([r.allProjects, 'Aurora (удалена)']);
      await filter.selectOption({ label: 'Aurora (удалена)' });
      await page.waitForURL((url) => url.searchParams.get('project') === String(actionId));
      await expect.poll(() => summaryValue(page, s.summaryReceipts).innerText()).toBe('3');
      expect(await buyerIds(page)).toEqual(['200', '100500']);
    }));

  it('passes filters and order to the server and loads 100 rows at a time with «Показать ещё»', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      const requests: URLSearchParams[] = [];
      await page.route('**/lk/api/buyers?**', (route) => {
        const query = new URL(route.request().url()).searchParams;
        requests.push(query);
        const offset = Number(query.get('offset'));
        const count = offset === 0 ? 100 : 1;
        const buyers = Array.from({ length: count }, (_, index) => ({
          buyer_id: `b${offset + index}`,
          successful_receipts_count: 1,
          total_amount: 100,
          last_receipt_at: '2025-06-01T12:00:00.000Z',
          // The answer carries the buyers' Telegram names (null until they wrote to a ScanApp bot).
          first_name: null,
          username: null,
          level: null,
          points: null,
          held_points: null,
          nearest_expiry: null,
          flags: [],
        }));
        return route.fulfill({ json: { buyers, summary: { buyers_count: 101, successful_receipts: 101, total_amount: 10_100 } } });
      });
      await page.goto('/dashboard/buyers?period=30');
      await table(page).waitFor();
      expect(await table(page).locator('tbody tr').count()).toBe(100);
      await page.getByText(fillMessage(s.shownOf, { shown: 100, total: 101 }), { exact: true }).waitFor();
      await header(page, s.columnLastPurchase).getByRole('button').click();
      await expect.poll(() => requests.at(-1)?.get('sort')).toBe('last_receipt_at');
      expect(Object.fromEntries(requests.at(-1)!)).toMatchObject({ period_days: '30', order: 'asc', limit: '100', offset: '0' });
      await table(page).locator('tbody tr').nth(99).waitFor();

      await page.getByRole('button', { name: r.showMore, exact: true }).click();
      const last = table(page).locator('tbody tr').nth(100);
      await last.waitFor();
      expect(Object.fromEntries(requests.at(-1)!)).toMatchObject({ offset: '100', sort: 'last_receipt_at', order: 'asc' });
      expect(await last.getByRole('cell').first().innerText()).toBe('101');
      expect(await page.getByRole('button', { name: r.showMore, exact: true }).count()).toBe(0);
      await expect.poll(() => last.evaluate((row) => row === document.activeElement)).toBe(true);
    }));

  it('a new seller sees zeros and the empty text', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.goto('/dashboard/buyers');
      await page.getByText(r.buyersEmpty, { exact: true }).waitFor();
      expect(await summaryValue(page, s.summaryBuyers).innerText()).toBe('0');
      expect(await summaryValue(page, s.summaryAmount).innerText()).toBe(formatRubles(0));
      expect(await table(page).count()).toBe(0);
    }));

  it('a failed load shows the buyers error', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.route('**/lk/api/buyers?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
      await page.goto('/dashboard/buyers');
      await page.getByRole('alert').filter({ hasText: r.buyersLoadFailed }).waitFor({ timeout: 15_000 });
    }));

  it.each([
    ['desktop', undefined],
    ['phone', MOBILE],
  ])('fits the screen and axe finds nothing serious (%s)', (_name, viewport) =>
    withPage(async (page) => {
      const seller = await createSeller(baseUrl());
      await signInAs(page, seller);
      await page.route('**/lk/api/buyers?**', (route) =>
        route.fulfill({
          json: {
            buyers: [
              {
                buyer_id: '1234567890123',
                successful_receipts_count: 12,
                total_amount: 123_456.5,
                last_receipt_at: '2025-06-01T12:00:00.000Z',
                first_name: 'Константин',
                username: 'konstantin_long_username',
                level: { name: 'Платиновый покупатель', min_sum: 100_000, points_percentage: 15 },
                points: 1_234_567,
                held_points: 178,
                nearest_expiry: { points: 120_000, expires_at: '2027-01-12T20:59:59.000Z' },
                // A flagged shopper: the badge sits beside the name.
                flags: [{ kind: 'many_per_hour', label: 'Много чеков за час' }],
              },
            ],
            summary: { buyers_count: 1, successful_receipts: 12, total_amount: 123_456.5 },
          },
        }),
      );
      // One action chosen: the level and points columns are there too.
      await page.goto('/dashboard/buyers?project=1');
      await table(page).waitFor();
      await header(page, messages.buyerCard.level).waitFor();
      await table(page).getByText(messages.trust.suspiciousBadge).waitFor();
      await header(page, s.columnReceipts).getByRole('button').click();
      await expect.poll(() => header(page, s.columnReceipts).getAttribute('aria-sort')).toBe('ascending');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, viewport),
  );
});
