import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { DEMO_SAMPLES } from '../../src/server/modules/operator/samples.js';
import { plainSpaces } from '../support/api-client.js';
import { MOBILE, hasHorizontalOverflow, seriousViolations, useBrowser } from './helpers.js';

const s = messages.actionScreens;
const { withSeller } = useBrowser();

const table = (page: Page) => page.getByRole('table', { name: s.tiersCaption });
const rowTexts = async (page: Page) =>
  (await table(page).getByRole('row').allInnerTexts()).map((text) => plainSpaces(text).replace(/\s+/g, ' ').trim());
/** The value beside a label in the prices list. */
const factValue = async (page: Page, term: string) =>
  plainSpaces(await page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').innerText());

describe('Tariffs', () => {
  it("shows the prices, every receipt tier, and marks a new seller's tier 1 as theirs", () =>
    withSeller(async (page) => {
      await page.goto('/dashboard/tariffs');
      await table(page).waitFor();
      expect(await factValue(page, s.activationPrice)).toBe('20 000 ₽');
      expect(await factValue(page, 'Одна акция на 30 дней')).toBe('3 000 ₽');
      expect(await factValue(page, s.yourReceiptPrice)).toBe('8 ₽');
      expect(await factValue(page, s.yourScannedReceipts)).toBe('0');

      expect(await rowTexts(page)).toEqual([
        `${s.tiersReceipts} ${s.tiersPrice}`,
        `0–200 ${s.tierCurrent} 8 ₽`,
        '201–1 000 6 ₽',
        '1 001–5 000 4 ₽',
        '5 001–10 000 2 ₽',
        '10 001–50 000 1,50 ₽',
        '50 001–100 000 1 ₽',
        'более 100 000 0,75 ₽',
      ]);
      const current = table(page).locator('tr[aria-current="true"]');
      expect(await current.count()).toBe(1);
      expect(plainSpaces(await current.innerText())).toContain('0–200');

      const demo = page.getByRole('link', { name: messages.billing.demoRequest });
      // Demo mode with no contact set: the sample address on the reserved example.com domain.
      expect(await demo.getAttribute('href')).toBe(`mailto:${DEMO_SAMPLES.contact_email}`);
      // …and says it is an example, as does the sidebar's «Поддержка».
      const sample = fillMessage(messages.operator.contactSample, { contact: DEMO_SAMPLES.contact_email! });
      expect(await demo.innerText()).toContain(sample);
      const support = page.getByRole('link', { name: new RegExp(`^${messages.dashboard.support}`) });
      expect(await support.getAttribute('href')).toBe(`mailto:${DEMO_SAMPLES.contact_email}`);
      expect(await support.innerText()).toContain(sample);
      await page.getByRole('banner').getByText('Цена чека: 8 ₽', { exact: true }).waitFor();
    }));

  it("a failed price load says 'Не удалось загрузить тарифы. Попробуйте позже.'", () =>
    withSeller(async (page) => {
      await page.route(/\/lk\/api\/billing\/settings/, (route) => route.fulfill({ status: 503, body: '' }));
      await page.goto('/dashboard/tariffs');
      await page.getByRole('alert').getByText(messages.billing.tariffsLoadFailed, { exact: true }).waitFor();
      expect(await table(page).count()).toBe(0);
    }));

  it('fits 375 px and has no serious or critical axe findings', () =>
    withSeller(async (page) => {
      await page.goto('/dashboard/tariffs');
      await table(page).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    }, MOBILE));

  it('has no serious or critical axe findings on a wide screen', () =>
    withSeller(async (page) => {
      await page.goto('/dashboard/tariffs');
      await table(page).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }));
});
