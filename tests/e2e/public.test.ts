import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { DEMO_SAMPLES } from '../../src/server/modules/operator/samples.js';
import { hero, site } from '../../src/web/content/landing.js';
import { MOBILE, hasHorizontalOverflow, useBrowser, waitForPath } from './helpers.js';

const { withPage } = useBrowser();

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('public pages', () => {
  it("the landing and the auth screens never download the cabinet's code", () =>
    withPage(async (page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/');
      await heading(page, hero.title).waitFor();
      await page.goto('/login');
      await heading(page, messages.authForms.loginTitle).waitFor();
      await page.goto('/register');
      await heading(page, messages.authForms.registerTitle).waitFor();
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((path) => path.includes('dashboard'))).toEqual([]);
    }));

  it("the landing's login button leads a signed-out visitor to /login", () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('link', { name: site.signIn }).click();
      await waitForPath(page, '/login');
    }));

  it("the login screen offers the operator's contact for a demo in a new tab (demo mode: the sample e-mail, labelled as an example)", () =>
    withPage(async (page) => {
      await page.goto('/login');
      const contact = page.getByRole('link', { name: messages.authForms.demoContact });
      expect(await contact.getAttribute('target')).toBe('_blank');
      expect(await contact.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await contact.getAttribute('href')).toBe(`mailto:${DEMO_SAMPLES.contact_email}`);
      expect(await contact.innerText()).toContain(fillMessage(messages.operator.contactSample, { contact: DEMO_SAMPLES.contact_email! }));
    }));

  it("a malformed buyers' shop address says the link is invalid", () =>
    withPage(async (page) => {
      await page.goto('/shop/some-token');
      await heading(page, messages.publicShop.title).waitFor();
      await page.getByRole('alert').getByText(messages.publicShop.linkInvalid).waitFor();
    }));

  it('an unknown address shows the Russian 404 page with a way home', () =>
    withPage(async (page) => {
      await page.goto('/no/such/page');
      await heading(page, messages.app.notFoundTitle).waitFor();
      await page.getByRole('link', { name: messages.app.goHome }).click();
      await waitForPath(page, '/');
    }));

  it.each(['/', '/login', '/register'])('nothing overflows sideways on %s at 375 px', (path) =>
    withPage(async (page) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE),
  );
});
