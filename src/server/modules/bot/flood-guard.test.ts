import { describe, expect, it } from 'vitest';
import { createFloodGuard } from './flood-guard.js';

describe('the flood guard', () => {
  it('lets a few messages through, says so once when they are too many, and forgets after the window', () => {
    let clock = 0;
    const check = createFloodGuard({ limit: 3, windowMs: 60_000, now: () => clock });
    expect([check(1, 10), check(1, 10), check(1, 10), check(1, 10), check(1, 10)]).toEqual(['ok', 'ok', 'ok', 'first_over', 'over']);
    expect(check(1, 11)).toBe('ok');
    expect(check(2, 10)).toBe('ok');
    clock = 61_000;
    expect(check(1, 10)).toBe('ok');
  });
});
