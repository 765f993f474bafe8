import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import type { Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.promoCodes;
const WB_SELLER = '072196655529'; // the supplier INN on the Wildberries fixture receipt
const { withPage } = useBrowser();

async function sellerWithAction(page: Page): Promise<{ seller: Seller; actionId: number }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  await signInAs(page, seller);
  return { seller, actionId: created.body.project_id };
}

const section = (page: Page) => page.getByRole('region', { name: m.title, exact: true });
/** The section is folded until opened: its summary is the heading. */
async function openSection(page: Page): Promise<void> {
  await page.getByRole('heading', { name: m.title, exact: true }).click();
  await section(page).waitFor();
}
/** A key figure of the section: the <dd> after its <dt>. */
const figure = (page: Page, term: string) =>
  section(page)
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
const figures = async (page: Page) => [
  await figure(page, m.total).innerText(),
  await figure(page, m.remaining).innerText(),
  await figure(page, m.issued).innerText(),
];

describe('the action page’s promo codes', () => {
  it('a seller pastes codes, loads a CSV file, generates more, chooses the rule and sees who got which code', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      await page.goto(`/dashboard/action/${actionId}`);
      await openSection(page);
      const codes = section(page);
      await codes.getByText(m.emptyPool, { exact: true }).waitFor();
      expect(await codes.getByLabel(m.ruleLabel).inputValue()).toBe('off');

      // A code with a space is refused at the field, before anything is sent.
      const paste = codes.getByLabel(m.pasteLabel);
      await paste.fill('GOOD-1\nHAS SPACE');
      await codes.getByRole('button', { name: m.add, exact: true }).click();
      await codes.getByText(fillMessage(m.codeInvalid, { code: 'HAS SPACE' }), { exact: true }).waitFor();

      await paste.fill(' A-1 \nA-1\n\nB-2');
      await codes.getByRole('button', { name: m.add, exact: true }).click();
      await codes.getByText(fillMessage(m.added, { added: 2, skipped: 1 }), { exact: true }).waitFor();
      expect(await paste.inputValue()).toBe('');
      // The warning shows above the fold, so it is seen with the fold closed too.
      await page
        .getByRole('alert')
        .filter({ hasText: fillMessage(m.low, { remaining: 2 }) })
        .waitFor();
      expect(await figures(page)).toEqual(['2', '2', '0']);

      // A spreadsheet's one-column CSV: its codes land in the text box first.
      await codes
        .getByLabel(m.fileLabel)
        .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from('"C-3";\r\nC-4;\r\nA-1;\r\n') });
      await codes.getByText(fillMessage(m.fileChosen, { name: 'codes.csv', count: 3 }), { exact: true }).waitFor();
      expect(await paste.inputValue()).toBe('C-3\nC-4\nA-1');
      await codes.getByRole('button', { name: m.add, exact: true }).click();
      await codes.getByText(fillMessage(m.added, { added: 2, skipped: 1 }), { exact: true }).waitFor();

      await codes.getByLabel(m.prefixLabel).fill('vip-');
      await codes.getByLabel(m.countLabel).fill('0');
      await codes.getByRole('button', { name: m.generate, exact: true }).click();
      await codes.getByText(m.countInvalid, { exact: true }).waitFor();
      await codes.getByLabel(m.countLabel).fill('96');
      await codes.getByRole('button', { name: m.generate, exact: true }).click();
      await codes.getByText(fillMessage(m.generated, { added: 96 }), { exact: true }).waitFor();
      await figure(page, m.total).getByText('100', { exact: true }).waitFor();
      expect(await page.getByText(fillMessage(m.low, { remaining: 100 })).count()).toBe(0);

      await codes.getByLabel(m.ruleLabel).selectOption({ label: m.ruleEvery });
      await codes.getByRole('button', { name: m.saveRule, exact: true }).click();
      await codes.getByText(m.ruleSaved, { exact: true }).waitFor();
      await codes.getByText(m.noneIssued, { exact: true }).waitFor();

      // A shopper's receipt takes the lowest code; the list shows it after a reload.
      const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
      const checked = await seller.api.post('/check', { qrurl, project_id: actionId, user_id_tg: '100500' });
      expect(checked.body.data.promo_code).toBe('A-1');
      await page.reload();
      await openSection(page);
      const table = section(page).getByRole('region', { name: m.issuedTitle, exact: true });
      const row = table.getByRole('row').filter({ hasText: 'A-1' });
      await row.waitFor();
      expect(await row.getByText('100500').count()).toBe(1);
      expect(await figures(page)).toEqual(['100', '99', '1']);
      expect(await section(page).getByLabel(m.ruleLabel).inputValue()).toBe('every');
    }));

  it('works on a phone: no sideways scrolling, every control labelled and reachable', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      await seller.api.post(`/projects/${actionId}/promo-codes`, { codes: ['PHONE-1'] });
      await seller.api.request('PUT', `/projects/${actionId}/promo-codes/settings`, { body: { rule: 'first' } });
      const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
      await seller.api.post('/check', { qrurl, project_id: actionId, user_id_tg: '100501' });
      await page.goto(`/dashboard/action/${actionId}`);
      await page
        .getByRole('alert')
        .filter({ hasText: fillMessage(m.low, { remaining: 0 }) })
        .waitFor();
      // Keyboard: the fold's summary takes focus and Enter opens it.
      await page.locator('summary', { has: page.getByRole('heading', { name: m.title, exact: true }) }).focus();
      await page.keyboard.press('Enter');
      const codes = section(page);
      await codes.getByText('PHONE-1', { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.promo-codes' })).toEqual([]);
      // Tab goes from the rule select to its save button.
      await codes.getByLabel(m.ruleLabel).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(m.saveRule);
    }, MOBILE));
});
