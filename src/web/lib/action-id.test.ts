import { describe, expect, it } from 'vitest';
import { parseActionId } from './action-id.js';

describe('parseActionId', () => {
  it('accepts a positive whole number', () => {
    expect(parseActionId('1')).toBe(1);
    expect(parseActionId('2147483647')).toBe(2147483647);
  });

  it.each(['abc', '12abc', '1.5', '-3', '0', '007', '', ' 1', '2147483648', '1e3'])('refuses %j', (raw) => {
    expect(parseActionId(raw)).toBeNull();
  });

  it('refuses a missing id', () => {
    expect(parseActionId(undefined)).toBeNull();
  });
});
