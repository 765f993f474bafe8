import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { DEMO_ROBOKASSA } from '../../src/server/config.js';
import { noticeSignature, paymentLinkSignature, pickShp } from '../../src/server/integrations/robokassa/signature.js';
import { ApiClient, createSeller, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';

const balanceOf = async (seller: Seller) => (await seller.api.get('/profile')).body.user.balance as number;

async function deposit(seller: Seller, amount: number, extra: Record<string, unknown> = {}) {
  const answer = await seller.api.post('/balance/deposit', { user_id: seller.id, amount, ...extra });
  expect(answer.status).toBe(200);
  return { url: new URL(answer.body.payment_url as string), invoiceId: answer.body.invoice_id as number };
}

function signedNotice(invId: number, outSum: string, shp: Record<string, string> = {}, password: string = DEMO_ROBOKASSA.password2) {
  return new URLSearchParams({
    OutSum: outSum,
    InvId: String(invId),
    SignatureValue: noticeSignature({ algorithm: 'sha256', outSum, invId, password, shp }),
    ...shp,
  });
}

async function postNotice(baseUrl: string, body: URLSearchParams) {
  const response = await fetch(`${baseUrl}/lk/api/payments/robokassa/result`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: response.status, text: await response.text() };
}

async function follow(baseUrl: string, path: string, init?: RequestInit): Promise<string> {
  const response = await fetch(path.startsWith('http') ? path : `${baseUrl}${path}`, { ...init, redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

describe.each(backends())('card top-up on $name', (backend) => {
  describe('payment link', () => {
    it('is a signed Robokassa link for a new pending invoice, with the 54-FZ receipt', async () => {
      const seller = await createSeller(backend.url);
      const { url, invoiceId } = await deposit(seller, 1000);
      expect(`${url.origin}${url.pathname}`).toBe(`${backend.url}/__emulators/payments/Merchant/Index.aspx`);
      const p = Object.fromEntries(url.searchParams);
      expect(p).toMatchObject({
        MerchantLogin: DEMO_ROBOKASSA.merchantLogin,
        OutSum: '1000.00',
        InvId: String(invoiceId),
        IsTest: '1',
        Shp_user: String(seller.id),
      });
      expect(p.Description).toContain(String(invoiceId));
      expect(p.Recurring).toBeUndefined();
      const receipt = JSON.parse(decodeURIComponent(p.Receipt!));
      expect(receipt.items).toEqual([expect.objectContaining({ quantity: 1, sum: 1000, payment_object: 'service', tax: 'none' })]);
      expect(p.SignatureValue).toBe(
        paymentLinkSignature({
          algorithm: 'sha256',
          merchantLogin: p.MerchantLogin!,
          outSum: p.OutSum!,
          invId: invoiceId,
          receipt: p.Receipt,
          password1: DEMO_ROBOKASSA.password1,
          shp: pickShp(p),
        }),
      );
      const second = await deposit(seller, 500, { enable_recurring: true });
      expect(second.invoiceId).toBeGreaterThan(invoiceId);
      expect(second.url.searchParams.get('Recurring')).toBe('true');
    });

    it.each([
      [{ amount: 0 }, messages.payments.amountRequired],
      [{ amount: -100 }, messages.payments.amountRequired],
      [{ amount: 'много' }, messages.payments.amountRequired],
      [{}, messages.payments.amountRequired],
      [{ amount: 2_000_000 }, messages.payments.amountRange],
      [{ amount: 10.001 }, messages.payments.amountRange],
    ])('refuses %j', async (body, message) => {
      const seller = await createSeller(backend.url);
      const answer = await seller.api.post('/balance/deposit', { user_id: seller.id, ...body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
    });

    it("refuses another seller's user_id and a missing session", async () => {
      const alice = await createSeller(backend.url);
      const bob = await createSeller(backend.url);
      expect((await alice.api.post('/balance/deposit', { user_id: bob.id, amount: 100 })).status).toBe(403);
      expect((await new ApiClient(backend.url).post('/balance/deposit', { user_id: bob.id, amount: 100 })).status).toBe(401);
    });
  });

  describe('the emulated checkout', () => {
    it('shows the amount and both buttons, and refuses a tampered link', async () => {
      const seller = await createSeller(backend.url);
      const { url } = await deposit(seller, 1000);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Оплатить');
      expect(html).toContain('Отменить');
      expect(html.replace(/\u00a0/g, ' ')).toContain('1 000 ₽');
      url.searchParams.set('OutSum', '1.00');
      expect((await fetch(url)).status).toBe(400);
    });

    it('pay: the notice credits the balance and the browser lands on the success banner', async () => {
      const seller = await createSeller(backend.url);
      const { url, invoiceId } = await deposit(seller, 1000);
      const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), action: 'pay' });
      const toSuccess = await follow(backend.url, '/__emulators/payments/checkout', {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(toSuccess).toMatch(new RegExp(`^${backend.url}/lk/api/payments/robokassa/success\\?`));
      const toDashboard = await follow(backend.url, toSuccess);
      expect(toDashboard).toBe(`${backend.url}/dashboard?payment=success&amount=1000.00&invoice=${invoiceId}`);
      expect(await balanceOf(seller)).toBe(1000);
      const { operations } = (await seller.api.get('/balance/operations')).body;
      expect(operations[0]).toMatchObject({ kind: 'card_deposit', amount: 1000, description: `Пополнение картой, счёт № ${invoiceId}` });
      const notices = await (await fetch(`${backend.url}/__emulators/payments/notices`)).json();
      expect(notices).toContainEqual(expect.objectContaining({ invId: String(invoiceId), answer: `OK${invoiceId}` }));
    });

    it('cancel: nothing is credited and the browser lands on the cancelled banner', async () => {
      const seller = await createSeller(backend.url);
      const { url, invoiceId } = await deposit(seller, 700);
      const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), action: 'cancel' });
      const toFail = await follow(backend.url, '/__emulators/payments/checkout', {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(await follow(backend.url, toFail)).toBe(`${backend.url}/dashboard?payment=failed&amount=700.00&invoice=${invoiceId}`);
      expect(await balanceOf(seller)).toBe(0);
    });
  });

  describe('the ResultURL notice', () => {
    it('replayed 20 times in parallel credits once, and every answer is OK{InvId}', async () => {
      const seller = await createSeller(backend.url);
      const { invoiceId } = await deposit(seller, 2000);
      const body = signedNotice(invoiceId, '2000.000000', { Shp_user: String(seller.id) });
      const answers = await Promise.all(Array.from({ length: 20 }, () => postNotice(backend.url, body)));
      expect(answers.every((a) => a.status === 200 && a.text === `OK${invoiceId}`)).toBe(true);
      expect(await balanceOf(seller)).toBe(2000);
      expect((await seller.api.get('/balance/operations')).body.operations).toHaveLength(1);
    });

    it('accepts a GET notice and an upper-case signature', async () => {
      const seller = await createSeller(backend.url);
      const { invoiceId } = await deposit(seller, 100);
      const body = signedNotice(invoiceId, '100.00', { Shp_user: String(seller.id) });
      body.set('SignatureValue', body.get('SignatureValue')!.toUpperCase());
      const response = await fetch(`${backend.url}/lk/api/payments/robokassa/result?${body}`);
      expect(await response.text()).toBe(`OK${invoiceId}`);
      expect(await balanceOf(seller)).toBe(100);
    });

    it('a forged signature, a tampered amount or an unknown invoice credits nothing', async () => {
      const seller = await createSeller(backend.url);
      const { invoiceId } = await deposit(seller, 1000);
      const shp = { Shp_user: String(seller.id) };
      const forged = signedNotice(invoiceId, '1000.00', shp, 'not-the-password');
      const tampered = signedNotice(invoiceId, '1000.00', shp);
      tampered.set('OutSum', '100000.00');
      const otherShp = signedNotice(invoiceId, '1000.00', shp);
      otherShp.set('Shp_user', '1');
      const unknown = signedNotice(2_000_000_000, '1000.00', shp);
      for (const body of [forged, tampered, otherShp, unknown]) {
        const answer = await postNotice(backend.url, body);
        expect(answer.status).toBe(400);
        expect(answer.text).not.toMatch(/^OK/);
      }
      expect(await balanceOf(seller)).toBe(0);
      // The invoice is still payable by the genuine notice.
      expect((await postNotice(backend.url, signedNotice(invoiceId, '1000.00', shp))).text).toBe(`OK${invoiceId}`);
      expect(await balanceOf(seller)).toBe(1000);
    });

    it('a correctly signed notice with another amount credits nothing and the return shows an error', async () => {
      const seller = await createSeller(backend.url);
      const { invoiceId } = await deposit(seller, 1000);
      const shp = { Shp_user: String(seller.id) };
      expect((await postNotice(backend.url, signedNotice(invoiceId, '10.00', shp))).status).toBe(400);
      expect(await balanceOf(seller)).toBe(0);
      const returned = new URLSearchParams({
        OutSum: '1000.00',
        InvId: String(invoiceId),
        SignatureValue: noticeSignature({
          algorithm: 'sha256',
          outSum: '1000.00',
          invId: invoiceId,
          password: DEMO_ROBOKASSA.password1,
          shp,
        }),
        ...shp,
      });
      expect(await follow(backend.url, `/lk/api/payments/robokassa/success?${returned}`)).toBe(
        `${backend.url}/dashboard?payment=error&amount=1000.00&invoice=${invoiceId}`,
      );
    });
  });

  describe('the browser return', () => {
    it('is pending while the notice has not arrived', async () => {
      const seller = await createSeller(backend.url);
      const { invoiceId } = await deposit(seller, 300);
      const shp = { Shp_user: String(seller.id) };
      const returned = new URLSearchParams({
        OutSum: '300.00',
        InvId: String(invoiceId),
        SignatureValue: noticeSignature({
          algorithm: 'sha256',
          outSum: '300.00',
          invId: invoiceId,
          password: DEMO_ROBOKASSA.password1,
          shp,
        }),
        ...shp,
      });
      expect(await follow(backend.url, `/lk/api/payments/robokassa/success?${returned}`)).toBe(
        `${backend.url}/dashboard?payment=pending&amount=300.00&invoice=${invoiceId}`,
      );
    });

    it('never redirects anywhere but this product', async () => {
      const attempts = [
        '/lk/api/payments/robokassa/success?OutSum=1&InvId=1&SignatureValue=x&redirect=https://evil.example',
        '/lk/api/payments/robokassa/fail?InvId=//evil.example&ReturnUrl=https://evil.example',
        '/lk/api/payments/robokassa/fail?InvId=1%0d%0aLocation:%20https://evil.example',
      ];
      for (const path of attempts) {
        const location = await follow(backend.url, path, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
        expect(location.startsWith(`${backend.url}/dashboard?payment=`)).toBe(true);
      }
    });
  });
});
