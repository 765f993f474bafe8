import { describe, expect, it } from 'vitest';
import { invoiceVat } from './invoice-vat.js';

describe('VAT on a bank invoice', () => {
  it('is none unless the operator configured a rate', () => {
    expect(invoiceVat('none', 120_000)).toEqual({ rate: null, kopecks: 0 });
  });

  it('is included in the total at the configured rate, its calculated form the same', () => {
    expect(invoiceVat('vat20', 120_000)).toEqual({ rate: 20, kopecks: 20_000 });
    expect(invoiceVat('vat120', 120_000)).toEqual({ rate: 20, kopecks: 20_000 });
    expect(invoiceVat('vat5', 10_500)).toEqual({ rate: 5, kopecks: 500 });
    expect(invoiceVat('vat0', 10_000)).toEqual({ rate: 0, kopecks: 0 });
  });

  it('rounds to the kopeck', () => {
    expect(invoiceVat('vat22', 100)).toEqual({ rate: 22, kopecks: 18 });
  });
});
