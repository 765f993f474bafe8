import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { formatPoints } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.receiptCancel;
const WB_SELLER = '072196655529';
/** The Wildberries fixture earns 178 points at 10 %. */
const RECEIPT_POINTS = 178;
const { withPage } = useBrowser();

/** A signed-in seller whose action accepted one receipt of buyer 100500; answers the receipt's id. */
async function sellerWithReceipt(page: Page): Promise<{ actionId: number; receiptId: number }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  const actionId: number = created.body.project_id;
  const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
  const answer = await seller.api.post('/check', { qrurl, project_id: actionId, user_id_tg: '100500' });
  if (answer.body?.data?.status !== 'success') throw new Error(answer.text);
  const receiptId: number = (await seller.api.get('/receipts')).body.receipts[0].id;
  await signInAs(page, seller);
  return { actionId, receiptId };
}

const dialog = (page: Page) => page.getByRole('dialog');
/** A fact of the dialog or of a receipt card: the <dd> after its <dt>. */
const factOf = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The dialog's preview: what would come off, as the seller reads it. */
async function expectPreview(page: Page) {
  await factOf(dialog(page), m.awarded).waitFor();
  expect(await factOf(dialog(page), m.awarded).innerText()).toBe(String(RECEIPT_POINTS));
  expect(await factOf(dialog(page), m.fromHeld).innerText()).toBe('0');
  expect(await factOf(dialog(page), m.fromAvailable).innerText()).toBe(String(RECEIPT_POINTS));
  expect(await factOf(dialog(page), m.notRecoverable).innerText()).toBe('0');
  await dialog(page).getByText(m.feeNotRefunded, { exact: true }).waitFor();
}

describe('cancelling a receipt in the cabinet', () => {
  it('from the history: the dialog tells what comes off and that the fee stays, asks the reason, then shows the answer; «Отменён» with the reason', () =>
    withPage(async (page) => {
      const { receiptId } = await sellerWithReceipt(page);
      await page.goto('/dashboard/history');
      const card = page.getByRole('article').first();
      await card.getByText('Успешно', { exact: true }).waitFor();

      // «Не отменять» (and Esc) change nothing; focus goes back to the button.
      const open = card.getByRole('button', { name: fillMessage(m.cancelButtonFor, { id: receiptId }) });
      await open.click();
      await dialog(page)
        .getByRole('heading', { name: fillMessage(m.dialogTitle, { id: receiptId }) })
        .waitFor();
      await expectPreview(page);
      await dialog(page).getByRole('button', { name: m.keep }).click();
      await dialog(page).waitFor({ state: 'hidden' });
      expect(await focused(open)).toBe(true);

      await open.click();
      const reason = dialog(page).getByLabel(m.reasonLabel);
      await expect.poll(() => focused(reason)).toBe(true);
      // The reason is required: the form says so and sends nothing.
      const cancels: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/cancel')) cancels.push(request.url());
      });
      await dialog(page).getByRole('button', { name: m.submit }).click();
      await dialog(page).getByText(m.reasonRequired, { exact: true }).waitFor();
      expect(await reason.getAttribute('aria-invalid')).toBe('true');
      expect(cancels).toEqual([]);

      await reason.fill('Возврат товара на Wildberries');
      await dialog(page).getByRole('button', { name: m.submit }).click();
      await dialog(page)
        .getByRole('status')
        .filter({ hasText: fillMessage(m.cancelled, { id: receiptId, points: formatPoints(RECEIPT_POINTS) }) })
        .waitFor();
      expect(await factOf(dialog(page), m.fromAvailable).innerText()).toBe(String(RECEIPT_POINTS));
      expect(await factOf(dialog(page), m.notRecoverable).innerText()).toBe('0');
      const close = dialog(page).getByRole('button', { name: m.close });
      await expect.poll(() => focused(close)).toBe(true);
      await close.click();
      await dialog(page).waitFor({ state: 'hidden' });

      // The card reads «Отменён» with the reason; its button is gone, and the keyboard is on the card.
      await card.getByText('Отменён', { exact: true }).waitFor();
      expect(await card.innerText()).toContain('Возврат товара на Wildberries');
      expect(await factOf(card, m.pointsCancelled).innerText()).toBe(String(RECEIPT_POINTS));
      expect(await card.getByRole('button', { name: m.cancelButton }).count()).toBe(0);
      await expect.poll(() => focused(card)).toBe(true);

      // The status filter: «Отменён» lists it, «Успешно» no longer does.
      const status = page.getByLabel(m.statusFilter, { exact: true });
      await status.selectOption({ label: 'Отменён' });
      await page.waitForURL((url) => url.searchParams.get('status') === 'cancelled');
      await expect.poll(() => page.getByRole('article').count()).toBe(1);
      await status.selectOption({ label: 'Успешно' });
      await page.getByText(messages.receipts.historyEmpty, { exact: true }).waitFor();
    }));

  it('from the buyer card on a 375 px phone, by keyboard alone', () =>
    withPage(async (page) => {
      const { actionId, receiptId } = await sellerWithReceipt(page);
      await page.goto(`/dashboard/buyers/100500?project_id=${actionId}`);
      const receipts = page.getByRole('table', { name: messages.buyerCard.receiptsTitle });
      const open = receipts.getByRole('button', { name: fillMessage(m.cancelButtonFor, { id: receiptId }) });
      await open.focus();
      await page.keyboard.press('Enter');
      await expectPreview(page);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: 'dialog' })).toEqual([]);

      // Focus starts in the reason; Tab reaches «Не отменять», then «Отменить чек».
      await page.keyboard.type('Покупатель вернул товар');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(dialog(page).getByRole('button', { name: m.submit }))).toBe(true);
      await page.keyboard.press('Enter');
      const close = dialog(page).getByRole('button', { name: m.close });
      await expect.poll(() => focused(close)).toBe(true);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.keyboard.press('Enter');
      await dialog(page).waitFor({ state: 'hidden' });

      // The card's receipts and points follow: «Отменён» with the reason, nothing left to spend.
      await receipts.getByText('Покупатель вернул товар', { exact: false }).waitFor();
      expect(await receipts.getByRole('button', { name: m.cancelButton }).count()).toBe(0);
      const ledger = page.getByRole('table', { name: messages.buyerCard.ledgerTitle });
      await expect.poll(() => ledger.locator('tbody tr').count()).toBe(2);
      expect(await ledger.locator('tbody tr').first().innerText()).toContain(messages.points.kindCancel);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});
