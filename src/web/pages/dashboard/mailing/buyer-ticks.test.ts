import { describe, expect, it } from 'vitest';
import { tickState, withTicks } from './buyer-ticks.js';

describe('tickState', () => {
  it('tells whether the shown buyers are all, some or none ticked', () => {
    expect(tickState(['1', '2'], new Set(['1', '2', '9']))).toBe('all');
    expect(tickState(['1', '2'], new Set(['2']))).toBe('some');
    expect(tickState(['1', '2'], new Set(['9']))).toBe('none');
  });
});

describe('withTicks', () => {
  it('ticks and unticks without touching other buyers or the original set', () => {
    const before = new Set(['1', '9']);
    expect([...withTicks(before, ['2', '3'], true)]).toEqual(['1', '9', '2', '3']);
    expect([...withTicks(before, ['1', '2'], false)]).toEqual(['9']);
    expect([...before]).toEqual(['1', '9']);
  });
});
