import { describe, expect, it } from 'vitest';
import { nextSubscriptionEnd, subscriptionReference } from './subscription.js';

const now = new Date('2026-03-01T12:00:00Z');

describe('action subscription periods', () => {
  it('a new action runs 30 days from now', () => {
    expect(nextSubscriptionEnd(null, now).toISOString()).toBe('2026-03-31T12:00:00.000Z');
  });

  it('renewing an active action adds 30 days after its current end', () => {
    expect(nextSubscriptionEnd(new Date('2026-03-10T00:00:00Z'), now).toISOString()).toBe('2026-04-09T00:00:00.000Z');
  });

  it('renewing an ended action starts from now', () => {
    expect(nextSubscriptionEnd(new Date('2026-02-01T00:00:00Z'), now).toISOString()).toBe('2026-03-31T12:00:00.000Z');
  });

  it('names one period by the end date it extends', () => {
    const end = new Date('2026-03-10T00:00:00Z');
    expect(subscriptionReference(7, end)).toBe(subscriptionReference(7, new Date(end)));
    expect(subscriptionReference(7, end)).not.toBe(subscriptionReference(8, end));
  });
});
