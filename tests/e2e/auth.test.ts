import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../src/contract/constants.js';
import { messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller, uniqueEmail } from '../support/api-client.js';
import { baseUrl, pathnameOf, signedInSeller, useBrowser, waitForPath } from './helpers.js';

const f = messages.authForms;
const { withPage } = useBrowser();

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel(f.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(f.passwordLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: f.loginSubmit, exact: true }).click();
}

async function fillRegister(page: Page, form: { name: string; email: string; password: string; confirm: string }) {
  await page.getByLabel(f.nameLabel, { exact: true }).fill(form.name);
  await page.getByLabel(f.emailLabel, { exact: true }).fill(form.email);
  await page.getByLabel(f.passwordLabel, { exact: true }).fill(form.password);
  await page.getByLabel(f.confirmPasswordLabel, { exact: true }).fill(form.confirm);
  await page.getByRole('button', { name: f.registerSubmit, exact: true }).click();
}

describe('signing up, in and out', () => {
  it('a new seller registers, signs in, keeps the session over a reload, signs out, and returns to the page they asked for', () =>
    withPage(async (page) => {
      const email = uniqueEmail('e2e');
      const password = 'secret-42';
      await page.goto('/register');
      await fillRegister(page, { name: 'Анна Продавцова', email, password, confirm: password });

      await waitForPath(page, '/login');
      await page.getByRole('status').getByText(messages.auth.registerSuccess).waitFor();
      expect(await page.getByLabel(f.emailLabel, { exact: true }).inputValue()).toBe(email);

      await page.getByLabel(f.passwordLabel, { exact: true }).fill(password);
      await page.getByRole('button', { name: f.loginSubmit, exact: true }).click();
      await waitForPath(page, '/dashboard');
      await page.getByText('Анна Продавцова', { exact: true }).waitFor();
      await page.getByText('0 ₽', { exact: true }).waitFor();

      await page.reload();
      await page.getByText('Анна Продавцова', { exact: true }).waitFor();
      expect(pathnameOf(page)).toBe('/dashboard');

      const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').token as string, SESSION_STORAGE_KEY);
      await page.getByRole('button', { name: messages.dashboard.logout, exact: true }).click();
      await waitForPath(page, '/login');
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
      await expect.poll(async () => (await new ApiClient(baseUrl(), undefined, token).get('/profile')).status).toBe(401);

      await page.goto('/dashboard/buyers');
      await waitForPath(page, '/login');
      await fillLogin(page, email, password);
      await waitForPath(page, '/dashboard/buyers');
      await heading(page, messages.dashboard.buyersTitle).waitFor();
    }));

  it('the register form refuses empty, short, mismatched and taken entries and stays put', () =>
    withPage(async (page) => {
      const taken = await createSeller(baseUrl());
      await page.goto('/register');

      await page.getByRole('button', { name: f.registerSubmit, exact: true }).click();
      for (const text of [
        messages.validation.nameRequired,
        messages.validation.emailRequired,
        messages.validation.passwordRequired,
        messages.validation.confirmPasswordRequired,
      ]) {
        await page.getByText(text, { exact: true }).waitFor();
      }

      await fillRegister(page, { name: 'Борис', email: uniqueEmail('short'), password: '12345', confirm: '12345' });
      await page.getByText(messages.validation.passwordTooShort, { exact: true }).waitFor();

      await fillRegister(page, { name: 'Борис', email: uniqueEmail('mismatch'), password: 'secret-42', confirm: 'secret-43' });
      await page.getByText(messages.validation.passwordsMismatch, { exact: true }).waitFor();

      await fillRegister(page, { name: 'Борис', email: taken.email, password: 'secret-42', confirm: 'secret-42' });
      await page.getByRole('alert').getByText(messages.auth.emailTaken, { exact: true }).waitFor();
      expect(pathnameOf(page)).toBe('/register');
    }));

  it('a wrong password shows the server message and keeps the seller on /login', () =>
    withPage(async (page) => {
      const seller = await createSeller(baseUrl());
      await page.goto('/login');
      await fillLogin(page, seller.email, 'not-the-password');
      await page.getByRole('alert').getByText(messages.auth.wrongCredentials, { exact: true }).waitFor();
      expect(pathnameOf(page)).toBe('/login');
      expect(await page.getByRole('button', { name: f.loginSubmit, exact: true }).isEnabled()).toBe(true);
    }));

  it('the login form asks for both fields before calling the server', () =>
    withPage(async (page) => {
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/lk/api/login')) calls.push(request.url());
      });
      await page.goto('/login');
      await page.getByRole('button', { name: f.loginSubmit, exact: true }).click();
      await page.getByText(messages.validation.emailRequired, { exact: true }).waitFor();
      await page.getByText(messages.validation.passwordRequired, { exact: true }).waitFor();
      expect(calls).toEqual([]);
    }));

  it('a signed-in seller visiting /login or /register is sent to /dashboard', () =>
    withPage(async (page) => {
      const seller = await signedInSeller(page);
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        await waitForPath(page, '/dashboard');
        await page.getByText(seller.email, { exact: true }).waitFor();
      }
    }));
});

describe('a stored session the app cannot use', () => {
  it.each([
    ['is not JSON', '{"token": "abc", "user"'],
    ['has the wrong shape', JSON.stringify({ token: 'abc', user: { id: 'one' } })],
  ])('is cleared when it %s, and protected pages show /login', (_case, stored) =>
    withPage(async (page) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto('/favicon.svg');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, stored] as const);

      await page.goto('/dashboard/history');
      await waitForPath(page, '/login');
      await page.getByRole('button', { name: f.loginSubmit, exact: true }).waitFor();
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
      expect(errors.length).toBeGreaterThan(0);
    }),
  );

  it('a session the server no longer accepts ends on the first call, and signing in returns to the page', () =>
    withPage(async (page) => {
      const seller = await signedInSeller(page);
      await seller.api.post('/logout');

      await page.goto('/dashboard/tariffs');
      await waitForPath(page, '/login');
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
      await fillLogin(page, seller.email, seller.password);
      await waitForPath(page, '/dashboard/tariffs');
      await heading(page, messages.dashboard.tariffsTitle).waitFor();
    }));
});
