import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { EXPORT_HEADERS } from '../../src/contract/exports.js';
import { formatPercent, formatRubles } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { rubleBasisText, type PayoffResponse } from '../../src/contract/payoff.js';
import type { Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { baseUrl, hasHorizontalOverflow, MOBILE, seriousViolations, signInAs, useBrowser } from './helpers.js';

const a = messages.analytics;
const p = messages.payoff;
const WB_SELLER = '072196655529';
const { withPage } = useBrowser();

/** A signed-in seller whose action 'Aurora' accepted receipts bought 2 and 20 days ago, and refused a third. */
async function sellerWithReceipts(page: Page): Promise<{ seller: Seller; actionId: number }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  const actionId: number = created.body.project_id;
  for (const [daysAgo, buyer] of [
    [2, '100500'],
    [20, '200'],
  ] as const) {
    const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics', daysAgo));
    const answer = await seller.api.post('/check', { qrurl, project_id: actionId, user_id_tg: buyer });
    if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
  }
  await seller.api.post('/check', { qrurl: 'это не чек', project_id: actionId, user_id_tg: '300' });
  await signInAs(page, seller);
  return { seller, actionId };
}

const figure = (page: Page, term: string) =>
  page.locator('.analytics-figures dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

describe('analytics', () => {
  it('the section shows figures and charts of the receipts, and the period filter changes them', () =>
    withPage(async (page) => {
      await sellerWithReceipts(page);
      await page.goto('/dashboard');
      await page.getByRole('link', { name: a.title }).click();
      await page.getByRole('heading', { level: 1, name: a.title }).waitFor();
      // 30 days by default: both successes and the refusal.
      await expect.poll(() => figure(page, a.receiptsChecked).innerText()).toBe('3');
      expect(await figure(page, a.receiptsSuccessful).innerText()).toBe('2');
      expect(await figure(page, a.newBuyers).innerText()).toBe('2');
      await page.locator('.analytics-chart canvas').first().waitFor();
      expect(await page.locator('.analytics-chart canvas').count()).toBeGreaterThanOrEqual(4);
      expect(await page.getByText('Чеки по дням: успешных 2').count()).toBe(1);
      expect(await page.getByRole('table').filter({ hasText: a.productColumn }).getByRole('row').count()).toBeGreaterThan(1);
      expect(await page.getByText(a.noShopYet).first().isVisible()).toBe(true);

      await page.getByLabel(a.periodFilter).selectOption('7');
      await expect.poll(() => figure(page, a.receiptsChecked).innerText()).toBe('2');
      expect(await figure(page, a.receiptsSuccessful).innerText()).toBe('1');

      await page.getByLabel(a.periodFilter).selectOption('range');
      await page.getByLabel(a.rangeFrom, { exact: true }).fill('2020-01-01');
      await page.getByLabel(a.rangeTo, { exact: true }).fill('2020-01-31');
      await page.getByText(a.empty).waitFor();
      expect(await figure(page, a.receiptsChecked).innerText()).toBe('0');
      expect(await seriousViolations(page, { include: '.analytics' })).toEqual([]);
    }));

  it('the action page shows the same analytics for its action', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithReceipts(page);
      await page.goto(`/dashboard/action/${actionId}`);
      await page.getByRole('heading', { name: a.actionAnalytics }).waitFor();
      await expect.poll(() => figure(page, a.receiptsSuccessful).innerText()).toBe('2');
      await page.locator('.analytics-chart canvas').first().waitFor();
    }));

  it('«Скачать CSV» on the receipt history downloads the filtered receipts under a dated name, without the token in the address', () =>
    withPage(async (page) => {
      const { seller } = await sellerWithReceipts(page);
      await page.goto('/dashboard/history');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: messages.exports.download, exact: true }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^scanapp-receipts-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(download.url()).toMatch(/^blob:/);
      expect(download.url()).not.toContain(seller.api.token!);
      const rows = parse(await readFile((await download.path())!), { bom: true, delimiter: ';' }) as string[][];
      expect(rows[0]).toEqual([...EXPORT_HEADERS.receipts]);
      expect(rows.slice(1).map((row) => row[4])).toEqual(['Не распознан', 'Успешно', 'Успешно']);
      expect(rows.slice(1).every((row) => row[2] === 'Aurora')).toBe(true);

      // Beside it, the same receipts' items, a line each.
      const downloadingItems = page.waitForEvent('download');
      await page.getByRole('button', { name: messages.exports.downloadItems, exact: true }).click();
      const items = await downloadingItems;
      expect(items.suggestedFilename()).toMatch(/^scanapp-receipt-items-\d{4}-\d{2}-\d{2}\.csv$/);
      const itemRows = parse(await readFile((await items.path())!), { bom: true, delimiter: ';' }) as string[][];
      expect(itemRows[0]).toEqual([...EXPORT_HEADERS.receiptItems]);
      expect(itemRows.length).toBeGreaterThan(2);
      expect(itemRows.slice(1).every((row) => row[4] === 'Успешно' && row[11] === messages.exports.itemCounted)).toBe(true);
    }));

  it('«Окупаемость» at 375 px: says what is not connected, then shows the capture rate, cohorts and their CSV; the dashboard shows one figure', () =>
    withPage(async (page) => {
      await sellerWithReceipts(page);
      // Nothing connected: the dashboard's figure asks for a marketplace, the section says so per marketplace.
      await page.goto('/dashboard');
      const connect = page.getByRole('link', { name: p.dashboardConnect });
      await connect.waitFor();
      expect(await connect.getAttribute('href')).toBe('/dashboard/marketplaces');
      await page.goto('/dashboard/analytics');
      const payoff = page.getByRole('region', { name: p.title });
      await payoff.getByText(fillMessage(p.notConnected, { marketplace: p.wildberries })).waitFor();
      expect(await payoff.getByRole('link', { name: p.marketplacesLink }).count()).toBe(2);
      await payoff.getByText(p.noExchanges).waitFor();

      // With both marketplaces imported (the answer stands in for the import, built by its own branch).
      await page.route(/\/lk\/api\/analytics\/payoff\?/, (route) => route.fulfill({ json: importedPayoff() }));
      await page.reload();
      await payoff.getByText(fillMessage(p.notImported, { marketplace: p.ozon })).waitFor();
      const capture = payoff.getByRole('region', { name: p.captureTitle });
      await capture.locator('.payoff-capture').getByText(formatPercent(50), { exact: true }).waitFor();
      await capture.locator('.analytics-chart canvas').waitFor();
      // Wildberries' units ordered and cancelled beside the units sold.
      expect(await capture.getByRole('cell', { name: '17', exact: true }).count()).toBe(1);
      expect(await capture.getByRole('cell', { name: '3', exact: true }).count()).toBe(1);
      const cohorts = payoff.getByRole('region', { name: p.cohortsTitle });
      expect(await cohorts.getByText(p.immature, { exact: true }).count()).toBe(3);
      expect(await cohorts.getByText(`${formatPercent(25)} (1)`, { exact: true }).count()).toBe(1);
      expect(await payoff.getByRole('region', { name: p.productsTitle }).getByText('Мыло без пары').isVisible()).toBe(true);
      // The liability in rubles, with the one line that says how a point's cost was found.
      const liability = payoff.getByRole('region', { name: p.liabilityTitle });
      expect(await liability.getByText(formatRubles(450), { exact: true }).isVisible()).toBe(true);
      expect(await liability.getByText(rubleBasisText(importedPayoff().liability), { exact: true }).isVisible()).toBe(true);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.payoff' })).toEqual([]);

      // Each figure's own CSV (the real file: the server's figures of this seller).
      const downloading = page.waitForEvent('download');
      await capture.getByRole('button', { name: p.csv }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/^scanapp-payoff-capture-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = parse(await readFile((await file.path())!), { bom: true, delimiter: ';' }) as string[][];
      expect(rows[0]![0]).toBe(p.periodColumn);

      await page.goto('/dashboard');
      const figure = page.getByRole('region', { name: p.title });
      await figure.getByText(formatPercent(50), { exact: true }).waitFor();
      expect(await figure.getByText(fillMessage(p.dashboardCounts, { receipts: '6', sold: '12' })).isVisible()).toBe(true);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});

/** Wildberries imported with a month of sales, Ozon connected but not imported yet. */
function importedPayoff(): PayoffResponse {
  const today = new Date().toISOString().slice(0, 10);
  const counts = { receipts: 6, receipt_count: 2, units_sold: 14, units_returned: 2, rate: 0.5 };
  const orders = { units_ordered: 17, units_cancelled: 3 };
  const cell = (days: number, repeated: number, share: number | null) => ({ days, repeated, share, mature: share !== null });
  return {
    period: { from: '2026-10-31', to: today, group: 'month' },
    project_id: null,
    marketplaces: [
      { marketplace: 'wildberries', connected: true, imported_until: new Date().toISOString() },
      { marketplace: 'ozon', connected: true, imported_until: null },
    ],
    capture: [{ period: '2026-10-31', marketplace: 'wildberries', ...counts, ...orders }],
    capture_totals: [{ marketplace: 'wildberries', ...counts, ...orders }],
    products: [{ marketplace: 'wildberries', name: 'Шампунь детский', receipts: 6, units_sold: 14, units_returned: 2, rate: 0.5 }],
    unmatched: [{ marketplace: 'wildberries', name: 'Мыло без пары', receipts: 1 }],
    cohorts: [
      { month: '2026-07', shoppers: 4, cells: [cell(30, 1, 0.25), cell(60, 2, 0.5), cell(90, 2, 0.5)] },
      { month: '2026-11', shoppers: 2, cells: [cell(30, 0, null), cell(60, 0, null), cell(90, 0, null)] },
    ],
    returns: [
      {
        period: '2026-10-31',
        marketplace: 'wildberries',
        units_returned: 2,
        points_held: 120,
        receipts_cancelled: 1,
        points_cancelled: 60,
      },
    ],
    liability: {
      points_available: 900,
      points_held: 120,
      points_expiring: 50,
      expiring_until: today,
      exchanges: 3,
      exchanged_points: 600,
      ruble_basis: 'exchange_cost',
      costed_exchanges: 2,
      costed_points: 400,
      costed_rubles: 200,
      point_cost: 0.5,
      rubles_available: 450,
      rubles_held: 60,
      rubles_expiring: 25,
    },
    cost_per_shopper: { receipt_fees: 150, subscriptions: 1000, new_shoppers: 2, per_shopper: 575 },
  };
}
