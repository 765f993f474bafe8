import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { ROOT } from '../support/server-process.js';
import { MOBILE, baseUrl, signInAs, useBrowser, type Viewport } from './helpers.js';

// Issue 14 "Done when": every cabinet screen, at 1440×900 and 375×812, fits the window
// sideways and clips no text; a full-page screenshot of each is saved for review.
const SCREENSHOTS = path.join(ROOT, 'tests/e2e/screenshots/cabinet');
const { withPage } = useBrowser();
const DESKTOP: Viewport = { width: 1440, height: 900 };
const LONG_NAME = 'Весенняя распродажа косметики Aurora для постоянных покупателей маркетплейса';

beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));

/** What is wrong with the page's layout: sideways overflow, and elements whose text is cut off. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) problems.push(`page is ${root.scrollWidth}px wide in a ${window.innerWidth}px window`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (!element.checkVisibility() || element.closest('[aria-hidden="true"], .visually-hidden, .table-scroll')) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      // An ellipsis says the text goes on (and the full text is the title or shown elsewhere).
      if (!clips || style.textOverflow === 'ellipsis' || !element.innerText?.trim()) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        problems.push(`text clipped in <${element.tagName.toLowerCase()} class="${element.className}">: ${element.innerText.slice(0, 60)}`);
    }
    return problems;
  });
}

/** A seller with a long-named action that has accepted a receipt: every screen has content. */
async function sellerWithData(page: Page): Promise<number> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: LONG_NAME, project_inns: '072196655529' });
  const actionId: number = created.body.project_id;
  const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics', 2));
  await seller.api.post('/check', { qrurl: qr, project_id: actionId, user_id_tg: '100500' });
  await signInAs(page, seller);
  return actionId;
}

const screens = (actionId: number): Array<[string, string]> => [
  ['my-actions', '/dashboard'],
  ['create-action', '/dashboard/action/create'],
  ['action', `/dashboard/action/${actionId}`],
  ['action-edit', `/dashboard/action/${actionId}/edit`],
  ['history', '/dashboard/history'],
  ['buyers', '/dashboard/buyers'],
  ['tariffs', '/dashboard/tariffs'],
  ['balance', '/dashboard/balance'],
  ['shop', '/dashboard/shop'],
  ['mailing', '/dashboard/mailing'],
  ['segments', '/dashboard/segments'],
];

/** Opens each screen, saves its screenshot and answers what is wrong with its layout. */
async function lookAt(page: Page, size: string, viewport: Viewport, pages: ReadonlyArray<readonly [string, string]>): Promise<string[]> {
  const found: string[] = [];
  for (const [name, url] of pages) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Receipt items folded out too, where there are any.
    const items = page.getByRole('button', { name: /^Товары \(\d+\)$/ });
    if (await items.count()) await items.first().click();
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport.width}.png`), fullPage: true });
    found.push(...(await layoutProblems(page)).map((problem) => `${size} ${url}: ${problem}`));
  }
  return found;
}

// The cabinet's screens in two halves, a test each: all of them with their screenshots in one test
// took 50–60 s beside the suite.
describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('every cabinet screen on %s', (size, viewport) => {
  it.each([
    ['the first half', 0, 6],
    ['the second half', 6, undefined],
  ] as const)('%s fits the window sideways and clips no text (screenshots saved)', (_half, from, to) =>
    withPage(async (page) => {
      const actionId = await sellerWithData(page);
      expect(await lookAt(page, size, viewport, screens(actionId).slice(from, to))).toEqual([]);
    }, viewport),
  );

  it('the sign-in and sign-up pages fit the window sideways and clip no text (screenshots saved)', () =>
    withPage(async (page) => {
      const pages = [
        ['login', '/login'],
        ['register', '/register'],
      ] as const;
      expect(await lookAt(page, size, viewport, pages)).toEqual([]);
    }, viewport));
});
