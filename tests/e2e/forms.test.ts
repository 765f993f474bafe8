import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, signInAs, useBrowser, type Viewport } from './helpers.js';

// Issue 14, "Forms": the check form's messenger ID, and the first wrong field after a failed submit.
const s = messages.actionScreens;
const r = messages.receiptScreens;
const { withPage } = useBrowser();
const DESKTOP: Viewport = { width: 1440, height: 900 };
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** Where a field and its label are against the sticky top bar and the bottom of the window. */
async function placeOf(page: Page, field: Locator) {
  return field.evaluate((input) => {
    const label = document.querySelector(`label[for="${input.id}"]`) ?? input;
    const bar = document.querySelector('.topbar')!.getBoundingClientRect();
    return {
      labelTop: label.getBoundingClientRect().top,
      fieldBottom: input.getBoundingClientRect().bottom,
      barBottom: bar.bottom,
      windowHeight: window.innerHeight,
      focused: input === document.activeElement,
    };
  });
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('forms on %s', (_size, viewport) => {
  it('the messenger user ID of the check form must be a positive integer, in the form and on the server', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_000);
      const created = await seller.api.post('/projects', { name: 'Акция для проверки', project_inns: '7707083893' });
      await signInAs(page, seller);
      await page.goto(`/dashboard/action/${created.body.project_id}`);
      let checks = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/lk/api/check')) checks += 1;
      });

      await page.getByLabel(r.qrLabel, { exact: true }).fill('t=20240101T1200&s=100.00&fn=1&i=2&fp=3&n=1');
      const buyerId = page.getByLabel(r.buyerIdLabel, { exact: true });
      await buyerId.fill('abc');
      await button(page, r.checkSubmit).click();
      await page.getByText(messages.receipts.buyerIdInvalid, { exact: true }).waitFor();
      expect(await buyerId.getAttribute('aria-invalid')).toBe('true');
      expect(checks).toBe(0);

      await buyerId.fill('-12');
      await button(page, r.checkSubmit).click();
      await page.getByText(messages.receipts.buyerIdInvalid, { exact: true }).waitFor();
      expect(checks).toBe(0);
      expect((await seller.api.get('/buyers')).body.buyers).toEqual([]);

      await buyerId.fill('100500');
      await button(page, r.checkSubmit).click();
      await page.getByRole('heading', { name: r.resultTitle }).waitFor();
      expect(checks).toBe(1);
    }, viewport));

  it('after a failed submit the first wrong field is focused with its label fully in view, below the sticky top bar', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_000);
      await signInAs(page, seller);
      await page.goto('/dashboard/action/create');
      // Every section open: the form is longer than the window, the name field at its top.
      for (const section of [s.sectionBot, s.sectionCommands]) await page.getByText(section, { exact: true }).click();
      await page.getByLabel(s.innsLabel, { exact: true }).fill('7707083893');
      const name = page.getByLabel(s.nameLabel, { exact: true });
      // The seller has scrolled so the name field sits just under the bar: inside the window, so
      // the browser alone would not scroll to it, yet hidden with its label.
      await name.evaluate((input) => window.scrollBy(0, input.getBoundingClientRect().top - 8));
      const before = await placeOf(page, name);
      expect(before.labelTop).toBeLessThan(before.barBottom);

      await button(page, s.createSubmit).dispatchEvent('click');
      await page.getByText(messages.actions.nameRequired, { exact: true }).waitFor();
      const place = await placeOf(page, name);
      expect(place.focused).toBe(true);
      expect(place.labelTop).toBeGreaterThanOrEqual(place.barBottom);
      expect(place.fieldBottom).toBeLessThanOrEqual(place.windowHeight);
    }, viewport));
});

describe('repeat scans', () => {
  it('the duplicates toggle says what each position means for points and the charge, and the history marks repeats', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_100);
      const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' });
      const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
      for (const buyer of ['100500', '100501']) {
        const answer = await seller.api.post('/check', { qrurl: qr, project_id: created.body.project_id, user_id_tg: buyer });
        expect(answer.body.data.status).toBe('success');
      }
      await signInAs(page, seller);

      await page.goto(`/dashboard/action/${created.body.project_id}/edit`);
      const toggle = page.getByLabel(s.duplicatesLabel, { exact: true });
      expect(await toggle.isChecked()).toBe(false);
      const description = await toggle.evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      );
      expect(description).toContain(messages.cabinetPolish.duplicatesOffHint);
      expect(description).toContain(messages.cabinetPolish.duplicatesOnHint);

      await page.goto('/dashboard/history');
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(2);
      await cards.first().getByText(messages.cabinetPolish.repeatBadge, { exact: true }).waitFor();
      expect(await cards.nth(1).getByText(messages.cabinetPolish.repeatBadge, { exact: true }).count()).toBe(0);
    }));
});
