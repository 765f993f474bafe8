import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { runAdminCli } from '../support/operator.js';
import { pdfText } from '../support/pdf-text.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signedInSeller, useBrowser } from './helpers.js';

const m = messages.bankInvoices;
const { withPage } = useBrowser();

describe('Оплата по счёту', () => {
  it('on a phone: requisites once, an invoice from the balance screen, its PDF, and «Оплачен» after the operator enters the payment', () =>
    withPage(async (page) => {
      const seller = await signedInSeller(page);
      await page.goto('/dashboard/balance');
      const invoices = page.getByRole('region', { name: m.listTitle });
      await invoices.getByText(m.listEmpty).waitFor();

      await page.getByRole('button', { name: m.payByInvoice }).click();
      const dialog = page.getByRole('dialog', { name: m.dialogTitle });
      const requisites = dialog.getByRole('form', { name: m.requisitesTitle });
      await requisites.waitFor();

      // Every bad field says what is wrong, in Russian, and nothing is saved.
      await requisites.getByLabel(m.innLabel).fill('7830002294');
      await dialog.getByRole('button', { name: m.requisitesSave }).click();
      await dialog.getByText(m.nameInvalid).waitFor();
      await dialog.getByText(m.innInvalid).waitFor();
      await dialog.getByText(m.kppRequired).waitFor();
      await dialog.getByText(m.addressInvalid).waitFor();
      expect((await seller.api.get('/balance/requisites')).body).toEqual({ requisites: null });

      await requisites.getByLabel(m.nameLabel).fill('ООО «Северный лён»');
      await requisites.getByLabel(m.innLabel).fill('7830002293');
      await requisites.getByLabel(m.kppLabel).fill('784201001');
      await requisites.getByLabel(m.addressLabel).fill('190000, г. Санкт-Петербург, Невский пр., д. 1');
      await dialog.getByRole('button', { name: m.requisitesSave }).click();
      await dialog.getByText('ИНН 7830002293, КПП 784201001').waitFor();

      const amount = dialog.getByLabel(m.amountLabel);
      await amount.fill('0,5');
      await dialog.getByRole('button', { name: m.issue }).click();
      await dialog.getByText(messages.payments.amountRange).waitFor();
      await amount.fill('2500');
      await dialog.getByRole('button', { name: m.issue }).click();
      const issued = dialog.getByRole('status').filter({ hasText: /Счёт № СЧ-\d{6} выставлен/ });
      await issued.waitFor();
      const number = /СЧ-\d{6}/.exec(await issued.innerText())![0];
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: fillMessage(m.download, { number }) }).click();
      const download = await downloading;
      expect(download.url()).toMatch(/^blob:/);
      expect(download.suggestedFilename()).toBe(`Счёт ${number}.pdf`);
      const { text } = await pdfText(new Uint8Array(await readFile((await download.path())!)));
      expect(text.replace(/\s+/g, ' ')).toContain(`Счёт на оплату № ${number}`);
      expect(text.replace(/\s+/g, ' ')).toContain('2 500,00');

      await dialog.getByRole('button', { name: m.close }).click();
      await dialog.waitFor({ state: 'detached' });
      const item = invoices.getByRole('listitem').filter({ hasText: number });
      await item.getByText(m.statusPending, { exact: true }).waitFor();

      const paid = await runAdminCli(baseUrl(), ['user:credit', seller.email, '2500', '--reference', number]);
      expect(paid.code).toBe(0);
      await page.reload();
      await item.getByText(m.statusPaid, { exact: true }).waitFor();
      expect(await item.getByText(m.statusPending, { exact: true }).count()).toBe(0);

      // The requisites are remembered: the next invoice asks only for the amount.
      await page.getByRole('button', { name: m.payByInvoice }).click();
      await dialog.getByLabel(m.amountLabel).waitFor();
      expect(await dialog.getByRole('form', { name: m.requisitesTitle }).count()).toBe(0);
      await dialog.getByRole('button', { name: m.requisitesEdit }).click();
      expect(await dialog.getByLabel(m.nameLabel).inputValue()).toBe('ООО «Северный лён»');
    }, MOBILE));

  it('«Пополнить» offers the invoice; the demo bank pays it and the balance goes up', () =>
    withPage(async (page) => {
      const seller = await signedInSeller(page);
      const saved = await seller.api.request('PUT', '/balance/requisites', {
        body: {
          user_id: seller.id,
          name: 'ИП Петров Пётр Петрович',
          inn: '500100732259',
          address: '170100, г. Тверь, ул. Советская, д. 5',
        },
      });
      expect(saved.status).toBe(200);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: messages.dashboard.topUp, exact: true }).click();
      await page.getByRole('dialog', { name: messages.topUpDialog.title }).getByRole('button', { name: m.payByInvoice }).click();
      const dialog = page.getByRole('dialog', { name: m.dialogTitle });
      await dialog.getByLabel(m.amountLabel).fill('1500');
      await dialog.getByRole('button', { name: m.issue }).click();
      const issued = dialog.getByRole('status').filter({ hasText: /Счёт № СЧ-\d{6} выставлен/ });
      const number = /СЧ-\d{6}/.exec(await issued.innerText())![0];

      await dialog.getByRole('link', { name: m.payAtDemoBank }).click();
      await page.waitForURL((url) => url.pathname === '/__emulators/bank/');
      expect(await page.getByLabel('Номер счёта').inputValue()).toBe(number);
      await page.getByRole('button', { name: 'Оплатить счёт' }).click();
      await page
        .getByRole('status')
        .getByText(fillMessage(m.creditedInvoice, { amount: '1 500 ₽', number }))
        .waitFor();
      await page.getByRole('link', { name: 'Вернуться в кабинет' }).click();

      await page
        .getByRole('region', { name: m.listTitle })
        .getByRole('listitem')
        .filter({ hasText: number })
        .getByText(m.statusPaid, { exact: true })
        .waitFor();
      expect((await seller.api.get(`/profile?user_id=${seller.id}`)).body.user.balance).toBe(1500);
    }));

  it('a failed list shows its error', () =>
    withPage(async (page) => {
      await signedInSeller(page);
      await page.route('**/lk/api/balance/invoices?**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await page.goto('/dashboard/balance');
      await page.getByRole('region', { name: m.listTitle }).getByRole('alert').getByText(m.listLoadFailed).waitFor();
    }));
});
