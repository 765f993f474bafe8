import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFiscalQr, parseFiscalQr, receiptKey, type FiscalQr } from './qr.js';

describe('fiscal receipt QR', () => {
  it('parses the bare string', () => {
    expect(parseFiscalQr('t=20240917T1801&s=1285.21&fn=7281440500751551&i=30526&fp=1168453787&n=1')).toEqual({
      localDateTime: '2024-09-17T18:01:00',
      totalKopecks: 128_521,
      fn: '7281440500751551',
      i: '30526',
      fp: '1168453787',
      n: 1,
    });
  });

  it('accepts a lowercase t, seconds, a URL around it and surrounding spaces', () => {
    expect(parseFiscalQr('t=20240917t1801&s=1285.21&fn=7281440500751551&i=30526&fp=1168453787&n=1')?.localDateTime).toBe(
      '2024-09-17T18:01:00',
    );
    expect(parseFiscalQr('t=20240917T180105&s=1&fn=1&i=2&fp=3&n=1')?.localDateTime).toBe('2024-09-17T18:01:05');
    const inUrl = parseFiscalQr('  https://check.example/qr?t=20231016T1313&s=2701.00&fn=7281440501188798&i=115621&fp=1865575866&n=1#top ');
    expect(inUrl).toMatchObject({ totalKopecks: 270_100, fn: '7281440501188798', i: '115621', fp: '1865575866' });
  });

  it('reads a percent-encoded text once decoded, as proverkacheka.com’s links carry it, bare or inside a link', () => {
    const plain = parseFiscalQr('t=20240917T1801&s=1285.21&fn=7281440500751551&i=30526&fp=1168453787&n=1');
    expect(plain).toBeDefined();
    const encoded = encodeURIComponent('t=20240917T1801&s=1285.21&fn=7281440500751551&i=30526&fp=1168453787&n=1');
    expect(encoded).toBe('t%3D20240917T1801%26s%3D1285.21%26fn%3D7281440500751551%26i%3D30526%26fp%3D1168453787%26n%3D1');
    expect(parseFiscalQr(encoded)).toEqual(plain);
    expect(parseFiscalQr(` ${encoded.replaceAll('%3D', '%3d')} `)).toEqual(plain);
    expect(
      parseFiscalQr(encodeURIComponent('https://check.example/qr?t=20240917T1801&s=1285.21&fn=7281440500751551&i=30526&fp=1168453787&n=1')),
    ).toEqual(plain);
  });

  it.each([
    ['encoded twice', encodeURIComponent(encodeURIComponent('t=20240917T1801&s=1285.21&fn=1&i=2&fp=3&n=1'))],
    // Decoded once it still is not a receipt; only a second decoding would make it one.
    ['encoded twice but for its first sign', `t%3D20240917T1801${encodeURIComponent(encodeURIComponent('&s=1285.21&fn=1&i=2&fp=3&n=1'))}`],
    ['encoded, with a malformed escape', 't%3D20240917T1801%26s%3D1285.21%26fn%3D1%26i%3D2%26fp%3D3%26n%3D1%E0%A4%A'],
    ['encoded, not a receipt once decoded', 't%3D20240917T1801%26s%3D1285.21'],
  ])('does not recognise a percent-encoded text %s, and does not throw', (_, input) => {
    expect(parseFiscalQr(input)).toBeUndefined();
  });

  it('reads whole rubles and one decimal digit', () => {
    expect(parseFiscalQr('t=20240101T1000&s=100&fn=1&i=2&fp=3&n=1')?.totalKopecks).toBe(10_000);
    expect(parseFiscalQr('t=20240101T1000&s=100.5&fn=1&i=2&fp=3&n=1')?.totalKopecks).toBe(10_050);
  });

  it.each([
    '',
    'hello',
    't=20240917T1801&s=1285.21&fn=7281440500751551&i=30526&n=1',
    't=2024-09-17&s=1285.21&fn=1&i=2&fp=3&n=1',
    't=20240231T1801&s=1&fn=1&i=2&fp=3&n=1',
    't=20240917T2501&s=1&fn=1&i=2&fp=3&n=1',
    't=20240917T1801&s=-5&fn=1&i=2&fp=3&n=1',
    't=20240917T1801&s=1&fn=abc&i=2&fp=3&n=1',
    't=20240917T1801&s=1&fn=1&i=2&fp=3&n=7',
    '%E0%A4%A',
  ])('refuses %j', (input) => {
    expect(parseFiscalQr(input)).toBeUndefined();
  });

  it('identifies a receipt by fn, i and fp', () => {
    expect(receiptKey({ fn: '1', i: '2', fp: '3' })).toBe('1:2:3');
  });

  const qrArbitrary: fc.Arbitrary<FiscalQr> = fc.record({
    localDateTime: fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 19)),
    totalKopecks: fc.integer({ min: 0, max: 99_999_999_99 }),
    fn: fc.bigInt({ min: 1n, max: 9_999_999_999_999_999n }).map(String),
    i: fc.integer({ min: 1, max: 2_000_000_000 }).map(String),
    fp: fc.integer({ min: 0, max: 2_000_000_000 }).map(String),
    n: fc.integer({ min: 1, max: 4 }),
  });

  it('property: any valid QR round-trips through format and parse', () => {
    fc.assert(
      fc.property(qrArbitrary, (qr) => {
        expect(parseFiscalQr(formatFiscalQr(qr))).toEqual(qr);
      }),
    );
  });

  // fast-check's generators are CPU-heavy: on a busy 2-core machine 100 runs can take several seconds.
  it('property: garbage never throws', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.webUrl(),
          fc.constantFrom('t=', '?', '&&&', '%', 's=1e9', '%3D%', 't%3D%ZZ%26'),
        ),
        (input) => {
          expect(() => parseFiscalQr(input)).not.toThrow();
        },
      ),
    );
  });
});
