import { describe, expect, it } from 'vitest';
import { signedRubles } from './signed-rubles.js';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('signedRubles', () => {
  it('puts + before a credit and a minus sign before a charge', () => {
    expect(plain(signedRubles(23_000))).toBe('+23 000 ₽');
    expect(plain(signedRubles(-3_000))).toBe('−3 000 ₽');
    expect(plain(signedRubles(-0.75))).toBe('−0,75 ₽');
  });

  it('shows zero without a sign', () => {
    expect(plain(signedRubles(0))).toBe('0 ₽');
  });
});
