import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller, uniqueEmail } from '../support/api-client.js';
import { linkIn, mailsTo, waitForMails } from '../support/mail.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signedInSeller, useBrowser, waitForPath } from './helpers.js';

const f = messages.accountForms;
const auth = messages.authForms;
const { withPage } = useBrowser();

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
/** Only the path and query of a mail's link: the browser opens it on the app under test. */
const pathOf = (url: URL) => `${url.pathname}${url.search}`;

async function setNewPassword(page: Page, password: string, confirm = password) {
  await page.getByLabel(f.newPasswordLabel, { exact: true }).fill(password);
  await page.getByLabel(f.confirmNewPasswordLabel, { exact: true }).fill(confirm);
  await page.getByRole('button', { name: f.resetSubmit, exact: true }).click();
}

describe('a forgotten password', () => {
  it('is reset on a phone from «Забыли пароль?» through the mailed link, which works once', () =>
    withPage(async (page) => {
      const seller = await createSeller(baseUrl());
      await page.goto('/login');
      await page.getByRole('link', { name: f.forgotLink, exact: true }).click();
      await waitForPath(page, '/forgot-password');
      await heading(page, f.forgotTitle).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByLabel(auth.emailLabel, { exact: true }).fill(seller.email);
      await page.getByRole('button', { name: f.forgotSubmit, exact: true }).click();
      await page.getByRole('status').getByText(messages.account.forgotSent).waitFor();

      // Demo mode says where the mail went: the catcher's page, where its link is clickable.
      const [mail] = await waitForMails(baseUrl(), seller.email);
      const link = pathOf(linkIn(mail!, '/reset-password'));
      await page.getByRole('link', { name: f.forgotDemoMailboxLink, exact: true }).click();
      await waitForPath(page, '/__emulators/mail/');
      await page
        .getByRole('article')
        .filter({ hasText: seller.email })
        .getByRole('link', { name: /\/reset-password\?token=/ })
        .click();
      await waitForPath(page, '/reset-password');
      expect(pathOf(new URL(page.url()))).toBe(link);
      await heading(page, f.resetTitle).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await setNewPassword(page, 'brand-new-1', 'brand-new-2');
      await page.getByText(messages.validation.passwordsMismatch, { exact: true }).waitFor();
      await setNewPassword(page, 'brand-new-1');

      await waitForPath(page, '/login');
      await page.getByRole('status').getByText(messages.account.resetSuccess).waitFor();
      await page.getByLabel(auth.emailLabel, { exact: true }).fill(seller.email);
      await page.getByLabel(auth.passwordLabel, { exact: true }).fill('brand-new-1');
      await page.getByRole('button', { name: auth.loginSubmit, exact: true }).click();
      await waitForPath(page, '/dashboard');
      // The old session, made before the reset, has ended.
      expect((await seller.api.get('/profile')).status).toBe(401);

      await page.goto(link);
      await setNewPassword(page, 'another-one-3');
      await page.getByRole('alert').getByText(messages.account.resetLinkUsed).waitFor();
      await page.getByRole('link', { name: f.requestNewLink, exact: true }).waitFor();
    }, MOBILE));

  it('shows the same confirmation for an address without an account, and sends nothing', () =>
    withPage(async (page) => {
      const stranger = uniqueEmail('nobody');
      await page.goto('/forgot-password');
      await page.getByLabel(auth.emailLabel, { exact: true }).fill(stranger);
      await page.getByRole('button', { name: f.forgotSubmit, exact: true }).click();
      await page.getByRole('status').getByText(messages.account.forgotSent).waitFor();
      expect(await mailsTo(baseUrl(), stranger)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    }));

  it('says so when the link has no token', () =>
    withPage(async (page) => {
      await page.goto('/reset-password');
      await page.getByRole('alert').getByText(messages.account.resetLinkInvalid).waitFor();
      expect(await page.getByLabel(f.newPasswordLabel, { exact: true }).count()).toBe(0);
    }, MOBILE));
});

describe('the profile', () => {
  it('on a phone: opened from the sidebar, renames the seller and changes the password', () =>
    withPage(async (page) => {
      const seller = await signedInSeller(page, { name: 'Анна' });
      const otherDevice = await new ApiClient(baseUrl()).post('/login', { email: seller.email, password: seller.password });
      await page.goto('/dashboard');
      await page.getByRole('button', { name: messages.dashboard.menuToggle, exact: true }).click();
      await page.getByRole('link', { name: f.profileLink, exact: true }).click();
      await waitForPath(page, '/dashboard/profile');
      await heading(page, f.profileTitle).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);

      const name = page.getByRole('textbox', { name: auth.nameLabel, exact: true });
      expect(await name.inputValue()).toBe('Анна');
      await name.fill('');
      await page.getByRole('button', { name: f.saveName, exact: true }).click();
      await page.getByText(messages.validation.nameRequired, { exact: true }).waitFor();
      await name.fill('Анна Петрова');
      await page.getByRole('button', { name: f.saveName, exact: true }).click();
      await page.getByRole('status').getByText(messages.account.profileSaved).waitFor();
      expect((await seller.api.get('/profile')).body.user.name).toBe('Анна Петрова');

      await page.getByLabel(f.currentPasswordLabel, { exact: true }).fill('not-my-password');
      await page.getByLabel(f.newPasswordLabel, { exact: true }).fill('brand-new-1');
      await page.getByLabel(f.confirmNewPasswordLabel, { exact: true }).fill('brand-new-1');
      await page.getByRole('button', { name: f.passwordSubmit, exact: true }).click();
      await page.getByRole('alert').getByText(messages.account.currentPasswordWrong).waitFor();
      await page.getByLabel(f.currentPasswordLabel, { exact: true }).fill(seller.password);
      await page.getByRole('button', { name: f.passwordSubmit, exact: true }).click();
      await page.getByRole('status').getByText(messages.account.passwordChanged).waitFor();
      // This page's session stays, the other device's has ended.
      expect((await seller.api.get('/profile')).status).toBe(200);
      expect((await new ApiClient(baseUrl(), undefined, otherDevice.body.token).get('/profile')).status).toBe(401);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));

  it('on a phone: notices switch per event and channel, and «Подключить Telegram» links the demo chat of the notification bot', () =>
    withPage(async (page) => {
      const n = messages.sellerNotices;
      const seller = await signedInSeller(page);
      await page.goto('/dashboard/profile');
      await page.getByRole('heading', { name: n.sectionTitle, exact: true }).waitFor();
      const digestByMail = page.getByRole('switch', { name: `${n.event_daily_digest} — ${n.emailColumn}`, exact: true });
      expect(await digestByMail.isChecked()).toBe(true);
      await digestByMail.click();
      // The switch shows the saved state once the answer is back; the server holds it by then.
      await expect.poll(() => digestByMail.isChecked()).toBe(false);
      expect((await seller.api.get('/profile/notifications')).body.email.daily_digest).toBe(false);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByText(n.telegramNotLinked, { exact: true }).waitFor();
      await page.getByRole('button', { name: n.telegramConnect, exact: true }).click();
      const open = page.getByRole('link', { name: n.telegramOpenLink, exact: true });
      const href = new URL((await open.getAttribute('href'))!);
      expect(href.pathname).toBe('/__emulators/telegram/chat');
      await page.goto(`${href.pathname}${href.search}`);
      await page.locator('summary').click();
      await page.getByLabel('Username (без @)', { exact: true }).fill('anna_shop');
      await page.getByRole('button', { name: '/start', exact: true }).click();
      await page.getByText(fillMessage(n.botLinked, { email: seller.email }), { exact: true }).waitFor({ timeout: 20_000 });

      await page.goto('/dashboard/profile');
      await page.getByText(fillMessage(n.telegramLinked, { username: '@anna_shop' }), { exact: true }).waitFor();
      expect(await page.getByRole('switch', { name: `${n.event_shop_order} — ${n.telegramColumn}`, exact: true }).isChecked()).toBe(true);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));

  it('changes the e-mail once the link mailed to the new address is confirmed', () =>
    withPage(async (page) => {
      const seller = await signedInSeller(page);
      const newEmail = uniqueEmail('moved');
      await page.goto('/dashboard/profile');
      await page.getByText(fillMessage(f.currentEmail, { email: seller.email }), { exact: true }).waitFor();
      await page.getByLabel(f.newEmailLabel, { exact: true }).fill(newEmail);
      await page.getByRole('button', { name: f.emailSubmit, exact: true }).click();
      await page
        .getByRole('status')
        .getByText(fillMessage(messages.account.emailChangeSent, { email: newEmail }))
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const [mail] = await waitForMails(baseUrl(), newEmail);
      await page.goto(pathOf(linkIn(mail!, '/confirm-email')));
      await heading(page, f.confirmEmailTitle).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByRole('button', { name: f.confirmEmailSubmit, exact: true }).click();
      await page
        .getByRole('status')
        .getByText(fillMessage(messages.account.emailChanged, { email: newEmail }))
        .waitFor();

      await page.getByRole('link', { name: f.toCabinet, exact: true }).click();
      await page.goto('/dashboard/profile');
      await page.getByText(fillMessage(f.currentEmail, { email: newEmail }), { exact: true }).waitFor();
    }, MOBILE));
});
