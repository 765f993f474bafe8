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
const UNKNOWN_QR = 't=20240627T1556&s=1786.00&fn=1&i=2&fp=3&n=1';
const { withPage } = useBrowser();

/** An activated seller with money for one action (30 days) and 100 ₽ of receipt checks, signed in. */
async function sellerWithAction(page: Page, settings: Record<string, unknown> = {}): Promise<{ seller: Seller; actionId: number }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, ...settings });
  if (created.status !== 201) throw new Error(created.text);
  await signInAs(page, seller);
  return { seller, actionId: created.body.project_id };
}

const checkSection = (page: Page) => page.getByRole('region', { name: s.checkTitle, exact: true });
const actionHistory = (page: Page) => page.getByRole('region', { name: s.actionHistoryTitle, exact: true });
const checkResult = (page: Page) => checkSection(page).getByRole('status').filter({ hasText: s.resultTitle });
const receiptCards = (scope: Page | Locator) => scope.getByRole('article');
const projectFilter = (page: Page) => page.getByLabel(s.projectFilter, { exact: true });
/** A fact of a receipt card or of the check result: the <dd> after its <dt>. */
const factOf = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

async function checkOnActionPage(page: Page, qr: string, buyer: string): Promise<void> {
  await checkSection(page).getByLabel(s.qrLabel).fill(qr);
  await checkSection(page).getByLabel(s.buyerIdLabel).fill(buyer);
  await checkSection(page).getByRole('button', { name: s.checkSubmit, exact: true }).click();
  await checkResult(page).waitFor();
}

describe('checking a receipt on the action page', () => {
  it('a Wildberries receipt of the seller earns 178 points and shows up in the action history and in the receipt history with its 3 counted items', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithAction(page);
      const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
      await page.goto(`/dashboard/action/${actionId}`);
      await actionHistory(page).getByText(r.actionHistoryEmpty, { exact: true }).waitFor();

      await checkOnActionPage(page, qr, '100500');
      const result = checkResult(page);
      expect(await factOf(result, s.resultStatus).innerText()).toBe('Успешно');
      expect(await factOf(result, s.resultPoints).innerText()).toBe('178');
      expect(await factOf(result, s.resultMessage).innerText()).toBe('Чек принят! Начислено баллов: 178.');

      // The action's history and the profile (receipt count) refresh after the check.
      const card = receiptCards(actionHistory(page)).first();
      await card.waitFor();
      expect(await factOf(card, s.fieldBuyer).innerText()).toBe('100500');
      expect(await card.getByText('Успешно', { exact: true }).count()).toBe(1);
      await page
        .getByRole('banner')
        .getByText(fillMessage(messages.dashboard.receiptsBadge, { count: 1 }), { exact: true })
        .waitFor();

      await page
        .getByRole('navigation', { name: messages.dashboard.navLabel })
        .getByRole('link', { name: messages.dashboard.historyTitle, exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: messages.dashboard.historyTitle, exact: true }).waitFor();
      const historyCard = receiptCards(page).first();
      await historyCard.waitFor();
      expect(await receiptCards(page).count()).toBe(1);
      expect(await factOf(historyCard, s.fieldProject).innerText()).toBe('Aurora');
      expect(await factOf(historyCard, s.fieldBuyer).innerText()).toBe('100500');
      expect(await factOf(historyCard, s.fieldTotal).innerText()).toBe(formatRubles(1786));
      expect(await factOf(historyCard, s.fieldPoints).innerText()).toBe('178');
      expect(await factOf(historyCard, s.fieldFiscalDrive).innerText()).toBe('7380440800792177');

      const toggle = historyCard.getByRole('button', { name: fillMessage(s.showItems, { count: 3 }), exact: true });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const items = historyCard.getByRole('table');
      await items.waitFor();
      const rows = items.locator('tbody tr');
      expect(await rows.count()).toBe(3);
      for (const row of await rows.all()) {
        expect(await row.getByRole('cell', { name: s.itemCounted, exact: true }).count()).toBe(1);
        expect(await row.getByRole('cell', { name: WB_SELLER, exact: true }).count()).toBe(1);
      }
      const first = await rows.first().getByRole('cell').allInnerTexts();
      expect(first.slice(1, 4)).toEqual([formatRubles(464), '1', formatRubles(464)]);
      await toggle.click();
      await items.waitFor({ state: 'hidden' });

      const filtered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('project_id') === String(actionId));
      await projectFilter(page).selectOption({ label: 'Aurora' });
      await page.waitForURL((url) => url.searchParams.get('project') === String(actionId));
      await filtered;
      await expect.poll(() => receiptCards(page).count()).toBe(1);
      await projectFilter(page).selectOption({ label: r.allProjects });
      await page.waitForURL((url) => url.search === '');
      await expect.poll(() => receiptCards(page).count()).toBe(1);
    }));

  it('in demo mode «Создать тестовый чек» fills the form with a fresh receipt of the action’s goods, which earns points', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithAction(page);
      await page.goto(`/dashboard/action/${actionId}`);
      await checkSection(page).getByText(s.demoReceiptHint, { exact: true }).waitFor();
      await checkSection(page).getByRole('button', { name: s.demoReceipt, exact: true }).click();
      await expect.poll(() => checkSection(page).getByLabel(s.qrLabel).inputValue()).toMatch(/^t=\d{8}T\d{4}&s=2080\.00&/);
      expect(await checkSection(page).getByLabel(s.buyerIdLabel).inputValue()).toBe('100500');
      await checkSection(page).getByRole('button', { name: s.checkSubmit, exact: true }).click();
      await checkResult(page).waitFor();
      expect(await factOf(checkResult(page), s.resultStatus).innerText()).toBe('Успешно');
      expect(await factOf(checkResult(page), s.resultPoints).innerText()).toBe('149');
    }));

  it('empty fields show the required messages and send nothing; an unknown QR is «Не распознан» with the action’s own answer', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithAction(page, { command_not_recognized: 'Не вижу чек, пришлите фото QR-кода' });
      const checks: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/lk/api/check') checks.push(request.url());
      });
      await page.goto(`/dashboard/action/${actionId}`);
      await checkSection(page).getByRole('button', { name: s.checkSubmit, exact: true }).click();
      await checkSection(page).getByText(r.qrRequired, { exact: true }).waitFor();
      await checkSection(page).getByText(r.buyerIdRequired, { exact: true }).waitFor();
      expect(await checkSection(page).getByLabel(s.qrLabel).getAttribute('aria-invalid')).toBe('true');
      expect(checks).toEqual([]);

      await checkOnActionPage(page, UNKNOWN_QR, '42');
      const result = checkResult(page);
      expect(await factOf(result, s.resultStatus).innerText()).toBe('Не распознан');
      expect(await factOf(result, s.resultMessage).innerText()).toBe('Не вижу чек, пришлите фото QR-кода');
      expect(await factOf(result, s.resultPoints).innerText()).toBe('0');
      expect(checks).toHaveLength(1);
      const card = receiptCards(actionHistory(page)).first();
      await card.getByText('Не распознан', { exact: true }).waitFor();
    }));

  it('a check that fails on the way shows the receipt-check error', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithAction(page);
      await page.route('**/lk/api/check', (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
      );
      await page.goto(`/dashboard/action/${actionId}`);
      await checkSection(page).getByLabel(s.qrLabel).fill(UNKNOWN_QR);
      await checkSection(page).getByLabel(s.buyerIdLabel).fill('42');
      await checkSection(page).getByRole('button', { name: s.checkSubmit, exact: true }).click();
      await checkSection(page).getByRole('alert').filter({ hasText: r.checkFailed }).waitFor();
    }));
});

describe('receipt history', () => {
  it('a new seller sees the empty history', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.goto('/dashboard/history');
      await page.getByText(r.historyEmpty, { exact: true }).waitFor();
      expect(await projectFilter(page).inputValue()).toBe('');
    }));

  it('shows 10 receipts, then the rest with «Показать ещё», and the keyboard lands on the first new one', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      for (let index = 0; index < 11; index++) {
        await seller.api.post('/check', { qrurl: `not a receipt ${index}`, project_id: actionId, user_id_tg: String(1000 + index) });
      }
      await page.goto('/dashboard/history');
      await receiptCards(page).first().waitFor();
      expect(await receiptCards(page).count()).toBe(10);
      // Newest first: the last buyer's receipt leads.
      expect(await factOf(receiptCards(page).first(), s.fieldBuyer).innerText()).toBe('1010');
      await page.getByText(fillMessage(s.shownOf, { shown: 10, total: 11 }), { exact: true }).waitFor();
      await page.getByRole('button', { name: r.showMore, exact: true }).click();
      await receiptCards(page).nth(10).waitFor();
      expect(await factOf(receiptCards(page).nth(10), s.fieldBuyer).innerText()).toBe('1000');
      expect(await page.getByRole('button', { name: r.showMore, exact: true }).count()).toBe(0);
      await expect
        .poll(() =>
          receiptCards(page)
            .nth(10)
            .evaluate((card) => card === document.activeElement),
        )
        .toBe(true);
    }));

  it('receipts of a deleted action stay in the history and in the filter', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page, { name: 'Летняя акция' });
      await seller.api.post('/check', { qrurl: 'not a receipt', project_id: actionId, user_id_tg: '7' });
      await seller.api.request('DELETE', `/projects/${actionId}`);
      await page.goto('/dashboard/history');
      await receiptCards(page).first().waitFor();
      await projectFilter(page).selectOption({ label: 'Летняя акция (удалена)' });
      await page.waitForURL((url) => url.searchParams.get('project') === String(actionId));
      expect(await factOf(receiptCards(page).first(), s.fieldProject).innerText()).toBe('Летняя акция');

      // Opened straight at the filter, the deleted action is still named, and marked.
      await page.reload();
      await receiptCards(page).first().waitFor();
      await expect.poll(() => projectFilter(page).locator('option:checked').innerText()).toBe('Летняя акция (удалена)');
    }));

  it('a failed load shows the history error', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.route('**/lk/api/receipts?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
      await page.goto('/dashboard/history');
      await page.getByText(r.historyLoading, { exact: true }).waitFor();
      await page.getByRole('alert').filter({ hasText: r.historyLoadFailed }).waitFor({ timeout: 15_000 });
    }));

  it('fits a 375 px phone with the items open (each item a card, nothing to scroll sideways), and axe finds nothing serious', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
      await seller.api.post('/check', { qrurl: qr, project_id: actionId, user_id_tg: '100500' });
      await seller.api.post('/check', { qrurl: UNKNOWN_QR, project_id: actionId, user_id_tg: '100501' });
      await page.goto('/dashboard/history');
      const card = receiptCards(page).filter({ hasText: 'Успешно' });
      await card.getByRole('button', { name: fillMessage(s.showItems, { count: 3 }) }).click();
      const scroller = card.getByRole('region');
      await scroller.getByRole('table').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/dashboard/action/${actionId}`);
      await receiptCards(actionHistory(page)).nth(1).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, MOBILE));

  it('axe finds nothing serious on the desktop history with a receipt open', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      await seller.api.post('/check', {
        qrurl: await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics')),
        project_id: actionId,
        user_id_tg: '1',
      });
      await page.goto('/dashboard/history');
      await receiptCards(page)
        .first()
        .getByRole('button', { name: fillMessage(s.showItems, { count: 3 }) })
        .click();
      await receiptCards(page).first().getByRole('table').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }));
});
