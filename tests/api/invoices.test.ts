import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller, plainSpaces, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { CLI_CALLS_TIMEOUT_MS, runAdminCli, verifyData } from '../support/operator.js';
import { pdfText } from '../support/pdf-text.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { productionEnv, startServer, TEST_ADMIN_TOKEN, type RunningServer } from '../support/server-process.js';

const m = messages.bankInvoices;

const ORGANISATION = {
  name: 'ООО «Северный лён»',
  inn: '7830002293',
  kpp: '784201001',
  address: '190000, г. Санкт-Петербург, Невский пр., д. 1',
};
const SOLE_TRADER = { name: 'ИП Петров Пётр Петрович', inn: '500100732259', address: '170100, г. Тверь, ул. Советская, д. 5' };
const OPERATOR = {
  company_name: 'ООО «Лояльность и Ко»',
  company_inn: '7707083893',
  company_ogrn: '1027700132195',
  company_address: '119991, г. Москва, ул. Вавилова, д. 19',
  company_bank: 'р/с 40702810400000000001 в ПАО Сбербанк, БИК 044525225, к/с 30101810400000000225',
};

const balanceOf = async (seller: Seller) => (await seller.api.get(`/profile?user_id=${seller.id}`)).body.user.balance as number;
const invoicesOf = async (seller: Seller) => {
  const answer = await seller.api.get(`/balance/invoices?user_id=${seller.id}`);
  expect(answer.status).toBe(200);
  return answer.body.invoices as Array<{
    number: string;
    amount: number;
    status: string;
    created_at: string;
    paid_at: string | null;
    pdf_url: string;
  }>;
};
const saveRequisites = (seller: Seller, requisites: Record<string, unknown>) =>
  seller.api.request('PUT', '/balance/requisites', { body: { user_id: seller.id, ...requisites } });
/** What `settings:set` calls, without a CLI process per detail. */
const setOperatorDetail = (baseUrl: string, key: string, value: string) =>
  new ApiClient(baseUrl).request('PUT', `/admin/settings/${key}`, { headers: { 'x-admin-token': TEST_ADMIN_TOKEN }, body: { value } });
const issue = (seller: Seller, amount: unknown) => seller.api.post('/balance/invoice', { user_id: seller.id, amount });

/** The PDF as its seller downloads it (the path of `pdf_url`, with the session's token). */
async function downloadPdf(api: ApiClient, pdfUrl: string): Promise<Response> {
  return fetch(`${api.baseUrl}${pdfUrl}`, { headers: { authorization: `Bearer ${api.token}`, 'x-forwarded-for': api.address } });
}

async function pdfOf(seller: Seller, pdfUrl: string): Promise<string> {
  const response = await downloadPdf(seller.api, pdfUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-\d+\.pdf"; filename\*=UTF-8''/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { pages, text } = await pdfText(bytes);
  expect(pages).toBe(1);
  return text.replace(/\s+/g, ' ');
}

describe.each(backends())('bank invoices on $name', (backend) => {
  describe('the payer’s requisites', () => {
    it('are empty at first, saved whole, normalised and editable', async () => {
      const seller = await createSeller(backend.url);
      expect((await seller.api.get(`/balance/requisites?user_id=${seller.id}`)).body).toEqual({ requisites: null });

      const saved = await saveRequisites(seller, { ...ORGANISATION, name: `  ${ORGANISATION.name} `, kpp: '7842ab001' });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ message: m.requisitesSaved, requisites: { ...ORGANISATION, kpp: '7842AB001' } });

      expect((await saveRequisites(seller, SOLE_TRADER)).status).toBe(200);
      expect((await seller.api.get('/balance/requisites')).body).toEqual({ requisites: { ...SOLE_TRADER, kpp: null } });
    });

    it.each([
      [{ ...ORGANISATION, name: '' }, m.nameInvalid],
      [{ ...ORGANISATION, inn: '7830002294' }, m.innInvalid],
      [{ ...ORGANISATION, inn: '78300022' }, m.innInvalid],
      [{ ...ORGANISATION, kpp: '' }, m.kppRequired],
      [{ ...ORGANISATION, kpp: '7842010' }, m.kppInvalid],
      [{ ...ORGANISATION, address: ' ' }, m.addressInvalid],
      [{ name: ORGANISATION.name, kpp: ORGANISATION.kpp, address: ORGANISATION.address }, m.innInvalid],
    ])('refuse %j with a Russian 400, writing nothing', async (requisites, message) => {
      const seller = await createSeller(backend.url);
      const answer = await saveRequisites(seller, requisites);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
      expect((await seller.api.get('/balance/requisites')).body).toEqual({ requisites: null });
    });

    it('a bad edit leaves the saved requisites as they were', async () => {
      const seller = await createSeller(backend.url);
      await saveRequisites(seller, ORGANISATION);
      expect((await saveRequisites(seller, { ...ORGANISATION, name: 'ООО «Новое»', inn: '1234567890' })).status).toBe(400);
      expect((await seller.api.get('/balance/requisites')).body.requisites).toEqual(ORGANISATION);
    });

    it('need the seller’s own session', async () => {
      const seller = await createSeller(backend.url);
      const other = await createSeller(backend.url);
      expect((await new ApiClient(backend.url).get('/balance/requisites')).status).toBe(401);
      expect((await other.api.get(`/balance/requisites?user_id=${seller.id}`)).status).toBe(403);
      expect((await other.api.request('PUT', '/balance/requisites', { body: { user_id: seller.id, ...ORGANISATION } })).status).toBe(403);
      expect((await seller.api.get('/balance/requisites')).body).toEqual({ requisites: null });
    });
  });

  describe('issuing', () => {
    it('needs the requisites first, naming them', async () => {
      const seller = await createSeller(backend.url);
      const answer = await issue(seller, 1500);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: m.requisitesMissing });
      expect(await invoicesOf(seller)).toEqual([]);
    });

    it.each([
      [0, messages.payments.amountRequired],
      [-5, messages.payments.amountRequired],
      [0.5, messages.payments.amountRange],
      [1_000_000.01, messages.payments.amountRange],
      [10.005, messages.payments.amountRange],
      ['1500', messages.payments.amountRequired],
      [undefined, messages.payments.amountRequired],
    ])('refuses the amount %j with a Russian 400, issuing nothing', async (amount, message) => {
      const seller = await createSeller(backend.url);
      await saveRequisites(seller, ORGANISATION);
      const answer = await issue(seller, amount);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
      expect(await invoicesOf(seller)).toEqual([]);
    });

    it('numbers invoices in one sequence, lists them newest first and serves a PDF with the numbers', async () => {
      const seller = await createSeller(backend.url);
      await saveRequisites(seller, ORGANISATION);
      const first = await issue(seller, 1500.5);
      expect(first.status).toBe(201);
      expect(first.body.number).toMatch(/^СЧ-\d{6}$/);
      expect(first.body.pdf_url).toBe(`/lk/api/balance/invoices/${encodeURIComponent(first.body.number)}/pdf`);
      const second = await issue(seller, 20_000);
      const sequence = (number: string) => Number(number.slice(3));
      expect(sequence(second.body.number)).toBeGreaterThan(sequence(first.body.number));

      const listed = await invoicesOf(seller);
      expect(listed).toEqual([
        {
          number: second.body.number,
          amount: 20_000,
          status: 'pending',
          created_at: expect.any(String),
          paid_at: null,
          pdf_url: second.body.pdf_url,
        },
        {
          number: first.body.number,
          amount: 1500.5,
          status: 'pending',
          created_at: expect.any(String),
          paid_at: null,
          pdf_url: first.body.pdf_url,
        },
      ]);

      const text = await pdfOf(seller, first.body.pdf_url);
      expect(text).toContain(fillMessage(m.pdfTitle, { number: first.body.number, date: '' }).trim());
      expect(text).toContain('1 500,50');
      expect(text).toContain('Одна тысяча пятьсот рублей 50 копеек');
      expect(text).toContain(`ИНН ${ORGANISATION.inn}`);
      expect(text).toContain(`КПП ${ORGANISATION.kpp}`);
      expect(text).toContain(ORGANISATION.name);
      expect(text).toContain(m.pdfLine);
      expect(text).toContain(`Оплата по счёту № ${first.body.number}`);
      expect(text).toContain(m.pdfNoVat);
    });

    it('keeps an issued invoice as it was when the requisites change later', async () => {
      const seller = await createSeller(backend.url);
      await saveRequisites(seller, ORGANISATION);
      const invoice = (await issue(seller, 700)).body;
      await saveRequisites(seller, SOLE_TRADER);
      const text = await pdfOf(seller, invoice.pdf_url);
      expect(text).toContain(ORGANISATION.name);
      expect(text).not.toContain(SOLE_TRADER.name);
    });

    it('serves an invoice only to its seller', async () => {
      const seller = await createSeller(backend.url);
      const other = await createSeller(backend.url);
      await saveRequisites(seller, ORGANISATION);
      const invoice = (await issue(seller, 900)).body;
      const foreign = await downloadPdf(other.api, invoice.pdf_url);
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ message: m.notFound });
      expect((await fetch(`${backend.url}${invoice.pdf_url}`)).status).toBe(401);
      expect((await downloadPdf(other.api, `${invoice.pdf_url}?user_id=${seller.id}`)).status).toBe(403);
      expect(await invoicesOf(other)).toEqual([]);
      expect((await other.api.post('/balance/invoice', { user_id: seller.id, amount: 100 })).status).toBe(403);
      expect(await invoicesOf(seller)).toHaveLength(1);
    });
  });

  describe('paying by the operator CLI', () => {
    it('credits the invoice’s amount once and marks it paid', async () => {
      const seller = await createSeller(backend.url);
      await saveRequisites(seller, ORGANISATION);
      const { number } = (await issue(seller, 1500.5)).body;

      const paid = await runAdminCli(backend.url, ['user:credit', seller.email, '1500.50', '--reference', number]);
      expect(paid.code).toBe(0);
      expect(plainSpaces(paid.stdout)).toContain(`Баланс пополнен на 1 500,50 ₽, счёт № ${number} оплачен`);
      const again = await runAdminCli(backend.url, ['user:credit', seller.email, '1500.50', '--reference', number.toLowerCase()]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(messages.billing.alreadyCredited);

      expect(await balanceOf(seller)).toBe(1500.5);
      const [invoice] = await invoicesOf(seller);
      expect(invoice).toMatchObject({ number, status: 'paid', paid_at: expect.any(String) });
      const { operations } = (await seller.api.get('/balance/operations')).body;
      expect(operations).toEqual([
        expect.objectContaining({ kind: 'bank_transfer', amount: 1500.5, description: fillMessage(m.ledgerPaid, { number }) }),
      ]);
    });

    it(
      'refuses a different amount, another seller’s invoice and an unknown number, writing nothing',
      async () => {
        const seller = await createSeller(backend.url);
        const other = await createSeller(backend.url);
        await saveRequisites(seller, ORGANISATION);
        const { number } = (await issue(seller, 3000)).body;

        const wrongAmount = await runAdminCli(backend.url, ['user:credit', seller.email, '2999', '--reference', number]);
        expect(wrongAmount.code).toBe(1);
        expect(plainSpaces(wrongAmount.stderr)).toContain(fillMessage(m.amountMismatch, { paid: '2 999 ₽', number, amount: '3 000 ₽' }));

        const foreign = await runAdminCli(backend.url, ['user:credit', other.email, '3000', '--reference', number]);
        expect(foreign.code).toBe(1);
        expect(foreign.stderr).toContain(fillMessage(m.otherSeller, { number }));

        const unknown = await runAdminCli(backend.url, ['user:credit', seller.email, '3000', '--reference', 'СЧ-999999999']);
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain(m.notFound);

        expect(await balanceOf(seller)).toBe(0);
        expect(await balanceOf(other)).toBe(0);
        expect((await invoicesOf(seller))[0]).toMatchObject({ number, status: 'pending', paid_at: null });

        // The refused attempts did not use up the reference: the right payment still goes through.
        expect((await runAdminCli(backend.url, ['user:credit', seller.email, '3000', '--reference', number])).code).toBe(0);
        expect(await balanceOf(seller)).toBe(3000);
        const report = await verifyData(backend.url);
        expect(report.checks).toContain('bank_invoice_paid_by_its_ledger_row');
        expect(report.violations.filter((violation) => violation.check === 'bank_invoice_paid_by_its_ledger_row')).toEqual([]);
      },
      CLI_CALLS_TIMEOUT_MS,
    );
  });

  describe('paying at the demo bank', () => {
    const payAtDemoBank = (number: string) =>
      fetch(`${backend.url}/__emulators/bank/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number }),
      });

    it('credits the invoice once through the operator’s path; paying it again is harmless', async () => {
      const seller = await createSeller(backend.url);
      await saveRequisites(seller, ORGANISATION);
      const { number } = (await issue(seller, 2500)).body;

      const form = await fetch(`${backend.url}/__emulators/bank/?number=${encodeURIComponent(number)}`);
      expect(form.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await form.text()).toContain(`value="${number}"`);

      const paid = await payAtDemoBank(number.toLowerCase());
      expect(paid.status).toBe(200);
      expect(plainSpaces(await paid.text())).toContain(`Баланс пополнен на 2 500 ₽, счёт № ${number} оплачен`);
      const again = await payAtDemoBank(number);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain(messages.billing.alreadyCredited);

      expect(await balanceOf(seller)).toBe(2500);
      expect((await invoicesOf(seller))[0]).toMatchObject({ number, status: 'paid', paid_at: expect.any(String) });
      const { operations } = (await seller.api.get('/balance/operations')).body;
      expect(operations).toEqual([expect.objectContaining({ kind: 'bank_transfer', amount: 2500 })]);
    });

    it.each(['СЧ-999999999', 'не номер', '<script>'])('refuses %s as an unknown invoice, escaped, writing nothing', async (number) => {
      const answer = await payAtDemoBank(number);
      expect(answer.status).toBe(404);
      const html = await answer.text();
      expect(html).toContain(m.notFound);
      expect(html).not.toContain('<script>');
    });
  });
});

describe('the supplier’s block and VAT on a server of their own', () => {
  // Its own server: the operator's details are global, and other files change them on the shared ones.
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ROBOKASSA_RECEIPT_TAX: 'vat20' });
  });
  afterAll(() => server?.stop());

  it('labels demo samples «Пример» until the operator sets the details; an issued invoice keeps what it had', async () => {
    const seller = await createSeller(server.url);
    await saveRequisites(seller, SOLE_TRADER);
    const before = (await issue(seller, 100)).body;
    const sampleText = await pdfOf(seller, before.pdf_url);
    expect(sampleText).toContain(m.pdfSampleNotice);
    expect(sampleText).toContain(`${m.pdfSample}: ИНН 000000000000`);

    for (const [key, value] of Object.entries(OPERATOR)) expect((await setOperatorDetail(server.url, key, value)).status).toBe(200);
    const after = (await issue(seller, 250)).body;
    const text = await pdfOf(seller, after.pdf_url);
    expect(text).not.toContain(m.pdfSample);
    expect(text).toContain(`ИНН ${OPERATOR.company_inn}`);
    expect(text).toContain(`ОГРН ${OPERATOR.company_ogrn}`);
    expect(text).toContain(OPERATOR.company_name);
    expect(text).toContain(OPERATOR.company_bank);
    expect(text).toContain(`ИНН ${SOLE_TRADER.inn}`);
    expect(text).toContain('250,00');
    expect(text).toContain('Двести пятьдесят рублей 00 копеек');

    expect(await pdfOf(seller, before.pdf_url)).toContain(m.pdfSampleNotice);
  });

  it('states the VAT the operator configured for receipts', async () => {
    const seller = await createSeller(server.url);
    await saveRequisites(seller, ORGANISATION);
    const { pdf_url } = (await issue(seller, 1200)).body;
    const text = await pdfOf(seller, pdf_url);
    expect(text).toContain(fillMessage(m.pdfVat, { rate: 20, amount: '200,00' }));
    expect(text).not.toContain(m.pdfNoVat);
  });
});

const postgres = backends().find((backend) => backend.name === 'postgres');

describe.runIf(postgres)('a production server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(productionEnv(createDatabase(postgres!.clusterUrl!, 'scanapp_invoices_production')));
  });
  afterAll(() => server?.stop());

  it('issues no invoice until the operator sets the details, naming the missing ones', async () => {
    const seller = await createSeller(server.url);
    await saveRequisites(seller, ORGANISATION);
    expect((await runAdminCli(server.url, ['settings:set', 'company_name', OPERATOR.company_name])).code).toBe(0);
    const refused = await issue(seller, 500);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: fillMessage(m.operatorDetailsMissing, { fields: 'ИНН, адрес, банковские реквизиты' }) });
    expect(await invoicesOf(seller)).toEqual([]);

    for (const key of ['company_inn', 'company_address', 'company_bank'] as const)
      expect((await setOperatorDetail(server.url, key, OPERATOR[key])).status).toBe(200);
    const issued = await issue(seller, 500);
    expect(issued.status).toBe(201);
    const text = await pdfOf(seller, issued.body.pdf_url);
    expect(text).toContain(`ИНН ${OPERATOR.company_inn}`);
    expect(text).not.toContain(m.pdfSample);
    expect(text).not.toContain('ОГРН');
    // Only the seller's real bank pays it: the demo bank does not exist here.
    const demoBank = await fetch(`${server.url}/__emulators/bank/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: issued.body.number }),
    });
    expect(demoBank.status).toBe(404);
    expect(await balanceOf(seller)).toBe(0);
  });
});
