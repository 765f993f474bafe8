import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { MOBILE, seriousViolations, signedInSeller, useBrowser } from './helpers.js';

const d = messages.dashboard;
const { withPage } = useBrowser();

describe.each([
  ['desktop', undefined],
  ['phone', MOBILE],
])('no serious or critical axe findings (%s)', (_name, viewport) => {
  // The landing page's pass is in landing.test.ts, at both sizes, with every section scrolled into view.
  it.each(['/login', '/register'])('on %s', (path) =>
    withPage(async (page) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }, viewport),
  );

  it('on /dashboard, with the menu and the top-up dialog open too', () =>
    withPage(async (page) => {
      await signedInSeller(page);
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const toggle = page.getByRole('button', { name: d.menuToggle, exact: true });
      if (await toggle.isVisible()) {
        await toggle.click();
        await page.getByRole('navigation', { name: d.navLabel }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      }

      await page.getByRole('button', { name: d.topUp, exact: true }).click();
      await page.getByRole('dialog', { name: messages.topUpDialog.title }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }, viewport));
});
