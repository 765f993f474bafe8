import { describe, expect, it } from 'vitest';
import { fromWireError, toWireError } from './pglite-wire.js';

describe('an error crossing from the PGlite worker', () => {
  it('keeps a database error’s message, name and fields', () => {
    const error = Object.assign(new Error('duplicate key value'), { code: '23505', constraint: 'shoppers_name_key' });
    const crossed = fromWireError(toWireError(error));
    expect(crossed).toBeInstanceOf(Error);
    expect(crossed).toMatchObject({ message: 'duplicate key value', name: 'Error', code: '23505', constraint: 'shoppers_name_key' });
  });

  it('describes a thrown object that is no Error by its fields, not as "[object Object]"', () => {
    // What Emscripten's file system throws when PGlite's data folder is a file.
    const crossed = fromWireError(toWireError({ name: 'ErrnoError', errno: 54 }));
    expect(crossed.name).toBe('ErrnoError');
    expect(crossed.message).toBe('{"name":"ErrnoError","errno":54}');
  });

  it('keeps a thrown text and survives a value JSON cannot write', () => {
    expect(fromWireError(toWireError('out of memory')).message).toBe('out of memory');
    const circular: Record<string, unknown> = { name: 'Loop' };
    circular.self = circular;
    expect(fromWireError(toWireError(circular))).toMatchObject({ name: 'Loop', message: '[object Object]' });
  });
});
