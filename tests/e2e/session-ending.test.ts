import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { profileResponseSchema } from '../../src/contract/auth.js';
import { messages } from '../../src/contract/messages.js';
import { createSeller } from '../support/api-client.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, storeSession, useBrowser, waitForPath, type Viewport } from './helpers.js';

// Issue 14 items 9, 12 and 13: /login and /register as a returning or a new seller meets them.
const f = messages.authForms;
const c = messages.cabinetPolish;
const { withPage } = useBrowser();
const DESKTOP: Viewport = { width: 1440, height: 900 };

/** Every console error and uncaught page error, as text. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A seller whose stored session the server no longer accepts: signed out elsewhere (revoked). */
async function revokedSession() {
  const seller = await createSeller(baseUrl());
  const { user } = profileResponseSchema.parse((await seller.api.get('/profile')).body);
  const token = seller.api.token!;
  expect((await seller.api.post('/logout')).status).toBeLessThan(300);
  return { token, user };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('a stored session that ended, on %s', (_size, viewport) => {
  it("a revoked session lands on /login with 'Сессия истекла. Войдите снова.' and nothing logged as an unexpected answer", () =>
    withPage(async (page) => {
      await storeSession(page, await revokedSession());
      const errors = collectErrors(page);
      await page.goto('/dashboard/tariffs');
      await waitForPath(page, '/login');
      await page.getByRole('status').getByText(messages.common.sessionExpired, { exact: true }).waitFor();
      expect(errors.filter((text) => /Unexpected answer|could not be checked/.test(text))).toEqual([]);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, viewport));

  it('an expired (unknown) token says the same, and signing in again clears the message', () =>
    withPage(async (page) => {
      const seller = await createSeller(baseUrl());
      const { user } = profileResponseSchema.parse((await seller.api.get('/profile')).body);
      await storeSession(page, { token: 'expired-token-that-the-server-does-not-know', user });
      await page.goto('/dashboard');
      await waitForPath(page, '/login');
      const notice = page.getByText(messages.common.sessionExpired, { exact: true });
      await notice.waitFor();

      await page.getByLabel(f.emailLabel, { exact: true }).fill(seller.email);
      await page.getByLabel(f.passwordLabel, { exact: true }).fill(seller.password);
      await page.getByRole('button', { name: f.loginSubmit, exact: true }).click();
      await waitForPath(page, '/dashboard');
      await page.getByRole('heading', { level: 1, name: messages.dashboard.actionsTitle }).waitFor();
      // On a phone 'Выйти' is in the menu.
      const menu = page.getByRole('button', { name: messages.dashboard.menuToggle, exact: true });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('button', { name: messages.dashboard.logout, exact: true }).click();
      await waitForPath(page, '/login');
      // An explicit logout is not an expiry.
      await page.getByRole('heading', { name: f.loginTitle }).waitFor();
      expect(await notice.count()).toBe(0);
    }, viewport));
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('/login and /register on %s', (_size, viewport) => {
  it('registration states that registering accepts the offer and the privacy policy, with links to both', () =>
    withPage(async (page) => {
      await page.goto('/register');
      const form = page.locator('form');
      const consent = form.getByText(c.consentBeforeOffer.trim(), { exact: false });
      await consent.waitFor();
      expect(await form.getByRole('link', { name: c.consentOfferLink }).getAttribute('href')).toBe('/oferta');
      expect(await form.getByRole('link', { name: c.consentPrivacyLink }).getAttribute('href')).toBe('/privacy');
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, viewport));

  for (const path of ['/login', '/register']) {
    it(`${path} has the public footer: legal details, the offer and the privacy policy`, () =>
      withPage(async (page) => {
        await page.goto(path);
        const footer = page.getByRole('contentinfo');
        await footer.waitFor();
        expect(await footer.getByRole('link', { name: 'Публичная оферта' }).getAttribute('href')).toBe('/oferta');
        expect(await footer.getByRole('link', { name: 'Политика конфиденциальности' }).getAttribute('href')).toBe('/privacy');
        // The operator's details arrive after the page renders (the footer leaves them out until then).
        await footer.getByText(/ИНН/).first().waitFor();
        expect(await hasHorizontalOverflow(page)).toBe(false);
      }, viewport));
  }
});
