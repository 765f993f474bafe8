import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { MOBILE, hasHorizontalOverflow, pathnameOf, useBrowser, waitForPath, type PageTest, type Viewport } from './helpers.js';

const d = messages.dashboard;
const { withSeller } = useBrowser();
const withSignedInPage = (test: PageTest, viewport?: Viewport) => withSeller(test, viewport, { name: 'Вера Маркетова' });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const topBar = (page: Page) => page.getByRole('banner');
const nav = (page: Page) => page.getByRole('navigation', { name: d.navLabel });

describe('the cabinet layout', () => {
  it('shows the seller, the balance, the receipt count and the demo badge', () =>
    withSignedInPage(async (page) => {
      await page.goto('/dashboard');
      await page.getByText('Вера Маркетова', { exact: true }).waitFor();
      await page.getByText('ВМ', { exact: true }).waitFor();
      await page.getByText(/^ID: \d+$/).waitFor();
      await page.getByText('0 ₽', { exact: true }).waitFor();
      await topBar(page).getByText('Чеков: 0', { exact: true }).waitFor();
      await topBar(page).getByText(d.demoBadge, { exact: true }).waitFor();
    }));

  it('every cabinet route shows its title in the top bar and as the heading, and marks its section', () =>
    withSignedInPage(async (page) => {
      const routes: Array<[string, string, string | null]> = [
        ['/dashboard', d.actionsTitle, d.actionsTitle],
        ['/dashboard/shop', d.shopTitle, d.shopTitle],
        ['/dashboard/mailing', d.mailingTitle, d.mailingTitle],
        ['/dashboard/segments', messages.segments.title, messages.segments.title],
        ['/dashboard/history', d.historyTitle, d.historyTitle],
        ['/dashboard/buyers', d.buyersTitle, d.buyersTitle],
        ['/dashboard/analytics', messages.analytics.title, messages.analytics.title],
        ['/dashboard/marketplaces', messages.marketplaces.title, messages.marketplaces.title],
        ['/dashboard/integrations', messages.webhooks.pageTitle, messages.webhooks.pageTitle],
        ['/dashboard/team', messages.teamScreen.title, messages.teamScreen.title],
        ['/dashboard/audit-log', messages.audit.title, messages.audit.title],
        ['/dashboard/tariffs', d.tariffsTitle, d.tariffsTitle],
        ['/dashboard/action/create', d.actionCreateTitle, d.actionsTitle],
        ['/dashboard/action/12', d.actionTitle, d.actionsTitle],
        ['/dashboard/action/12/edit', d.actionTitle, d.actionsTitle],
      ];
      for (const [path, title, section] of routes) {
        await page.goto(path);
        await heading(page, title).waitFor();
        await topBar(page).getByText(title, { exact: true }).waitFor();
        if (section) {
          const current = await nav(page).getByRole('link', { name: section, exact: true }).getAttribute('aria-current');
          expect(current, path).not.toBeNull();
        }
        expect(await page.title()).toContain(title);
      }
      expect(await page.getByText(messages.actionPage.invalidId).count()).toBe(0);
    }));

  it('a non-numeric action id is refused with the invalid-id message and a way back', () =>
    withSignedInPage(async (page) => {
      await page.goto('/dashboard/action/abc');
      await page.getByText(messages.actionPage.invalidId, { exact: true }).waitFor();
      await page.getByRole('link', { name: messages.actionPage.backToActions }).click();
      await waitForPath(page, '/dashboard');
    }));

  it('navigating through the sidebar marks the chosen section as current', () =>
    withSignedInPage(async (page) => {
      await page.goto('/dashboard');
      await nav(page).getByRole('link', { name: d.historyTitle, exact: true }).click();
      await waitForPath(page, '/dashboard/history');
      await heading(page, d.historyTitle).waitFor();
      expect(await nav(page).getByRole('link', { name: d.historyTitle, exact: true }).getAttribute('aria-current')).toBe('page');
      expect(await nav(page).getByRole('link', { name: d.actionsTitle, exact: true }).getAttribute('aria-current')).toBeNull();
    }));

  it("'Пополнить' opens the top-up dialog; Esc and 'Отмена' close it and focus returns", () =>
    withSignedInPage(async (page) => {
      await page.goto('/dashboard');
      const topUp = page.getByRole('button', { name: d.topUp, exact: true });
      const dialog = page.getByRole('dialog', { name: messages.topUpDialog.title });

      await topUp.click();
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      await dialog.getByRole('button', { name: /^1\s000/ }).waitFor();

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await topUp.evaluate((button) => button === document.activeElement)).toBe(true);

      await topUp.click();
      await dialog.getByRole('button', { name: messages.common.cancel, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await topUp.evaluate((button) => button === document.activeElement)).toBe(true);
    }));
});

describe('loading', () => {
  it("shows 'Загрузка...' while the cabinet's code is on its way", () =>
    withSignedInPage(async (page) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/dashboard-layout-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/dashboard', { waitUntil: 'commit' });
      await page.getByText(messages.common.loading, { exact: true }).waitFor();
      release();
      await heading(page, d.actionsTitle).waitFor();
      expect(await page.getByText(messages.common.loading, { exact: true }).count()).toBe(0);
    }));
});

describe('the cabinet on a phone (375 px)', () => {
  it('the menu button shows the sidebar, a section can be chosen, and the menu closes', () =>
    withSignedInPage(async (page) => {
      await page.goto('/dashboard');
      const toggle = page.getByRole('button', { name: d.menuToggle, exact: true });
      const buyersLink = nav(page).getByRole('link', { name: d.buyersTitle, exact: true });
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await buyersLink.isVisible()).toBe(false);

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await buyersLink.click();
      await waitForPath(page, '/dashboard/buyers');
      await heading(page, d.buyersTitle).waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await buyersLink.waitFor({ state: 'hidden' });

      await toggle.click();
      await page.keyboard.press('Escape');
      await buyersLink.waitFor({ state: 'hidden' });
      expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

      await toggle.click();
      await page.getByRole('button', { name: d.menuClose, exact: true }).click();
      await buyersLink.waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));

  it('the top-up dialog opened from the menu hides the menu while open and returns to it when closed', () =>
    withSignedInPage(async (page) => {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: d.menuToggle, exact: true }).click();
      const topUp = page.getByRole('button', { name: d.topUp, exact: true });
      await topUp.click();
      const dialog = page.getByRole('dialog', { name: messages.topUpDialog.title });
      await dialog.waitFor();
      // The menu does not stay open behind the dialog.
      await nav(page).waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: d.menuToggle, exact: true }).getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // The menu comes back first, then its 'Пополнить' takes the focus.
      await expect.poll(() => topUp.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await page.getByRole('button', { name: d.menuToggle, exact: true }).getAttribute('aria-expanded')).toBe('true');
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));

  it('nothing overflows sideways on /dashboard', () =>
    withSignedInPage(async (page) => {
      await page.goto('/dashboard');
      await heading(page, d.actionsTitle).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(pathnameOf(page)).toBe('/dashboard');
    }, MOBILE));
});
