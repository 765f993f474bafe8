import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { launchBrowser } from '../support/browser.js';
import { MOBILE, openPage, signedInSeller } from './helpers.js';

const d = messages.dashboard;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(test: (page: Page) => Promise<void>, viewport?: { width: number; height: number }) {
  const { context, page } = await openPage(browser, viewport);
  try {
    await test(page);
  } finally {
    await context.close();
  }
}

/** Serious and critical axe findings, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

describe.each([
  ['desktop', undefined],
  ['phone', MOBILE],
])('no serious or critical axe findings (%s)', (_name, viewport) => {
  it.each(['/', '/login', '/register'])('on %s', (path) =>
    withPage(async (page) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }, viewport));

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
