import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { formatRubles } from '../../src/web/lib/format.js';
import { plainSpaces } from '../support/api-client.js';
import { MOBILE, hasHorizontalOverflow, seriousViolations, useBrowser, waitForPath } from './helpers.js';

const t = messages.topUpDialog;
const p = messages.payments;
const { withSeller } = useBrowser();

const dialogOf = (page: Page) => page.getByRole('dialog', { name: t.title });
const presetButton = (scope: Page | Locator, rubles: number) => scope.getByRole('button', { name: formatRubles(rubles), exact: true });
const customField = (scope: Page | Locator) => scope.getByLabel(t.customLabel);
const payButton = (dialog: Locator) => dialog.getByRole('button', { name: t.pay, exact: true });
const amountDue = (dialog: Locator, rubles: number) =>
  dialog.getByText(fillMessage(t.amountDue, { amount: formatRubles(rubles) }), { exact: true });
/** The sidebar's balance: the only text that is exactly an amount in whole rubles. */
const balance = (page: Page, rubles: number) => page.getByText(formatRubles(rubles), { exact: true });

async function openTopUp(page: Page): Promise<Locator> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: messages.dashboard.topUp, exact: true }).click();
  const dialog = dialogOf(page);
  await dialog.waitFor();
  return dialog;
}

/** Chooses a preset, presses 'Оплатить' and returns the tab that opened, once it shows the checkout. */
async function payInNewTab(page: Page, context: BrowserContext, rubles: number): Promise<{ checkout: Page; invoice: string }> {
  const dialog = await openTopUp(page);
  await presetButton(dialog, rubles).click();
  await amountDue(dialog, rubles).waitFor();
  const [checkout] = await Promise.all([context.waitForEvent('page'), payButton(dialog).click()]);
  await checkout.waitForURL((url) => url.pathname === '/__emulators/payments/Merchant/Index.aspx');
  await dialog.waitFor({ state: 'hidden' });
  const invoice = new URL(checkout.url()).searchParams.get('InvId');
  if (!invoice) throw new Error(`the checkout address has no InvId: ${checkout.url()}`);
  await checkout.getByText(formatRubles(rubles), { exact: true }).waitFor();
  return { checkout, invoice };
}

describe('paying by card', () => {
  it('1 000 ₽ paid in the checkout tab lands on the success banner, credits the balance, cleans the address and hides after 8 s', () =>
    withSeller(async (page, context) => {
      const { checkout, invoice } = await payInNewTab(page, context, 1000);
      await checkout.getByRole('button', { name: 'Оплатить', exact: true }).click();

      await waitForPath(checkout, '/dashboard');
      const banner = checkout.getByRole('status').filter({ hasText: p.successTitle });
      await banner.waitFor();
      expect(plainSpaces(await banner.innerText())).toContain(`Зачислено 1 000,00 ₽, счёт № ${invoice}.`);
      await balance(checkout, 1000).waitFor();
      await checkout.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');

      // The cabinet left open in the first tab catches up through the stored session.
      await balance(page, 1000).waitFor();

      await banner.waitFor({ state: 'hidden', timeout: 10_000 });
    }));

  it('the return tab says the payment is done and closes on request; the tab paid from shows the result without a reload', () =>
    withSeller(async (page, context) => {
      const { checkout, invoice } = await payInNewTab(page, context, 2000);
      let reloaded = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true;
      });
      await checkout.getByRole('button', { name: 'Оплатить', exact: true }).click();
      await waitForPath(checkout, '/dashboard');
      await checkout.getByText(messages.cabinetPolish.paymentTabDone, { exact: true }).waitFor();

      // The first tab: banner and balance, no reload.
      const banner = page.getByRole('status').filter({ hasText: p.successTitle });
      await banner.waitFor();
      expect(plainSpaces(await banner.innerText())).toContain(`Зачислено 2 000,00 ₽, счёт № ${invoice}.`);
      await balance(page, 2000).waitFor();
      expect(reloaded).toBe(false);
      expect(await page.getByText(messages.cabinetPolish.paymentTabDone, { exact: true }).count()).toBe(0);

      // The click closes its own page, sometimes before Playwright hears the click is done, which it
      // reports as an error: the tab's closing is what is checked.
      const closed = checkout.waitForEvent('close');
      await checkout
        .getByRole('button', { name: messages.cabinetPolish.closeTab, exact: true })
        .click()
        .catch(() => undefined);
      await closed;
      expect(checkout.isClosed()).toBe(true);
    }));

  it("'Отменить' in the checkout lands on 'Оплата отменена' with its detail, and the balance stays 0 ₽; the banner closes on request", () =>
    withSeller(async (page, context) => {
      const { checkout, invoice } = await payInNewTab(page, context, 500);
      await checkout.getByRole('button', { name: 'Отменить', exact: true }).click();

      await waitForPath(checkout, '/dashboard');
      const banner = checkout.getByRole('status').filter({ hasText: p.failedTitle });
      await banner.getByText(p.failedDetail, { exact: true }).waitFor();
      await banner.getByText(fillMessage(t.invoiceNumber, { invoice }), { exact: true }).waitFor();
      await balance(checkout, 0).waitFor();

      await banner.getByRole('button', { name: t.closeNotice }).click();
      await banner.waitFor({ state: 'hidden' });
      await balance(checkout, 0).waitFor();
    }));
});

describe('the dialog refuses', () => {
  it('an empty, zero or off-step amount with a message, and opens nothing', () =>
    withSeller(async (page, context) => {
      const opened: Page[] = [];
      context.on('page', (tab) => opened.push(tab));
      const dialog = await openTopUp(page);
      const field = customField(dialog);

      await payButton(dialog).click();
      await dialog.getByText(p.amountRequired, { exact: true }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);

      await field.fill('0');
      expect(await dialog.getByText(p.amountRequired, { exact: true }).count()).toBe(0);
      await payButton(dialog).click();
      await dialog.getByText(p.amountRequired, { exact: true }).waitFor();

      await field.fill('150');
      await dialog.getByText(fillMessage(t.amountDue, { amount: '—' }), { exact: true }).waitFor();
      await payButton(dialog).click();
      await dialog.getByText('Сумма должна быть кратна 100 ₽', { exact: true }).waitFor();

      await field.fill('50');
      await payButton(dialog).click();
      await dialog.getByText('Минимальная сумма пополнения — 100 ₽', { exact: true }).waitFor();

      expect(opened).toEqual([]);
      expect(context.pages()).toHaveLength(1);
    }));

  it('a failed deposit closes the blank tab and shows the server message; an answer without a link shows the SPEC text', () =>
    withSeller(async (page, context) => {
      const answers = [
        { status: 500, body: { message: 'Платёжный сервис временно недоступен' } },
        { status: 200, body: { payment_url: '', invoice_id: 1 } },
      ];
      await page.route('**/lk/api/balance/deposit', (route) => {
        const answer = answers.shift()!;
        return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
      });
      const dialog = await openTopUp(page);
      await presetButton(dialog, 1000).click();

      for (const message of ['Платёжный сервис временно недоступен', p.linkFailed]) {
        const [tab] = await Promise.all([context.waitForEvent('page'), payButton(dialog).click()]);
        await dialog.getByRole('alert').getByText(message, { exact: true }).waitFor();
        await expect.poll(() => tab.isClosed()).toBe(true);
        expect(context.pages()).toEqual([page]);
        await dialog.waitFor();
      }
    }));
});

describe('an amount that cannot be paid', () => {
  it('a negative or off-step custom amount is never shown as due, and leaving the field says what is wrong', () =>
    withSeller(async (page) => {
      const dialog = await openTopUp(page);
      const field = customField(dialog);
      const dash = dialog.getByText(fillMessage(t.amountDue, { amount: '—' }), { exact: true });

      await field.fill('-500');
      await dash.waitFor();
      expect(plainSpaces(await dialog.locator('.top-up__due').innerText())).not.toContain('-');
      await field.blur();
      await dialog.getByText('Минимальная сумма пополнения — 100 ₽', { exact: true }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');

      await field.fill('1250');
      await dash.waitFor();
      await field.blur();
      await dialog.getByText('Сумма должна быть кратна 100 ₽', { exact: true }).waitFor();

      // Above the presets is fine, up to the server's ceiling.
      await field.fill('25000');
      await amountDue(dialog, 25_000).waitFor();
      await field.blur();
      expect(await field.getAttribute('aria-invalid')).toBeNull();
    }));
});

describe('choosing the amount', () => {
  it("a preset and the custom amount clear each other, the amount due follows, and 'Отмена' closes the dialog", () =>
    withSeller(async (page) => {
      const dialog = await openTopUp(page);
      for (const preset of [500, 1000, 2000, 5000]) expect(await presetButton(dialog, preset).getAttribute('aria-pressed')).toBe('false');
      await amountDue(dialog, 0).waitFor();

      await presetButton(dialog, 2000).click();
      expect(await presetButton(dialog, 2000).getAttribute('aria-pressed')).toBe('true');
      await amountDue(dialog, 2000).waitFor();

      await customField(dialog).fill('300');
      expect(await presetButton(dialog, 2000).getAttribute('aria-pressed')).toBe('false');
      await amountDue(dialog, 300).waitFor();

      await presetButton(dialog, 500).click();
      expect(await customField(dialog).inputValue()).toBe('');
      expect(await presetButton(dialog, 500).getAttribute('aria-pressed')).toBe('true');
      await amountDue(dialog, 500).waitFor();

      await presetButton(dialog, 500).click();
      expect(await presetButton(dialog, 500).getAttribute('aria-pressed')).toBe('false');
      await amountDue(dialog, 0).waitFor();

      await dialog.getByRole('button', { name: messages.common.cancel, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      const topUp = page.getByRole('button', { name: messages.dashboard.topUp, exact: true });
      expect(await topUp.evaluate((button) => button === document.activeElement)).toBe(true);
    }));

  it('works by keyboard on a 375 px phone, with no serious axe findings, and Esc closes it', () =>
    withSeller(async (page) => {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: messages.dashboard.menuToggle, exact: true }).click();
      const topUp = page.getByRole('button', { name: messages.dashboard.topUp, exact: true });
      await topUp.click();
      const dialog = dialogOf(page);
      await dialog.waitFor();

      // Focus starts on the first preset; Enter presses it.
      expect(await presetButton(dialog, 500).evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await presetButton(dialog, 500).getAttribute('aria-pressed')).toBe('true');
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
      expect(await customField(dialog).evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.type('0');
      expect(await presetButton(dialog, 500).getAttribute('aria-pressed')).toBe('false');
      // Enter in the field submits like 'Оплатить'.
      await page.keyboard.press('Enter');
      await dialog.getByText(p.amountRequired, { exact: true }).waitFor();

      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: 'dialog' })).toEqual([]);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // The menu comes back first, then its 'Пополнить' takes the focus.
      await expect.poll(() => topUp.evaluate((button) => button === document.activeElement)).toBe(true);
    }, MOBILE));
});

describe('the payment result banner', () => {
  it('shows pending and error outcomes from the address, keeps other parameters and ignores unknown values', () =>
    withSeller(async (page) => {
      await page.goto('/dashboard?payment=pending&amount=700.00&invoice=31&from=mail');
      const pending = page.getByRole('status').filter({ hasText: p.pendingTitle });
      await pending.getByText(p.pendingDetail, { exact: true }).waitFor();
      await pending.getByText('Счёт № 31.', { exact: true }).waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '?from=mail');

      await page.goto('/dashboard?payment=error&invoice=32');
      const error = page.getByRole('alert').filter({ hasText: p.errorTitle });
      await error.getByText(p.errorDetail, { exact: true }).waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');

      await page.goto('/dashboard?payment=refunded&invoice=33');
      await page.getByRole('heading', { level: 1 }).waitFor();
      for (const title of [p.successTitle, p.failedTitle, p.errorTitle, p.pendingTitle]) {
        expect(await page.getByText(title, { exact: true }).count()).toBe(0);
      }
      expect(new URL(page.url()).search).toBe('?payment=refunded&invoice=33');
    }));
});
