import { describe, expect, it } from 'vitest';
import { nextRunClosesAt } from './repeat.js';

const at = (iso: string) => new Date(iso);

describe('a repeating draw’s next run', () => {
  it('closes a week later, or a calendar month later on the same Moscow day, the 31st on a shorter month’s last day', () => {
    const now = at('2026-01-01T00:00:00Z');
    expect(nextRunClosesAt(at('2026-01-10T17:00:00Z'), 'weekly', now)).toEqual(at('2026-01-17T17:00:00Z'));
    expect(nextRunClosesAt(at('2026-01-10T17:00:00Z'), 'monthly', now)).toEqual(at('2026-02-10T17:00:00Z'));
    // 23:30 in Moscow on 31 January is 20:30 UTC; the next is 28 February at 23:30 Moscow time.
    expect(nextRunClosesAt(at('2026-01-31T20:30:00Z'), 'monthly', now)).toEqual(at('2026-02-28T20:30:00Z'));
    // 00:30 in Moscow on 1 February is still 31 January in UTC: the Moscow day counts.
    expect(nextRunClosesAt(at('2026-01-31T21:30:00Z'), 'monthly', now)).toEqual(at('2026-02-28T21:30:00Z'));
    expect(nextRunClosesAt(at('2026-12-15T09:00:00Z'), 'monthly', now)).toEqual(at('2027-01-15T09:00:00Z'));
  });

  it('lies ahead even when the job ran long after the closing', () => {
    expect(nextRunClosesAt(at('2026-01-10T17:00:00Z'), 'weekly', at('2026-01-30T00:00:00Z'))).toEqual(at('2026-01-31T17:00:00Z'));
  });
});
