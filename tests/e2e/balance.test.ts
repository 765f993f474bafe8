import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { plainSpaces, type Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { TEST_ADMIN_TOKEN } from '../support/server-process.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, signInAs, signedInSeller, useBrowser, waitForPath } from './helpers.js';

const s = messages.actionScreens;
const { withPage } = useBrowser();

/** A bank-transfer credit through the operator API (what `npm run admin -- user:credit` calls), without a process per call. */
async function credit(seller: Seller, rubles: number, reference: string): Promise<void> {
  const answer = await seller.api.post(
    '/admin/credit',
    { email: seller.email, rubles, reference },
    { headers: { 'x-admin-token': TEST_ADMIN_TOKEN }, token: null },
  );
  if (answer.status !== 200) throw new Error(`credit failed: ${answer.text}`);
}

const statement = (page: Page) => page.getByRole('list', { name: s.balanceTitle });
const lines = async (page: Page) =>
  (await statement(page).getByRole('listitem').allInnerTexts()).map((text) => plainSpaces(text).replace(/\s+/g, ' ').trim());

describe('Операции по балансу', () => {
  it('lists the credit and the charges newest first, reached from the balance in the sidebar', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_500);
      await seller.api.post('/projects', { name: 'Весенняя акция', project_inns: '7707083893' });
      await signInAs(page, seller);
      await page.goto('/dashboard');
      await page.getByRole('link', { name: s.balanceHistoryLink }).click();
      await waitForPath(page, '/dashboard/balance');
      await page.getByRole('heading', { level: 1, name: s.balanceTitle }).waitFor();
      await statement(page).waitFor();
      const rows = await lines(page);
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatch(
        /^Подписка на акцию «Весенняя акция» на 30 дней \d\d\.\d\d\.\d{4}, \d\d:\d\d МСК −3 000 ₽ Баланс после: 500 ₽$/,
      );
      expect(rows[1]).toMatch(/^Активация аккаунта \d\d\.\d\d\.\d{4}, \d\d:\d\d МСК −20 000 ₽ Баланс после: 3 500 ₽$/);
      expect(rows[2]).toMatch(/^Пополнение банковским переводом \d\d\.\d\d\.\d{4}, \d\d:\d\d МСК \+23 500 ₽ Баланс после: 23 500 ₽$/);
      expect(await page.getByRole('link', { name: s.balanceHistoryLink }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('button', { name: messages.receipts.showMore }).count()).toBe(0);
    }));

  it("pages with 'Показать ещё'", () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 0, { activated: false });
      for (let i = 1; i <= 22; i++) await credit(seller, i, `e2e-statement-${seller.id}-${i}`);
      await signInAs(page, seller);
      await page.goto('/dashboard/balance');
      await statement(page).waitFor();
      expect(await statement(page).getByRole('listitem').count()).toBe(20);
      expect((await lines(page))[0]).toContain('+22 ₽');
      await page.getByRole('button', { name: messages.receipts.showMore }).click();
      await expect.poll(() => statement(page).getByRole('listitem').count()).toBe(22);
      expect((await lines(page))[21]).toContain('+1 ₽');
      await page.getByRole('button', { name: messages.receipts.showMore }).waitFor({ state: 'detached' });
    }));

  it('a new seller sees the empty statement; a failed load shows the error', () =>
    withPage(async (page) => {
      await signedInSeller(page);
      await page.goto('/dashboard/balance');
      await page.getByText(s.operationsEmpty, { exact: true }).waitFor();
      await page.route(/\/lk\/api\/balance\/statement/, (route) => route.fulfill({ status: 500, body: '' }));
      await page.reload();
      await page.getByRole('alert').getByText(messages.billing.operationsLoadFailed, { exact: true }).waitFor();
    }));

  it.each([
    ['desktop', undefined],
    ['375 px', MOBILE],
  ])('folds a day’s receipt charges into one line and opens them on demand (%s)', (_size, viewport) =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_100);
      const projectId = (await seller.api.post('/projects', { name: 'Весенняя акция', project_inns: '072196655529' })).body
        .project_id as number;
      for (let i = 0; i < 3; i++) {
        const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
        expect((await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: '100500' })).body.success).toBe(true);
      }
      await signInAs(page, seller);
      await page.goto('/dashboard/balance');
      const folded = statement(page).locator(':scope > li').first();
      await folded.waitFor();
      expect(await statement(page).locator(':scope > li').count()).toBe(4);
      const text = plainSpaces(await folded.innerText()).replace(/\s+/g, ' ');
      expect(text).toMatch(/^Проверка чеков: 3 шт\. \d\d\.\d\d\.\d{4}, \d\d:\d\d( – \d\d:\d\d)? МСК −24 ₽ Баланс после: 76 ₽ /);

      const toggle = folded.getByRole('button', { name: s.statementChargesShow });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      const charges = folded.getByRole('list').getByRole('listitem');
      await expect.poll(() => charges.count()).toBe(3);
      const chargeLines = (await charges.allInnerTexts()).map((line) => plainSpaces(line).replace(/\s+/g, ' ').trim());
      expect(chargeLines[0]).toMatch(/^Проверка чека в акции «Весенняя акция» \d\d\.\d\d\.\d{4}, \d\d:\d\d МСК −8 ₽ Баланс после: 76 ₽$/);
      expect(chargeLines[2]).toMatch(/Баланс после: 92 ₽$/);
      expect(await hasHorizontalOverflow(page)).toBe(false);

      await folded.getByRole('button', { name: s.statementChargesHide, expanded: true }).click();
      await charges.first().waitFor({ state: 'hidden' });
    }, viewport),
  );

  it('fits 375 px', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_000);
      await seller.api.post('/projects', {
        name: 'Акция с длинным названием, которое переносится на узком экране телефона',
        project_inns: '7707083893',
      });
      await signInAs(page, seller);
      await page.goto('/dashboard/balance');
      await statement(page).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});
