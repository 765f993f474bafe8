import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { plainSpaces } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, signInAs, useBrowser } from './helpers.js';

// The action's guards in the cabinet's form: repeat uploads forbidden by default, the hold, the caps
// and the suspicious threshold, on a phone.

const s = messages.actionScreens;
const t = messages.trust;
const { withPage } = useBrowser();

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const trustSection = (page: Page) => page.locator('details', { has: page.locator('summary', { hasText: t.sectionTitle }) });
const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? null);

describe('the action’s guards in the cabinet', () => {
  it('a new action forbids repeat uploads and says why; a wrong cap is shown at its field; the guards are saved and shown again', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
      await signInAs(page, seller);
      await page.goto('/dashboard/action/create');
      await field(page, s.nameLabel).fill('Без повторов');
      await field(page, s.innsLabel).fill('072196655529');
      const duplicates = field(page, s.duplicatesLabel);
      expect(await duplicates.isChecked()).toBe(true);
      await page.getByText(t.duplicatesWhy).waitFor();

      await page.locator('summary', { hasText: t.sectionTitle }).click();
      const section = trustSection(page);
      expect(await field(section, t.holdDaysLabel).inputValue()).toBe('0');
      expect(await field(section, t.maxReceiptsPerWeekLabel).inputValue()).toBe('');
      expect(await field(section, t.suspiciousPerHourLabel).inputValue()).toBe('5');
      await field(section, t.holdDaysLabel).fill('14');
      await field(section, t.maxReceiptsPerWeekLabel).fill('0');
      await field(section, t.maxPointsPerReceiptLabel).fill('500');
      expect(await hasHorizontalOverflow(page)).toBe(false);

      await button(page, s.createSubmit).click();
      await section.getByText(t.maxReceiptsPerWeekRange, { exact: true }).waitFor();
      // The error shows first; the focus moves to its field after that render.
      await expect.poll(async () => plainSpaces((await focusedLabel(page)) ?? '')).toBe(t.maxReceiptsPerWeekLabel);
      expect(await page.getByRole('dialog').count()).toBe(0);

      await field(section, t.maxReceiptsPerWeekLabel).fill('3');
      await button(page, s.createSubmit).click();
      await page.getByRole('dialog', { name: s.createConfirmTitle }).getByRole('button', { name: s.confirm, exact: true }).click();
      await page.waitForURL(/\/dashboard\/action\/\d+$/);
      const actionId = Number(new URL(page.url()).pathname.split('/').pop());
      expect((await seller.api.get(`/projects/${actionId}`)).body.project).toMatchObject({
        check_duplicates: 1,
        points_hold_days: 14,
        max_receipts_per_week: 3,
        max_points_per_receipt: 500,
        suspicious_receipts_per_hour: 5,
      });

      // The saved settings open with the same values.
      await page.locator('summary', { hasText: t.sectionTitle }).click();
      expect(await field(trustSection(page), t.holdDaysLabel).inputValue()).toBe('14');
      expect(await field(trustSection(page), t.maxReceiptsPerWeekLabel).inputValue()).toBe('3');
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});
