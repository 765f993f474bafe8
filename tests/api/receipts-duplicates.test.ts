import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import type { Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller } from '../support/operator.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { startServer, type RunningServer } from '../support/server-process.js';

const SUBSCRIPTION = BILLING_DEFAULTS.project_subscription_price;
const WB_SELLER = '072196655529';

/**
 * The duplicate check once compared a receipt's action with the receipt's own id, so it depended
 * on which numbers the ids happened to take. A fresh database makes them collide on purpose: the
 * first action and the first receipt both get id 1.
 */
const fresh = [
  { name: 'pglite', env: () => ({}) },
  ...backends()
    .filter((backend) => backend.clusterUrl)
    .map((backend) => ({ name: 'postgres', env: () => ({ DATABASE_URL: createDatabase(backend.clusterUrl!, 'scanapp_duplicate_ids') }) })),
];

describe.each(fresh)('duplicates across actions when ids collide, on a fresh $name', ({ env }) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(env());
  });
  afterAll(async () => server?.stop());

  const actionFor = async (seller: Seller) => {
    const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, check_duplicates: 1 });
    if (created.status !== 201) throw new Error(created.text);
    return created.body.project_id as number;
  };
  const check = (seller: Seller, projectId: number, qrurl: string) =>
    seller.api.post('/check', { qrurl, user_id: seller.id, project_id: projectId, user_id_tg: '100500' });

  it('one receipt earns once in each of two actions of one seller, and a repeat in either is refused', async () => {
    const seller = await createFundedSeller(server.url, 2 * SUBSCRIPTION + 100);
    const first = await actionFor(seller);
    const second = await actionFor(seller);
    const qr = await registerReceipt(server.url, freshReceipt('wb-aurora-cosmetics'));

    expect((await check(seller, first, qr)).body.data.status).toBe('success');
    const [receipt] = (await seller.api.get('/receipts')).body.receipts as Array<{ id: number; project_id: number }>;
    // The collision this test is about: the first receipt's id is the first action's id.
    expect(receipt).toMatchObject({ id: first, project_id: first });

    expect((await check(seller, second, qr)).body).toMatchObject({ success: true, data: { status: 'success' } });
    expect((await check(seller, first, qr)).body).toMatchObject({ success: false, data: { status: 'already_scanned' } });
    expect((await check(seller, second, qr)).body).toMatchObject({ success: false, data: { status: 'already_scanned' } });
    const counts = await Promise.all(
      [first, second].map(async (id) => (await seller.api.get(`/projects/${id}`)).body.project.receipts_count),
    );
    expect(counts).toEqual([1, 1]);
  });
});
