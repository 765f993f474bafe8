import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SAMPLES } from '../../src/server/modules/operator/samples.js';
import {
  brands,
  callToAction,
  faq,
  features,
  finalContact,
  hero,
  implementation,
  marketplaces,
  pageMeta,
  platform,
  pricing,
  projects,
  receiptScanner,
  site,
  video,
} from '../../src/web/content/landing.js';
import { ROOT } from '../support/server-process.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, useBrowser, waitForPath } from './helpers.js';

const JS_BUDGET_GZIP_BYTES = 100 * 1024;
const DESKTOP = { width: 1440, height: 900 };
const SCREENSHOTS = path.join(ROOT, 'tests/e2e/screenshots');

const { withPage } = useBrowser();

beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: hero.title, exact: true }).waitFor();
}

/** Scrolls to the bottom and back, so every lazily loaded picture is requested. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

const sectionHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

describe('the landing page', () => {
  it('shows every section of SPEC §2, each under its heading, with the claims of SPEC §9', () =>
    withPage(async (page) => {
      await openLanding(page);
      for (const title of [
        receiptScanner.title,
        features.title,
        platform.title,
        brands.title,
        implementation.title,
        projects.title,
        callToAction.title,
        faq.title,
        finalContact.title,
      ]) {
        await sectionHeading(page, title).waitFor();
      }

      const main = page.getByRole('main');
      expect(await main.getByRole('list', { name: hero.benefitsLabel }).getByRole('listitem').count()).toBe(4);
      for (const check of receiptScanner.checks) await main.getByRole('heading', { level: 3, name: check.title, exact: true }).waitFor();
      for (const marketplace of marketplaces) await main.getByRole('img', { name: marketplace.name, exact: true }).waitFor();
      const featureSection = page.locator('section', { has: sectionHeading(page, features.title) });
      expect(await featureSection.getByRole('heading', { level: 3 }).count()).toBe(24 + 1); // 24 functions and the banner
      for (const screen of platform.screens) await main.getByRole('heading', { level: 3, name: screen.title, exact: true }).waitFor();
      for (const step of implementation.steps) await main.getByRole('heading', { level: 3, name: step.title, exact: true }).waitFor();

      // Demo mode, no example_projects set: the sample projects, labelled, with no bot links of anybody's.
      for (const project of DEMO_SAMPLES.example_projects!) {
        await main.getByRole('heading', { level: 3, name: `${site.samplePrefix}${project.name}`, exact: true }).waitFor();
      }
      expect(await main.getByRole('link', { name: new RegExp(`^${projects.viewBot}`) }).count()).toBe(0);

      const text = await main.innerText();
      for (const claim of ['до 13%', '24 функции', '11 способов', 'Более 20 запущенных проектов', '21 день']) expect(text).toContain(claim);
    }));

  it('loads nothing from outside this server while the page loads and is scrolled through', () =>
    withPage(async (page) => {
      const outside: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') outside.push(request.url());
      });
      await openLanding(page);
      await scrollThrough(page);
      expect(outside).toEqual([]);
    }));

  it(`downloads at most ${JS_BUDGET_GZIP_BYTES / 1024} KB of JavaScript (gzip), none of it the cabinet's`, () =>
    withPage(async (page) => {
      const scripts = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, response.body());
      });
      await openLanding(page);
      await scrollThrough(page);
      const sizes = await Promise.all([...scripts].map(async ([name, body]) => ({ name, gzip: gzipSync(await body).length })));
      const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
      console.info(`landing JavaScript: ${sizes.length} files, ${(total / 1024).toFixed(1)} KB gzip`);
      expect(total).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
      expect(sizes.filter((file) => /dashboard|router/.test(file.name))).toEqual([]);
    }));

  it('has no video while demo_video_url is unset (operator-details.test.ts plays one)', () =>
    withPage(async (page) => {
      await openLanding(page);
      await scrollThrough(page);
      expect(await page.getByRole('button', { name: new RegExp(`^${video.play}`) }).count()).toBe(0);
      expect(await page.locator('iframe').count()).toBe(0);
    }));

  it('keeps one FAQ answer open at a time and closes it again', () =>
    withPage(async (page) => {
      await openLanding(page);
      const questions = faq.items.map((item) => page.getByRole('button', { name: item.question, exact: true }));
      const answer = (index: number) => page.getByRole('region', { name: faq.items[index]!.question, exact: true });
      const expanded = () => Promise.all(questions.map(async (question) => (await question.getAttribute('aria-expanded')) === 'true'));

      expect(await expanded()).toEqual([false, false, false, false]);
      expect(await page.getByText(faq.items[0]!.answer).isVisible()).toBe(false);

      await questions[0]!.click();
      expect(await expanded()).toEqual([true, false, false, false]);
      await answer(0).getByText(faq.items[0]!.answer).waitFor();

      await questions[2]!.focus();
      await page.keyboard.press('Enter');
      expect(await expanded()).toEqual([false, false, true, false]);
      await answer(2).waitFor();
      expect(await page.getByText(faq.items[0]!.answer).isVisible()).toBe(false);

      await questions[2]!.click();
      expect(await expanded()).toEqual([false, false, false, false]);
      expect(await page.getByText(faq.items[2]!.answer).isVisible()).toBe(false);
      expect(await questions[2]!.getAttribute('aria-controls')).toBeTruthy();
    }));

  it('shows the name instead of a picture that fails to load', () =>
    withPage(async (page) => {
      const ozon = marketplaces.find((marketplace) => marketplace.name === 'Ozon')!;
      await page.route(`**${ozon.logo}`, (route) => route.fulfill({ status: 404, body: '' }));
      await openLanding(page);
      await scrollThrough(page);

      const marketplaceList = page.locator('.marketplaces__list');
      await marketplaceList.getByText(ozon.name, { exact: true }).waitFor();
      expect(await page.getByRole('img', { name: ozon.name, exact: true }).count()).toBe(0);
      expect(await page.getByRole('img', { name: 'Wildberries', exact: true }).count()).toBe(1);
      const broken = await page.evaluate(() =>
        [...document.images].filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.src),
      );
      expect(broken).toEqual([]);
    }));

  it("the header's login button goes to /dashboard, which sends a signed-out visitor to /login", () =>
    withPage(async (page) => {
      await openLanding(page);
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      const signIn = page.getByRole('banner').getByRole('link', { name: site.signIn, exact: true });
      // «Войти» also means the cabinet for a seller who is signed in already.
      expect(await signIn.getAttribute('href')).toBe('/dashboard');
      await signIn.click();
      await waitForPath(page, '/login');
      expect(visited[0]).toBe('/dashboard');
    }));

  it('signs a visitor up from the header and from the hero; on a phone both header buttons are whole on the screen', () =>
    withPage(async (page) => {
      await openLanding(page);
      const header = page.getByRole('banner');
      const signUp = header.getByRole('link', { name: site.signUp, exact: true });
      expect(await signUp.getAttribute('href')).toBe('/register');
      // The header is fixed: a button past the screen's edge could not be scrolled to.
      const boxes = [];
      for (const link of [header.getByRole('link', { name: site.signIn, exact: true }), signUp]) {
        const box = (await link.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
        expect(box.height).toBeLessThan(56);
        await link.click({ trial: true });
        boxes.push(box);
      }
      expect(boxes[0]!.x + boxes[0]!.width).toBeLessThanOrEqual(boxes[1]!.x);
      await page.getByRole('link', { name: hero.tryFree, exact: true }).click();
      await waitForPath(page, '/register');
    }, MOBILE));

  it('shows the live prices: activation, an action’s month and every receipt tier', () =>
    withPage(async (page) => {
      await openLanding(page);
      const prices = page.getByRole('region', { name: pricing.title });
      await prices.getByText('20 000 ₽', { exact: true }).waitFor();
      await prices.getByText('3 000 ₽', { exact: true }).waitFor();
      const tiers = prices.getByRole('table', { name: pricing.tiersCaption });
      expect(await tiers.getByRole('row').count()).toBe(1 + 7);
      expect((await tiers.getByRole('row').nth(1).innerText()).replace(/\s+/g, ' ')).toBe('0–200 8 ₽');
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));

  it("offers the demonstration and the presentation at the operator's contact (demo mode: the sample e-mail), in a new tab", () =>
    withPage(async (page) => {
      await openLanding(page);
      for (const name of [hero.demo, features.bannerButton, callToAction.button, finalContact.buttonEmail]) {
        const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
        expect(await link.getAttribute('href')).toBe(`mailto:${DEMO_SAMPLES.contact_email}`);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      }
    }));

  it("the footer carries the seller's details and leads to the offer and the privacy policy", () =>
    withPage(async (page) => {
      await openLanding(page);
      const footer = page.getByRole('contentinfo');
      await footer.getByText(site.footerTagline, { exact: true }).waitFor();
      // The details arrive from the server after the page is drawn.
      await footer
        .getByText(/ИНН Пример: /)
        .first()
        .waitFor();
      expect(await footer.innerText()).toMatch(/ИНН Пример: \d{12}, ОГРНИП Пример: \d{15}/);

      await footer.getByRole('link', { name: site.offerLink, exact: true }).click();
      await waitForPath(page, '/oferta');
      await page.getByRole('heading', { level: 1, name: /^Публичная оферта/ }).waitFor();

      await page.getByRole('contentinfo').getByRole('link', { name: site.privacyLink, exact: true }).click();
      await waitForPath(page, '/privacy');
      await page.getByRole('heading', { level: 1, name: /^Политика конфиденциальности/ }).waitFor();
    }));

  it('has its title, description and Open Graph tags', () =>
    withPage(async (page) => {
      await openLanding(page);
      expect(await page.title()).toBe(pageMeta.landing.title);
      const meta = (selector: string) => page.locator(selector).getAttribute('content');
      expect(await meta('meta[name="description"]')).toBe(pageMeta.landing.description);
      expect(await meta('meta[property="og:title"]')).toBe(pageMeta.landing.title);
      expect(await meta('meta[property="og:url"]')).toBe('https://scanapp.ru/');
      expect(await meta('meta[property="og:image"]')).toMatch(/^https:\/\/.+\.jpg$/);
    }));

  it('serves robots.txt and sitemap.xml for the public pages', async () => {
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /lk/');
    expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap\.xml$/m);
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    for (const loc of ['https://scanapp.ru/', 'https://scanapp.ru/oferta', 'https://scanapp.ru/privacy'])
      expect(sitemap).toContain(`<loc>${loc}</loc>`);
  });

  it('fades in, except for visitors who ask for less motion', () =>
    withPage(async (page) => {
      const veil = () => page.evaluate(() => getComputedStyle(document.querySelector('.public-page')!, '::after'));
      await openLanding(page);
      expect((await veil()).animationName).toBe('public-page-fade-in');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect((await veil()).display).toBe('none');
    }));

  describe.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ])('at %s width', (name, viewport) => {
    it('fits the screen without sideways scrolling (screenshot saved)', () =>
      withPage(async (page) => {
        await openLanding(page);
        await scrollThrough(page);
        expect(await hasHorizontalOverflow(page)).toBe(false);
        await page.screenshot({ path: path.join(SCREENSHOTS, `landing-${viewport.width}.png`), fullPage: true });
      }, viewport));

    it(`has no serious or critical axe findings, also with an FAQ answer open (${name})`, () =>
      withPage(async (page) => {
        await openLanding(page);
        await scrollThrough(page);
        // One pass with an answer open covers the page with them closed too: every other answer
        // stays closed and every question stays on the page.
        await page.getByRole('button', { name: faq.items[1]!.question, exact: true }).click();
        expect(await seriousViolations(page)).toEqual([]);
      }, viewport));
  });
});
