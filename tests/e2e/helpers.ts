import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { profileResponseSchema, type User } from '../../src/contract/auth.js';
import { SESSION_STORAGE_KEY } from '../../src/contract/constants.js';
import { createSeller, randomAddress, type Seller } from '../support/api-client.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { launchBrowser, newPage } from '../support/browser.js';

export const baseUrl = (): string => {
  const backend = inject('backends')[0];
  if (!backend) throw new Error('no backend started by the global setup');
  return backend.url;
};

export const MOBILE = { width: 375, height: 812 };

export type Viewport = { width: number; height: number };
export type PageTest = (page: Page, context: BrowserContext) => Promise<void>;

/**
 * A fresh browser context (own storage) on the app. Each context gets its own client
 * address, so the server's per-address throttles never carry over between tests.
 */
export async function openPage(browser: Browser, viewport?: Viewport): Promise<{ context: BrowserContext; page: Page }> {
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

/**
 * The test worker's Chromium, shared by the browser files it runs one after another (they share its
 * loaded modules, `isolate: false`): a launch and its close cost ≈ 0.6 s of CPU, once per file before
 * (docs/benchmarks.md, "Test suite time"). Each test still gets a context of its own (`openPage`):
 * storage, cookies and cache are never shared. Launched again if it went away; Playwright kills
 * it when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/**
 * The worker's Chromium for the test file, ready before its tests; the file's contexts are closed
 * after them, so none outlives its file.
 * `withPage` runs a test in a fresh context (see `openPage`) and always closes it;
 * `withSeller` does the same with a new seller already signed in on that page.
 */
export function useBrowser(): {
  browser: () => Browser;
  withPage: (test: PageTest, viewport?: Viewport) => Promise<void>;
  withSeller: (test: PageTest, viewport?: Viewport, seller?: { name?: string }) => Promise<void>;
} {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('the browser is not launched yet: call it inside a test or a hook');
    return browser;
  };
  async function withPage(test: PageTest, viewport?: Viewport): Promise<void> {
    const { context, page } = await openPage(launched(), viewport);
    try {
      await test(page, context);
    } finally {
      await context.close();
    }
  }
  function withSeller(test: PageTest, viewport?: Viewport, seller?: { name?: string }): Promise<void> {
    return withPage(async (page, context) => {
      await signedInSeller(page, seller);
      await test(page, context);
    }, viewport);
  }
  return { browser: launched, withPage, withSeller };
}

/** Puts an API-made seller's session into the page's storage, as signing in would. */
export async function signInAs(page: Page, seller: Seller): Promise<User> {
  const { user } = profileResponseSchema.parse((await seller.api.get('/profile')).body);
  await storeSession(page, { token: seller.api.token!, user });
  return user;
}

/** A seller registered and signed in over the API, with the session already in this page's storage. */
export async function signedInSeller(page: Page, overrides?: { name?: string }): Promise<Seller & { user: User }> {
  const seller = await createSeller(baseUrl(), overrides);
  const user = await signInAs(page, seller);
  return { ...seller, user };
}

/**
 * Serious and critical axe findings (of the whole page, or only under `include`), as readable lines.
 * axe runs in the page itself (legacy mode): by default it runs each frame apart and merges the
 * results in a blank page it opens for every pass, a quarter of a pass's CPU (docs/benchmarks.md,
 * "Test suite time"). What that mode adds is frames of another origin, and no page under test has one.
 */
export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode();
  if (options.include) axe.include(options.include);
  const { violations } = await axe.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
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

/** A phone-like photo of a fresh receipt's QR code, written to a file the file input can take. */
export async function receiptPhotoFile(): Promise<string> {
  const qr = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
  const code = await QRCode.toBuffer(qr, { width: 420, margin: 2 });
  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 214, g: 210, b: 200 } } })
    .composite([{ input: code, top: 380, left: 240 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'scanapp-receipt-')), 'receipt.jpg');
  writeFileSync(file, photo);
  return file;
}
