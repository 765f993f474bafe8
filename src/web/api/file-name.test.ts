import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './file-name.js';

describe('download file names', () => {
  it('takes the RFC 5987 name first, then the quoted one, else the fallback', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''%D1%87%D0%B5%D0%BA%D0%B8.csv`, 'x.csv')).toBe(
      'чеки.csv',
    );
    expect(fileNameFromDisposition('attachment; filename="scanapp-receipts-2026-11-23.csv"', 'x.csv')).toBe(
      'scanapp-receipts-2026-11-23.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition(null, 'x.csv')).toBe('x.csv');
    expect(fileNameFromDisposition('attachment', 'x.csv')).toBe('x.csv');
  });

  it('a name cannot climb directories', () => {
    expect(fileNameFromDisposition('attachment; filename="../../evil.csv"', 'x.csv')).toBe('.._.._evil.csv');
  });
});
