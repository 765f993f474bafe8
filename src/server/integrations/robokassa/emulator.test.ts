import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../../tests/support/free-port.js';
import { buildPaymentLink, type RobokassaSettings } from './client.js';
import { robokassaEmulator, type SentNotice } from './emulator.js';

const settings: RobokassaSettings = {
  merchantLogin: 'shop',
  password1: 'password-one',
  password2: 'password-two',
  algorithm: 'sha256',
  paymentUrl: '',
  isTest: true,
  receiptTax: 'none',
};

describe('Robokassa emulator', () => {
  const app = Fastify();
  let baseUrl = '';
  let failuresLeft = 2;
  const received: Record<string, string>[] = [];

  beforeAll(async () => {
    // A shop that answers wrongly twice before it acknowledges.
    await app.register(async (shop) => {
      await shop.register(formbody);
      shop.post('/result', async (request) => {
        received.push(request.body as Record<string, string>);
        if (failuresLeft-- > 0) return 'temporarily broken';
        return `OK${(request.body as { InvId: string }).InvId}`;
      });
    });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    await app.register(
      robokassaEmulator({
        settings,
        resultUrl: `${baseUrl}/result`,
        successUrl: `${baseUrl}/ok`,
        failUrl: `${baseUrl}/fail`,
        retryDelaysMs: [10, 10, 10],
      }),
      { prefix: '/__emulators/payments' },
    );
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('retries the notice until the shop answers OK{InvId}, after sending the browser to SuccessURL', async () => {
    const link = new URL(
      buildPaymentLink(
        { ...settings, paymentUrl: `${baseUrl}/__emulators/payments/Merchant/Index.aspx` },
        {
          invoiceId: 9,
          amountKopecks: 150_000,
          description: 'Счёт 9',
          receiptItemName: 'Пополнение',
          recurring: false,
          isTest: true,
          userId: 3,
        },
      ),
    );
    expect((await fetch(link)).status).toBe(200);
    const response = await fetch(`${baseUrl}/__emulators/payments/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(link.searchParams), action: 'pay' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/ok\?OutSum=1500\.00&InvId=9&Culture=ru&Shp_user=3&SignatureValue=[0-9a-f]{64}$/,
    );
    await vi.waitFor(async () => {
      const notices = (await (await fetch(`${baseUrl}/__emulators/payments/notices`)).json()) as SentNotice[];
      expect(notices.map((n) => n.answer)).toEqual(['temporarily broken', 'temporarily broken', 'OK9']);
    });
    expect(received[0]).toMatchObject({ OutSum: '1500.000000', InvId: '9', Shp_user: '3' });
  });
});
