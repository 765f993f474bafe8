import { describe, expect, it } from 'vitest';
import { formatNearestExpiry } from './format.js';

describe('the Mini App’s numbers of points', () => {
  it('says when the nearest points expire, the verb agreeing with the number, the day in Moscow', () => {
    // 23:59:59 in Moscow on 12 January is still the 12th there, though the 12th has ended nowhere west of it.
    expect(formatNearestExpiry(120, '2027-01-12T20:59:59.999Z')).toBe('120 баллов сгорят 12.01.2027');
    expect(formatNearestExpiry(21, '2027-01-12T09:00:00Z')).toBe('21 балл сгорит 12.01.2027');
    expect(formatNearestExpiry(3, '2027-01-12T09:00:00Z')).toBe('3 балла сгорят 12.01.2027');
  });
});
