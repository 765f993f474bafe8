import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { profileResponseSchema, type User } from '../../src/contract/auth.js';
import { SESSION_STORAGE_KEY } from '../../src/contract/constants.js';
import { createSeller, randomAddress, type Seller } from '../support/api-client.js';
import { newPage } from '../support/browser.js';

export const baseUrl = (): string => {
  const backend = inject('backends')[0];
  if (!backend) throw new Error('no backend started by the global setup');
  return backend.url;
};

export const MOBILE = { width: 375, height: 812 };

/**
 * A fresh browser context (own storage) on the app. Each context gets its own client
 * address, so the server's per-address throttles never carry over between tests.
 */
export async function openPage(browser: Browser, viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, baseUrl(), viewport);
  await opened.context.setExtraHTTPHeaders({ 'x-forwarded-for': randomAddress() });
  return opened;
}

/** Puts a session into the browser's storage exactly as the login screen would. */
export async function storeSession(page: Page, session: { token: string; user: User }): Promise<void> {
  // A static file of the same origin: storage becomes writable without starting the app.
  await page.goto('/favicon.svg');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, JSON.stringify(session)] as const);
}

/** A seller registered and signed in over the API, with the session already in this page's storage. */
export async function signedInSeller(page: Page, overrides?: { name?: string }): Promise<Seller & { user: User }> {
  const seller = await createSeller(baseUrl(), overrides);
  const profile = await seller.api.get(`/profile?user_id=${seller.id}`);
  const { user } = profileResponseSchema.parse(profile.body);
  await storeSession(page, { token: seller.api.token!, user });
  return { ...seller, user };
}

export function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the app shows this path (after a redirect or a client-side navigation). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
