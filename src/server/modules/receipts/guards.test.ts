import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../../contract/messages.js';
import { dueFlags, nextReceiptCountsAt } from './guards.js';

const t = messages.trust;
const check = { verdict: 'success', alreadyEarned: null, manyPerHourDue: false, suspiciousReceiptsPerHour: 5 } as const;

describe('the weekly cap', () => {
  it('counts the next receipt once its oldest counted receipt is 7 × 24 hours old', () => {
    expect(nextReceiptCountsAt(new Date('2026-11-28T21:30:00Z')).toISOString()).toBe('2026-12-05T21:30:00.000Z');
  });
});

describe('the flags a check makes due', () => {
  it('none for an ordinary check', () => {
    expect(dueFlags(check)).toEqual([]);
  });

  it('a burst within the hour whatever the verdict, named with the action’s threshold', () => {
    expect(dueFlags({ ...check, verdict: 'not_recognized', manyPerHourDue: true })).toEqual([
      { kind: 'many_per_hour', detail: fillMessage(t.flagManyPerHourDetail, { limit: 5 }) },
    ]);
  });

  it('a receipt refused because it earned for another shopper, not one the shopper earned themselves', () => {
    const others = { kind: 'others_receipts', detail: fillMessage(t.flagOthersReceiptsDetail, { count: 3 }) };
    expect(dueFlags({ ...check, verdict: 'already_scanned', alreadyEarned: 'another' })).toEqual([others]);
    expect(dueFlags({ ...check, verdict: 'already_scanned', alreadyEarned: 'this' })).toEqual([]);
    // A copy that won the race for the action's one success: the read saw nothing earned, so nothing is known of whose.
    expect(dueFlags({ ...check, verdict: 'already_scanned', alreadyEarned: null })).toEqual([]);
    expect(
      dueFlags({ ...check, verdict: 'already_scanned', alreadyEarned: 'another', manyPerHourDue: true }).map((flag) => flag.kind),
    ).toEqual(['many_per_hour', 'others_receipts']);
  });
});
