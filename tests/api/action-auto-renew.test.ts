import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { advance, clockCall } from '../support/clock.js';
import { mailsTo } from '../support/mail.js';
import { createFundedSeller, verifyData } from '../support/operator.js';
import { eventually } from '../support/telegram.js';

// «Продлевать автоматически»: on its end date an action renews from the balance, as a manual renewal
// does; three days before, the seller is warned once when the balance will not cover it.

const PRICE = BILLING_DEFAULTS.project_subscription_price;
const DAY = 24 * 60 * 60;
const validAction = { name: 'Продлится сама', project_inns: '7707083893' };
const actionOf = async (seller: Seller, id: number) => (await seller.api.get(`/projects/${id}`)).body.project;
const balanceOf = async (seller: Seller) => (await seller.api.get('/profile')).body.user.balance as number;
const subscriptionCharges = async (seller: Seller) =>
  ((await seller.api.get('/balance/operations')).body.operations as { kind: string }[]).filter((row) => row.kind === 'action_subscription');
const warnings = async (url: string, seller: Seller) =>
  (await mailsTo(url, seller.email)).filter((mail) => mail.subject === messages.mail.renewalUncoveredSubject);

describe.each(backends())('automatic renewal on $name', (backend) => {
  const url = backend.url;
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  it('a new action renews itself from the balance on its end date, once a period; one switched off ends', async () => {
    const seller = await createFundedSeller(url, PRICE * 3);
    const renewing = (await seller.api.post('/projects', validAction)).body.project_id as number;
    const ending = (await seller.api.post('/projects', { ...validAction, auto_renew: false })).body.project_id as number;
    const before = await actionOf(seller, renewing);
    expect(before.auto_renew).toBe(true);
    expect((await actionOf(seller, ending)).auto_renew).toBe(false);

    await advance(url, 30 * DAY + 60);
    const renewed = await actionOf(seller, renewing);
    expect(renewed).toMatchObject({ is_active: true, status_message: null });
    expect(new Date(renewed.subscription_end_date).getTime()).toBeGreaterThan(
      new Date(before.subscription_end_date).getTime() + 29 * DAY * 1000,
    );
    expect((await actionOf(seller, ending)).is_active).toBe(false);
    expect(await balanceOf(seller)).toBe(PRICE * 3 - PRICE * 3);
    expect(await subscriptionCharges(seller)).toHaveLength(3);
    // Another minute, another sweep and a read: the period is charged once.
    await advance(url, 60);
    expect(await subscriptionCharges(seller)).toHaveLength(3);
    expect(await warnings(url, seller)).toEqual([]);
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('warns once three days ahead when the balance will not cover the renewal, then the action ends unpaid', async () => {
    const seller = await createFundedSeller(url, PRICE + 100);
    const id = (await seller.api.post('/projects', validAction)).body.project_id as number;

    await advance(url, 26 * DAY);
    expect(await warnings(url, seller)).toEqual([]);
    await advance(url, 2 * DAY);
    const [warning] = await eventually(
      async () => ((await warnings(url, seller)).length > 0 ? warnings(url, seller) : undefined),
      15_000,
      'the warning',
    );
    expect(warning!.text).toContain('«Продлится сама»');
    expect(warning!.text).toContain('/dashboard/balance');
    await advance(url, DAY);
    expect(await warnings(url, seller)).toHaveLength(1);

    await advance(url, 2 * DAY);
    const ended = await actionOf(seller, id);
    expect(ended.is_active).toBe(false);
    expect(await balanceOf(seller)).toBe(100);
    expect(await subscriptionCharges(seller)).toHaveLength(1);
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('a PUT switches it off and on; a value that is not a boolean is refused', async () => {
    const seller = await createFundedSeller(url, PRICE);
    const id = (await seller.api.post('/projects', validAction)).body.project_id as number;
    expect((await seller.api.request('PUT', `/projects/${id}`, { body: { auto_renew: false } })).status).toBe(200);
    expect((await actionOf(seller, id)).auto_renew).toBe(false);
    const refused = await seller.api.request('PUT', `/projects/${id}`, { body: { auto_renew: 'да' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: messages.actions.autoRenewInvalid });
    expect((await actionOf(seller, id)).auto_renew).toBe(false);
  });
});
