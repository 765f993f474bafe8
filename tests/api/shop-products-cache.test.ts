import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { ApiClient, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller } from '../support/operator.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { startServer } from '../support/server-process.js';

/** The public products list is cached per shop; these calls prove that no change is ever served stale. */

interface Shop {
  seller: Seller;
  projectId: number;
  token: string;
}

async function openShop(url: string): Promise<Shop> {
  const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
  const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' })).body.project_id as number;
  const token = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body.settings.token as string;
  return { seller, projectId, token };
}

const addProduct = async (shop: Shop, title: string, pricePoints: number) => {
  const answer = await shop.seller.api.post('/shop/products', {
    project_id: shop.projectId,
    title,
    description: '',
    image_url: null,
    price_points: pricePoints,
  });
  expect(answer.status).toBe(201);
  return answer.body.product.id as number;
};

const products = (url: string, token: string, ifNoneMatch?: string) =>
  new ApiClient(url).get(`/public/shop/${token}/products`, ifNoneMatch ? { headers: { 'if-none-match': ifNoneMatch } } : {});

/** The list as a buyer sees it, with its ETag. */
async function seen(url: string, token: string): Promise<{ etag: string; shopName: string; titles: string[]; prices: number[] }> {
  const answer = await products(url, token);
  expect(answer.status).toBe(200);
  return {
    etag: answer.headers.get('etag')!,
    shopName: answer.body.shop_name,
    titles: answer.body.products.map((product: { title: string }) => product.title),
    prices: answer.body.products.map((product: { price_points: number }) => product.price_points),
  };
}

describe.each(backends())('the public products list on $name', (backend) => {
  const url = backend.url;

  it('has a strong ETag and asks to be revalidated; the same ETag is answered 304 without a body', async () => {
    const shop = await openShop(url);
    await addProduct(shop, 'Кружка', 100);
    const first = await products(url, shop.token);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.body).toEqual({
      shop_name: 'Aurora',
      products: [{ id: expect.any(Number), title: 'Кружка', description: '', image_url: null, price_points: 100, in_stock: true }],
    });

    const again = await products(url, shop.token);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.text).toBe(first.text);

    const notModified = await products(url, shop.token, etag);
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('content-length')).toBeNull();
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('cache-control')).toBe('no-cache');
    expect((await products(url, shop.token, `"stale", W/${etag}`)).status).toBe(304);
    expect((await products(url, shop.token, '"stale"')).status).toBe(200);
  });

  it('changes its answer and ETag with every change of the shop, and an old link is not found', async () => {
    const shop = await openShop(url);
    const mug = await addProduct(shop, 'Кружка', 100);
    const etags: string[] = [];
    const look = async () => {
      const list = await seen(url, shop.token);
      expect(etags.at(-1)).not.toBe(list.etag);
      etags.push(list.etag);
      // A client that revalidates with the previous ETag gets the new list, not a 304.
      if (etags.length > 1) expect((await products(url, shop.token, etags.at(-2))).status).toBe(200);
      return list;
    };
    expect(await look()).toMatchObject({ titles: ['Кружка'], prices: [100] });

    const cap = await addProduct(shop, 'Кепка', 300);
    expect(await look()).toMatchObject({ titles: ['Кружка', 'Кепка'], prices: [100, 300] });

    await shop.seller.api.request('PUT', `/shop/products/${mug}`, { body: { project_id: shop.projectId, price_points: 150 } });
    expect(await look()).toMatchObject({ titles: ['Кружка', 'Кепка'], prices: [150, 300] });

    await shop.seller.api.post('/shop/products/reorder', { project_id: shop.projectId, product_id: cap, direction: 'up' });
    expect(await look()).toMatchObject({ titles: ['Кепка', 'Кружка'] });

    await shop.seller.api.request('PUT', `/shop/products/${cap}`, { body: { project_id: shop.projectId, is_active: false } });
    expect(await look()).toMatchObject({ titles: ['Кружка'] });

    // Shown again: the very list of before it was hidden, so the same bytes and the same strong ETag.
    await shop.seller.api.request('PUT', `/shop/products/${cap}`, { body: { project_id: shop.projectId, is_active: true } });
    const shownAgain = await seen(url, shop.token);
    expect(shownAgain).toMatchObject({ titles: ['Кепка', 'Кружка'], etag: etags.at(-2) });
    etags.push(shownAgain.etag);

    await shop.seller.api.request('DELETE', `/shop/products/${mug}?project_id=${shop.projectId}`);
    expect(await look()).toMatchObject({ titles: ['Кепка'] });

    expect((await shop.seller.api.request('PUT', `/projects/${shop.projectId}`, { body: { name: 'Бореалис' } })).status).toBe(200);
    expect(await look()).toMatchObject({ shopName: 'Бореалис', titles: ['Кепка'] });

    const regenerated = await shop.seller.api.post('/shop/settings', {
      project_id: shop.projectId,
      puzzle_bot_token: null,
      command_name: null,
      variable_name_title: null,
      variable_name_price: null,
      telegram_bot_token: null,
      regenerate_token: true,
    });
    expect(regenerated.status).toBe(200);
    expect((await products(url, shop.token)).status).toBe(404);
    expect((await products(url, shop.token, etags.at(-1))).status).toBe(404);
    const renewed = regenerated.body.settings.token as string;
    expect(await seen(url, renewed)).toMatchObject({ shopName: 'Бореалис', titles: ['Кепка'] });

    expect((await shop.seller.api.request('DELETE', `/projects/${shop.projectId}`)).status).toBe(200);
    expect((await products(url, renewed)).status).toBe(404);
  });

  it.runIf(backend.clusterUrl)(
    'on two instances of one PostgreSQL, a change made through one is seen at once through the other',
    { timeout: 120_000 },
    async () => {
      const databaseUrl = createDatabase(backend.clusterUrl!, 'scanapp_products_cache');
      const [a, b] = await Promise.all([startServer({ DATABASE_URL: databaseUrl }), startServer({ DATABASE_URL: databaseUrl })]);
      try {
        const shop = await openShop(a.url);
        const mug = await addProduct(shop, 'Кружка', 100);
        // Both instances now keep the list in memory.
        const before = await seen(b.url, shop.token);
        expect(before).toMatchObject({ titles: ['Кружка'], prices: [100] });
        expect(await seen(a.url, shop.token)).toEqual(before);

        await shop.seller.api.request('PUT', `/shop/products/${mug}`, { body: { project_id: shop.projectId, price_points: 120 } });
        const repriced = await seen(b.url, shop.token);
        expect(repriced.prices).toEqual([120]);
        expect((await products(b.url, shop.token, before.etag)).status).toBe(200);

        await shop.seller.api.request('PUT', `/shop/products/${mug}`, { body: { project_id: shop.projectId, is_active: false } });
        expect((await seen(b.url, shop.token)).titles).toEqual([]);

        await shop.seller.api.request('PUT', `/projects/${shop.projectId}`, { body: { name: 'Бореалис' } });
        expect((await seen(b.url, shop.token)).shopName).toBe('Бореалис');

        await shop.seller.api.request('DELETE', `/projects/${shop.projectId}`);
        expect((await products(b.url, shop.token)).status).toBe(404);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    },
  );
});
