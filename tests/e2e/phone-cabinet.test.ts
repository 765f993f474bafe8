import { describe, expect, it } from 'vitest';
import { formatRubles } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { createFundedSeller } from '../support/operator.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, signInAs, useBrowser, waitForPath } from './helpers.js';

const d = messages.dashboard;
const { withPage } = useBrowser();

describe('the cabinet on a 375 px phone', () => {
  it('has a sticky header at most 64 px tall that shows the balance and leads to its history', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 1_250);
      await signInAs(page, seller);
      await page.goto('/dashboard/tariffs');
      const header = page.getByRole('banner');
      const balance = header.getByRole('link', { name: fillMessage(d.balanceShort, { amount: formatRubles(1_250) }), exact: true });
      await balance.waitFor();
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
      expect(await header.getByRole('button', { name: d.menuToggle, exact: true }).isVisible()).toBe(true);
      // Sticky: still at the top, whole, after the page scrolls.
      await page.mouse.wheel(0, 600);
      await expect.poll(async () => (await header.boundingBox())!.y).toBe(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await balance.click();
      await waitForPath(page, '/dashboard/balance');
    }, MOBILE));
});
