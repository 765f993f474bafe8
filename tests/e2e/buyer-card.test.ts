import type { Page } from 'playwright-core';
import { formatPoints } from '../../src/contract/format.js';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { BUYER_LEDGER_PAGE } from '../../src/contract/points.js';
import { formatDate } from '../../src/web/lib/format.js';
import type { Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const c = messages.buyerCard;
const m = messages.points;
const WB_SELLER = '072196655529';
/** The Wildberries fixture earns 178 points at 10 %. */
const RECEIPT_POINTS = 178;
const DAY_MS = 86_400_000;
const { withPage } = useBrowser();

/** A signed-in seller whose action (points live 30 days, two levels) accepted one receipt of buyer 100500. */
async function sellerWithBuyer(page: Page): Promise<{ actionId: number; seller: Seller }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', {
    name: 'Aurora',
    project_inns: WB_SELLER,
    points_lifetime_days: 30,
    levels: [
      { name: 'Новичок', min_sum: 0, points_percentage: 10 },
      { name: 'Золото', min_sum: 10_000, points_percentage: 15 },
    ],
  });
  if (created.status !== 201) throw new Error(created.text);
  const actionId: number = created.body.project_id;
  const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
  const answer = await seller.api.post('/check', { qrurl, project_id: actionId, user_id_tg: '100500' });
  if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
  await signInAs(page, seller);
  return { actionId, seller };
}

const ledger = (page: Page) => page.getByRole('table', { name: c.ledgerTitle });
const ledgerRows = (page: Page) => ledger(page).locator('tbody tr');
const amountField = (page: Page) => page.getByLabel(c.amountLabel);
const reasonField = (page: Page) => page.getByLabel(c.reasonLabel);
const expiryLine = (points: number) => fillMessage(m.nearestExpiry, { points, date: formatDate(new Date(Date.now() + 30 * DAY_MS)) });

describe('the buyer card', () => {
  it('opens from Buyers; a credit shows in the ledger and the balance, a deduction below zero is refused at the amount', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithBuyer(page);
      await page.goto(`/dashboard/buyers?project=${actionId}`);
      const buyers = page.getByRole('table', { name: messages.receiptScreens.buyersCaption });
      const row = buyers.getByRole('row').filter({ hasText: '100500' });
      // With one action chosen, the list shows the level and the points with their nearest expiry.
      await expect.poll(() => row.innerText()).toContain('Новичок');
      expect(await row.innerText()).toContain(expiryLine(RECEIPT_POINTS));

      await row.getByRole('link', { name: '100500' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/dashboard/buyers/100500' && url.searchParams.get('project_id') === String(actionId),
      );
      await page.getByRole('heading', { level: 1, name: c.title }).waitFor();
      const header = page.locator('.buyer-card__header');
      await header.getByText(expiryLine(RECEIPT_POINTS)).waitFor();
      expect(await header.innerText()).toContain('Новичок');
      expect(await ledgerRows(page).count()).toBe(1);
      expect(await ledgerRows(page).first().innerText()).toContain(m.kindReceipt);

      // A credit: the success message, the new row on top, the new balance.
      await amountField(page).fill('25');
      await reasonField(page).fill('Компенсация за задержку');
      await page.getByRole('button', { name: c.adjustSubmit }).click();
      await page
        .getByRole('status')
        .filter({ hasText: fillMessage(m.adjustedCredit, { points: 25, balance: RECEIPT_POINTS + 25 }) })
        .waitFor();
      await expect.poll(() => ledgerRows(page).count()).toBe(2);
      const credit = await ledgerRows(page).first().innerText();
      for (const part of [m.kindManual, 'Компенсация за задержку', '+25', String(RECEIPT_POINTS + 25)]) expect(credit).toContain(part);
      await header.getByText(expiryLine(RECEIPT_POINTS + 25)).waitFor();
      expect(await amountField(page).inputValue()).toBe('');

      // A deduction over the balance: the server's message under the amount, nothing written.
      await amountField(page).fill('-1000');
      await reasonField(page).fill('Списание');
      await page.getByRole('button', { name: c.adjustSubmit }).click();
      const refusal = fillMessage(m.adjustBelowZero, { points: formatPoints(1000), balance: formatPoints(RECEIPT_POINTS + 25) });
      await page.getByText(refusal).waitFor();
      expect(await amountField(page).getAttribute('aria-invalid')).toBe('true');
      expect(await ledgerRows(page).count()).toBe(2);

      // A reason is required before anything is sent.
      await amountField(page).fill('-5');
      await reasonField(page).fill('  ');
      await page.getByRole('button', { name: c.adjustSubmit }).click();
      await page.getByText(m.adjustReasonRequired).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      expect(await ledgerRows(page).count()).toBe(2);

      // The Buyers list shows the new balance.
      await page.getByRole('link', { name: c.backToBuyers }).click();
      await expect.poll(() => row.innerText()).toContain(String(RECEIPT_POINTS + 25));
    }));

  it('without an action asks for one; on a phone it fits the screen and is used with the keyboard', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithBuyer(page);
      await page.goto('/dashboard/buyers/100500');
      await page.getByText(m.projectRequired).waitFor();
      await page.getByLabel(c.actionLabel).selectOption(String(actionId));
      await page.locator('.buyer-card__header').getByText(expiryLine(RECEIPT_POINTS)).waitFor();
      expect(new URL(page.url()).searchParams.get('project_id')).toBe(String(actionId));

      await amountField(page).focus();
      await page.keyboard.type('-8');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Ошибочное начисление');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page
        .getByRole('status')
        .filter({ hasText: fillMessage(m.adjustedDebit, { points: 8, balance: RECEIPT_POINTS - 8 }) })
        .waitFor();
      await expect.poll(() => ledgerRows(page).first().innerText()).toContain('−8');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, MOBILE));

  it('a long ledger comes a page at a time: «Показать ещё» adds the older rows and the keyboard goes on at the first of them', () =>
    withPage(async (page) => {
      const { actionId, seller } = await sellerWithBuyer(page);
      const credits = BUYER_LEDGER_PAGE + 5;
      for (let i = 1; i <= credits; i++) {
        const credited = await seller.api.post('/buyers/100500/points', { project_id: actionId, delta: 1, reason: `Бонус ${i}` });
        if (credited.status !== 200) throw new Error(credited.text);
      }
      await page.goto(`/dashboard/buyers/100500?project_id=${actionId}`);
      await ledgerRows(page).first().waitFor();
      expect(await ledgerRows(page).count()).toBe(BUYER_LEDGER_PAGE);
      expect(await ledgerRows(page).first().innerText()).toContain(`Бонус ${credits}`);
      const more = page.getByRole('button', { name: messages.receipts.showMore });

      // A page that fails to load says so; the rows shown stay, and the button tries again.
      await page.route('**/lk/api/buyers/100500/ledger?**', (route) => route.fulfill({ status: 500, body: '' }));
      await more.click();
      await page.getByRole('alert').filter({ hasText: c.ledgerLoadFailed }).waitFor();
      expect(await ledgerRows(page).count()).toBe(BUYER_LEDGER_PAGE);
      await page.unroute('**/lk/api/buyers/100500/ledger?**');

      await more.click();
      await expect.poll(() => ledgerRows(page).count()).toBe(credits + 1);
      // The first new row has the focus; the oldest row is the receipt, with the balance it left.
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLTableRowElement | null)?.rowIndex))
        .toBe(BUYER_LEDGER_PAGE + 1);
      expect(await ledgerRows(page).nth(BUYER_LEDGER_PAGE).innerText()).toContain('Бонус 5');
      const oldest = await ledgerRows(page).last().innerText();
      for (const part of [m.kindReceipt, String(RECEIPT_POINTS)]) expect(oldest).toContain(part);
      expect(await more.count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
    }));

  it('a buyer the action never met is not found', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithBuyer(page);
      await page.goto(`/dashboard/buyers/999777?project_id=${actionId}`);
      await page.getByRole('alert').filter({ hasText: m.buyerNotFound }).waitFor();
    }));
});
