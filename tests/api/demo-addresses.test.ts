import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createSeller } from '../support/api-client.js';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { createFundedSeller } from '../support/operator.js';
import { startServer, type RunningServer } from '../support/server-process.js';

/**
 * `npm start` without PUBLIC_URL, opened at 127.0.0.1 rather than localhost (or the reverse):
 * links, payment returns and pictures follow the address the browser used.
 */
describe('a demo without PUBLIC_URL, reached at either loopback name', () => {
  let server: RunningServer;
  let port: string;
  let viaLoopback: string;
  let viaLocalhost: string;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: '' });
    port = new URL(server.url).port;
    viaLoopback = `http://127.0.0.1:${port}`;
    viaLocalhost = `http://localhost:${port}`;
  });
  afterAll(async () => server?.stop());

  it('the payment link, the checkout’s return and the dashboard it lands on stay at the address used', async () => {
    const seller = await createSeller(viaLoopback);
    for (const base of [viaLoopback, viaLocalhost]) {
      const client = new ApiClient(base, seller.api.address, seller.api.token);
      const answer = await client.post('/balance/deposit', { user_id: seller.id, amount: 1000 });
      if (answer.status !== 200) throw new Error(answer.text);
      const link = new URL(answer.body.payment_url);
      expect(link.origin).toBe(base);
      // The emulated checkout's «Оплатить» returns relative to itself, then to the dashboard at the same address.
      const paid = await fetch(`${base}/__emulators/payments/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...Object.fromEntries(link.searchParams), action: 'pay' }),
        redirect: 'manual',
      });
      const back = paid.headers.get('location')!;
      expect(back.startsWith('/lk/api/payments/robokassa/success?')).toBe(true);
      const landed = await fetch(`${base}${back}`, { redirect: 'manual' });
      expect(landed.headers.get('location')).toMatch(new RegExp(`^${base.replace(/[.[\]]/g, '\\$&')}/dashboard\\?payment=success`));
    }
  });

  it('a picture uploaded at one name is the seller’s own at the other, and the pages may show it', async () => {
    const seller = await createFundedSeller(viaLoopback, BILLING_DEFAULTS.project_subscription_price);
    const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' });
    if (created.status !== 201) throw new Error(created.text);
    const projectId = created.body.project_id as number;
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#2948c8' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const uploaded = await fetch(`${viaLoopback}/lk/api/shop/products/upload-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.api.token}`, 'x-forwarded-for': seller.api.address },
      body: form,
    });
    const { image_url: imageUrl } = (await uploaded.json()) as { image_url: string };
    expect(imageUrl.startsWith(`${viaLoopback}/lk/uploads/`)).toBe(true);

    const atLocalhost = new ApiClient(viaLocalhost, seller.api.address, seller.api.token);
    const product = await atLocalhost.post('/shop/products', {
      user_id: seller.id,
      project_id: projectId,
      title: 'Крем',
      price_points: 10,
      image_url: imageUrl,
    });
    expect(product.status, product.text).toBe(201);
    expect(
      (await atLocalhost.get(`/shop/settings?project_id=${projectId}`)).body.settings.shop_url.startsWith(`${viaLocalhost}/shop/`),
    ).toBe(true);
    const csp = (await fetch(`${viaLocalhost}/dashboard`)).headers.get('content-security-policy')!;
    expect(csp).toContain(`img-src 'self' data: blob: ${viaLocalhost} ${viaLoopback}`);
    // Another site's picture is still not the seller's own.
    const foreign = await atLocalhost.post('/shop/products', {
      user_id: seller.id,
      project_id: projectId,
      title: 'Чужое',
      price_points: 10,
      image_url: imageUrl.replace(viaLoopback, 'http://evil.example'),
    });
    expect(foreign.status).toBe(400);
  });
});
