import { describe, expect, it } from 'vitest';
import { encodeCursor, pageOf } from '../../db/cursor.js';
import { decodeCursor } from './cursor.js';

describe('cursors of the seller API', () => {
  it('round-trip a numeric and a text key', () => {
    expect(decodeCursor(encodeCursor(42), 'number')).toBe(42);
    expect(decodeCursor(encodeCursor('7001'), 'string')).toBe('7001');
    expect(decodeCursor(undefined, 'number')).toBeUndefined();
  });

  it.each(['garbage', encodeCursor('42'), encodeCursor(-1), encodeCursor(1.5), Buffer.from('{"k":"1 OR 1=1"}').toString('base64url')])(
    'refuse a cursor that is not one of ours (%s) with 400',
    (cursor) => {
      expect(() => decodeCursor(cursor, cursor === encodeCursor('42') ? 'number' : 'string')).toThrow(/cursor/);
    },
  );

  it('a page of limit + 1 rows shows limit and points past its last row; a short page has no next cursor', () => {
    expect(
      pageOf(
        [1, 2, 3],
        2,
        (n) => n * 10,
        (n) => n,
      ),
    ).toEqual({ data: [10, 20], next_cursor: encodeCursor(2) });
    expect(
      pageOf(
        [1, 2],
        2,
        (n) => n,
        (n) => n,
      ),
    ).toEqual({ data: [1, 2], next_cursor: null });
  });
});
