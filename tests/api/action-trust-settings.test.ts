import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller } from '../support/operator.js';

// The action's guards against points that are not real purchases: the API's defaults and what it refuses.

const PRICE = BILLING_DEFAULTS.project_subscription_price;
const t = messages.trust;
const validAction = { name: 'Защищённая акция', project_inns: '7707083893' };
const actionOf = async (seller: Seller, id: number) => (await seller.api.get(`/projects/${id}`)).body.project;

const refusals: [string, Record<string, unknown>, string][] = [
  ['a hold over 60 days', { points_hold_days: 61 }, t.holdDaysRange],
  ['a negative hold', { points_hold_days: -1 }, t.holdDaysRange],
  ['a fractional hold', { points_hold_days: 1.5 }, t.holdDaysRange],
  ['a weekly cap of 0', { max_receipts_per_week: 0 }, t.maxReceiptsPerWeekRange],
  ['a weekly cap in words', { max_receipts_per_week: 'много' }, t.maxReceiptsPerWeekRange],
  ['a points cap of -5', { max_points_per_receipt: -5 }, t.maxPointsPerReceiptRange],
  ['a suspicious threshold of 0', { suspicious_receipts_per_hour: 0 }, t.suspiciousPerHourRange],
  ['a limit text over 4000 characters', { command_limit_reached: 'я'.repeat(4001) }, messages.actions.textTooLong],
];

describe.each(backends())('the action’s guards on $name', (backend) => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await createFundedSeller(backend.url, PRICE * 4);
  });

  it('the API keeps the SPEC’s check_duplicates: absent is 0, and 1 or 0 is honoured; the guards start off', async () => {
    const plain = (await seller.api.post('/projects', validAction)).body.project_id as number;
    expect(await actionOf(seller, plain)).toMatchObject({
      check_duplicates: 0,
      points_hold_days: 0,
      max_receipts_per_week: null,
      max_points_per_receipt: null,
      suspicious_receipts_per_hour: 5,
      command_limit_reached: null,
    });
    const forbidden = (await seller.api.post('/projects', { ...validAction, check_duplicates: 1 })).body.project_id as number;
    expect((await actionOf(seller, forbidden)).check_duplicates).toBe(1);
  });

  it('keeps the guards it is created with, updates them, keeps them when a PUT leaves them out, and clears a cap with an empty value', async () => {
    const created = await seller.api.post('/projects', {
      ...validAction,
      points_hold_days: '14',
      max_receipts_per_week: 3,
      max_points_per_receipt: '500',
      suspicious_receipts_per_hour: 8,
      command_limit_reached: '  Хватит на этой неделе  ',
    });
    expect(created.status).toBe(201);
    const id = created.body.project_id as number;
    const guards = {
      points_hold_days: 14,
      max_receipts_per_week: 3,
      max_points_per_receipt: 500,
      suspicious_receipts_per_hour: 8,
      command_limit_reached: 'Хватит на этой неделе',
    };
    expect(await actionOf(seller, id)).toMatchObject(guards);

    expect((await seller.api.request('PUT', `/projects/${id}`, { body: { name: 'Другое имя' } })).status).toBe(200);
    expect(await actionOf(seller, id)).toMatchObject(guards);

    const cleared = await seller.api.request('PUT', `/projects/${id}`, {
      body: { points_hold_days: 0, max_receipts_per_week: '', max_points_per_receipt: null, command_limit_reached: '' },
    });
    expect(cleared.status).toBe(200);
    expect(await actionOf(seller, id)).toMatchObject({
      points_hold_days: 0,
      max_receipts_per_week: null,
      max_points_per_receipt: null,
      suspicious_receipts_per_hour: 8,
      command_limit_reached: null,
    });
  });

  it.each(refusals)('refuses %s on create and on update with its message, changing nothing', async (_what, body, message) => {
    const before = (await seller.api.get('/projects')).body.projects as { id: number }[];
    const answer = await seller.api.post('/projects', { ...validAction, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
    expect((await seller.api.get('/projects')).body.projects).toHaveLength(before.length);

    const id = before[0]!.id;
    const saved = await actionOf(seller, id);
    const update = await seller.api.request('PUT', `/projects/${id}`, { body });
    expect(update.status).toBe(400);
    expect(update.body).toEqual({ message });
    expect(await actionOf(seller, id)).toEqual(saved);
  });
});
