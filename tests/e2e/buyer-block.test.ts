import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { BUYER_FLAG_LABELS } from '../../src/contract/trust.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const t = messages.trust;
const WB_SELLER = '072196655529';
const BUYER = '100500';
const { withPage } = useBrowser();

/**
 * A signed-in seller whose action flags a shopper at more than one receipt an hour: buyer 100500
 * had one receipt accepted and sent a second that was not a receipt, so they are flagged.
 */
async function sellerWithFlaggedBuyer(page: Page): Promise<{ actionId: number; sellerName: string }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, suspicious_receipts_per_hour: 1 });
  if (created.status !== 201) throw new Error(created.text);
  const actionId: number = created.body.project_id;
  const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
  for (const qr of [qrurl, 'not a receipt']) await seller.api.post('/check', { qrurl: qr, project_id: actionId, user_id_tg: BUYER });
  await signInAs(page, seller);
  return { actionId, sellerName: seller.name };
}

const blockPanel = (page: Page) => page.getByRole('region', { name: t.blockTitle });
const dialog = (page: Page) => page.getByRole('dialog', { name: t.blockDialogTitle });

describe('blocking a shopper from the buyer card', () => {
  it('the flagged shopper is marked in Buyers and under «Подозрительные»; blocked with a reason, the card shows it, and unblocks', () =>
    withPage(async (page) => {
      const { actionId, sellerName } = await sellerWithFlaggedBuyer(page);
      await page.goto(`/dashboard/buyers?project=${actionId}`);
      const buyers = page.getByRole('table', { name: messages.receiptScreens.buyersCaption });
      const row = buyers.getByRole('row').filter({ hasText: BUYER });
      await row.getByText(t.suspiciousBadge).waitFor();
      await page.getByLabel(t.suspiciousFilterLabel).selectOption('1');
      await page.waitForURL((url) => url.searchParams.get('suspicious') === '1');
      await row.getByText(t.suspiciousBadge).waitFor();

      await row.getByRole('link', { name: BUYER }).click();
      const header = page.locator('.buyer-card__header');
      await header.getByText(BUYER_FLAG_LABELS.many_per_hour).waitFor();
      expect(await header.innerText()).toContain(fillMessage(t.flagManyPerHourDetail, { limit: 1 }));

      // The reason is required: nothing is sent without it.
      await blockPanel(page).getByRole('button', { name: t.blockButton }).click();
      await dialog(page).getByRole('button', { name: t.blockButton }).click();
      await dialog(page).getByText(t.blockReasonRequired).waitFor();
      await dialog(page).getByLabel(t.blockReasonLabel).fill('Сдаёт чужие чеки');
      await dialog(page).getByRole('button', { name: t.blockButton }).click();
      await blockPanel(page).getByRole('status').filter({ hasText: t.blockedDone }).waitFor();
      expect(await dialog(page).count()).toBe(0);
      const notice = await blockPanel(page).getByRole('group', { name: t.blockedTitle }).innerText();
      expect(notice).toContain(fillMessage(t.blockedReason, { reason: 'Сдаёт чужие чеки' }));
      expect(notice).toContain(sellerName);
      await header.getByText(t.blockedTitle).waitFor();

      await blockPanel(page).getByRole('button', { name: t.unblockButton }).click();
      await blockPanel(page).getByRole('status').filter({ hasText: t.unblockedDone }).waitFor();
      await blockPanel(page).getByText(t.blockIntro).waitFor();
      await blockPanel(page).getByRole('button', { name: t.blockButton }).waitFor();
      expect(await header.getByText(t.blockedTitle).count()).toBe(0);
    }));

  it('on a phone it fits the screen and blocks and unblocks with the keyboard alone', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithFlaggedBuyer(page);
      await page.goto(`/dashboard/buyers/${BUYER}?project_id=${actionId}`);
      const command = blockPanel(page).getByRole('button', { name: t.blockButton });
      await command.focus();
      await page.keyboard.press('Enter');
      // The dialog starts on the reason; Tab leads to «Отмена», then to «Заблокировать».
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await page.keyboard.type('Возвраты после начисления');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await blockPanel(page).getByRole('status').filter({ hasText: t.blockedDone }).waitFor();
      await blockPanel(page)
        .getByText(fillMessage(t.blockedReason, { reason: 'Возвраты после начисления' }))
        .waitFor();
      // The focus came back to the panel's command, which now unblocks.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t.unblockButton);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      await page.keyboard.press('Enter');
      await blockPanel(page).getByRole('status').filter({ hasText: t.unblockedDone }).waitFor();
      await blockPanel(page).getByRole('button', { name: t.blockButton }).waitFor();
    }, MOBILE));
});
