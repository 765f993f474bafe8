import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../src/contract/constants.js';
import { formatPercent } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import type { Receipt } from '../../src/contract/receipts.js';
import { DEMO_WILDBERRIES_TOKEN } from '../../src/server/integrations/wildberries/emulator.js';
import { hero } from '../../src/web/content/landing.js';
import { randomAddress, uniqueEmail } from '../support/api-client.js';
import { advance } from '../support/clock.js';
import { newPage } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server-process.js';
import { hasHorizontalOverflow, MOBILE, useBrowser, waitForPath } from './helpers.js';

const f = messages.authForms;
const g = messages.guidedStart;
/** The goal: from the landing to the first shopper's points in at most this many user actions. */
const MAX_ACTIONS = 15;
const { browser } = useBrowser();

/**
 * A new seller in demo mode, from `/` to the first shopper's points, counting every click and
 * every field filled. `npm start` sets no PUBLIC_URL; the seller may open the demo at either
 * loopback name, and every link, the payment's return and the pictures must follow.
 */
describe('a new seller’s way to the first shopper’s points (demo mode)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: '' });
  });
  afterAll(async () => server?.stop());

  it.each([
    ['localhost', true],
    ['127.0.0.1', false],
  ])(
    `takes at most ${MAX_ACTIONS} actions and no dead end at http://%s (then the demo marketplace's figure on the dashboard: %s)`,
    { timeout: 300_000 },
    async (host, withMarketplace) => {
      const origin = `http://${host}:${new URL(server.url).port}`;
      const { context, page } = await newPage(browser(), origin, MOBILE);
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': randomAddress() });
      context.setDefaultTimeout(45_000);
      let actions = 0;
      const act = async (step: () => Promise<unknown>) => {
        actions += 1;
        await step();
      };
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      const email = uniqueEmail('first-points');
      const password = 'secret-42';
      try {
        await page.goto('/');
        await act(() => page.getByRole('link', { name: hero.tryFree }).click());
        await waitForPath(page, '/register');
        await act(() => page.getByLabel(f.nameLabel, { exact: true }).fill('Анна'));
        await act(() => page.getByLabel(f.emailLabel, { exact: true }).fill(email));
        await act(() => page.getByLabel(f.passwordLabel, { exact: true }).fill(password));
        await act(() => page.getByLabel(f.confirmPasswordLabel, { exact: true }).fill(password));
        await act(() => page.getByRole('button', { name: f.registerSubmit, exact: true }).click());
        await waitForPath(page, '/login');
        expect(await page.getByLabel(f.emailLabel, { exact: true }).inputValue()).toBe(email);
        await act(() => page.getByLabel(f.passwordLabel, { exact: true }).fill(password));
        await act(() => page.getByRole('button', { name: f.loginSubmit, exact: true }).click());
        await waitForPath(page, '/dashboard');

        // The guided start: the action's name and (in demo mode) the test receipt's seller INN come filled in.
        await page.getByRole('heading', { name: g.title }).waitFor();
        expect(await page.getByRole('list', { name: g.stepsLabel }).getByRole('listitem').first().getAttribute('aria-current')).toBe(
          'step',
        );
        // A receipt earns once, and its points are held for the marketplaces' return window: the start says both.
        expect(await page.getByLabel(messages.trust.holdDaysLabel, { exact: true }).inputValue()).toBe('14');
        await page.getByText(g.duplicatesForbidden).waitFor();
        await act(() => page.getByRole('button', { name: g.demoToken }).click());
        await act(() => page.getByRole('button', { name: g.next, exact: true }).click());
        // One payment for all of it, every line explained; nothing leaves the balance unable to pay a receipt.
        await page.getByRole('row', { name: /Активация аккаунта/ }).waitFor();
        await page.getByRole('row', { name: /Запас на 100 чеков/ }).waitFor();
        // …and honest that a demo's payment is emulated.
        await page.getByText(g.paymentDemoNote, { exact: true }).waitFor();
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await act(() => page.getByRole('button', { name: /^Оплатить .* картой и запустить$/ }).click());
        await page.waitForURL((url) => url.pathname === '/__emulators/payments/Merchant/Index.aspx' && url.host === new URL(origin).host);
        await act(() => page.getByRole('button', { name: 'Оплатить', exact: true }).click());

        // Back at the same address, still signed in: the bot launches by itself.
        await page.getByRole('heading', { name: g.readyTitle }).waitFor({ timeout: 90_000 });
        expect(new URL(page.url()).host).toBe(new URL(origin).host);
        await act(() => page.getByRole('link', { name: g.readyDemoChat }).click());
        await waitForPath(page, '/__emulators/telegram/chat');
        await act(() => page.getByRole('button', { name: 'Отправить боту фото тестового чека акции' }).click());
        await page
          .getByRole('log')
          // The demo receipt is a fresh random purchase of the action's goods: some points, whatever the sum,
          // held for the 14 days the start proposed.
          .getByText(new RegExp(messages.points.heldUntilLine.replace('{date}', '\\d\\d\\.\\d\\d').replace(/[.:]$/, '')))
          .waitFor({ timeout: 90_000 })
          .catch(async (error: unknown) => {
            throw new Error(
              `${String(error)}\n--- page errors: ${pageErrors.join('\n')}\n--- the page shows:\n${await page.locator('body').innerText()}`,
            );
          });

        expect(actions).toBeLessThanOrEqual(MAX_ACTIONS);
        expect(pageErrors).toEqual([]);
        await expectNoBlockedPictures(page);
        // Once is enough for what follows: it does not depend on the address.
        if (withMarketplace) await expectDashboardPayoff(page, origin);
      } finally {
        await context.close();
      }
    },
  );
});

/**
 * The seller connects the demo Wildberries account; its import stores the emulator's rows, and the
 * dashboard's «Окупаемость» figure is the demo receipt's units ÷ the units sold net in those rows.
 */
async function expectDashboardPayoff(page: Page, origin: string): Promise<void> {
  const m = messages.marketplaces;
  const p = messages.payoff;
  await page.goto('/dashboard/marketplaces');
  const form = page.getByRole('region', { name: fillMessage(m.connectTitle, { marketplace: 'Wildberries' }) });
  await form.getByLabel(m.tokenLabel).fill(DEMO_WILDBERRIES_TOKEN);
  await form.getByRole('button', { name: m.connect }).click();
  const card = page.getByRole('region', { name: 'Wildberries', exact: true });
  await card.getByText(/^Строк продаж и возвратов: [1-9]/).waitFor();
  // The first page arrives at once; the next call, a minute later (Wildberries' limit, on the demo clock), finds nothing new.
  await advance(origin, 61);
  await card.getByText(m.statusIdle, { exact: true }).waitFor();

  // The emulator's rows (its test-only listing) and the receipts the seller has: the figure's two sides.
  const { sales } = (await (await fetch(`${origin}/__emulators/wildberries/control/sales`)).json()) as { sales: { saleID: string }[] };
  const sold = sales.filter((row) => row.saleID.startsWith('S')).length - sales.filter((row) => row.saleID.startsWith('R')).length;
  // The signed-in session the cabinet keeps in the browser, for the receipts the seller has.
  const token = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token,
    SESSION_STORAGE_KEY,
  );
  const listed = await fetch(`${origin}/lk/api/receipts?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  const { receipts } = (await listed.json()) as { receipts: Receipt[] };
  const units = receipts
    .filter((receipt) => receipt.status === 'success')
    .flatMap((receipt) => receipt.items.filter((item) => item.status === 'counted'))
    .reduce((sum, item) => sum + item.quantity, 0);
  expect(units).toBeGreaterThan(0);

  await page.goto('/dashboard');
  const figure = page.getByRole('region', { name: p.title });
  await figure.getByText(formatPercent(Math.round((units / sold) * 1000) / 10), { exact: true }).waitFor();
  await figure.getByText(fillMessage(p.dashboardCounts, { receipts: String(units), sold: String(sold) }), { exact: true }).waitFor();
  expect(await hasHorizontalOverflow(page)).toBe(false);
}

/** The pages showed no picture the content security policy refused (a demo at another loopback name). */
async function expectNoBlockedPictures(page: Page): Promise<void> {
  const broken = await page.evaluate(() =>
    [...document.images].filter((image) => image.complete && image.naturalWidth === 0 && image.src).map((image) => image.src),
  );
  expect(broken).toEqual([]);
}
