import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codesFromText, isPoolLow, lowPoolMark } from '../../../contract/promo-codes.js';
import { CODE_ALPHABET, generateCodes } from './codes.js';

describe('generated promo codes', () => {
  it('are the prefix and eight characters of the unambiguous alphabet, all distinct', () => {
    const codes = generateCodes('SPRING-', 2000, randomBytes);
    expect(new Set(codes).size).toBe(2000);
    for (const code of codes) expect(code).toMatch(new RegExp(`^SPRING-[${CODE_ALPHABET}]{8}$`));
    expect(codes.map((code) => code.slice('SPRING-'.length)).join('')).not.toMatch(/[01OIL]/);
  });

  it('skip random bytes that would favour some characters', () => {
    // 248 and up are above the largest multiple of 31 below 256: never used.
    const draws = [new Uint8Array(16).fill(250), Uint8Array.from({ length: 16 }, (_, i) => i)];
    let draw = 0;
    const bytes = (size: number) => draws[draw++]!.slice(0, size);
    const [code] = generateCodes('', 1, bytes);
    expect(code).toBe('ABCDEFGH');
  });

  it('draw again when the random source repeats a code', () => {
    const fills = [0, 0, 1];
    let draw = 0;
    const repeating = (size: number) => new Uint8Array(size).fill(fills[Math.min(draw++, fills.length - 1)]!);
    expect(generateCodes('', 2, repeating)).toEqual(['AAAAAAAA', 'BBBBBBBB']);
  });
});

describe('codes from a pasted text or a file', () => {
  it('are trimmed, one per line, blanks dropped (repeats stay for the answer to count)', () => {
    expect(codesFromText('\uFEFF A1 \r\n\r\nB2\nA1\n  \nC3\r')).toEqual(['A1', 'B2', 'A1', 'C3']);
  });

  it('take a CSV line’s first cell without its quotes', () => {
    expect(codesFromText('"A1";\nB2,used\n"C3"\n', { csv: true })).toEqual(['A1', 'B2', 'C3']);
  });
});

describe('a pool running low', () => {
  it.each([
    [0, 0, false],
    [100, 10, false],
    [100, 9, true],
    [1000, 100, false],
    [1000, 99, true],
    [20, 10, false],
    [20, 9, true],
    [5, 5, true],
    [5, 0, true],
  ])('of %i codes with %i left is %s', (total, remaining, low) => {
    expect(isPoolLow(total, remaining)).toBe(low);
  });
});

describe('a pool’s low mark', () => {
  it.each([
    [1, 10],
    [100, 10],
    [101, 11],
    [250, 25],
    [100_000, 10_000],
  ])('of %i codes is %i free codes', (total, mark) => {
    expect(lowPoolMark(total)).toBe(mark);
    expect(isPoolLow(total, mark)).toBe(false);
    expect(isPoolLow(total, mark - 1)).toBe(true);
  });
});
