import { describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/messages.js';
import { checkInvoiceAmount } from './invoice-amount.js';

describe('the invoice amount as typed', () => {
  it('takes rubles with a comma or a point', () => {
    expect(checkInvoiceAmount('1500,50')).toEqual({ ok: true, amount: 1500.5 });
    expect(checkInvoiceAmount(' 20000 ')).toEqual({ ok: true, amount: 20000 });
  });

  it('answers the server’s messages for what it would refuse', () => {
    expect(checkInvoiceAmount('')).toEqual({ ok: false, message: messages.payments.amountRequired });
    expect(checkInvoiceAmount('abc')).toEqual({ ok: false, message: messages.payments.amountRequired });
    expect(checkInvoiceAmount('0,5')).toEqual({ ok: false, message: messages.payments.amountRange });
    expect(checkInvoiceAmount('1000000,01')).toEqual({ ok: false, message: messages.payments.amountRange });
    expect(checkInvoiceAmount('10,005')).toEqual({ ok: false, message: messages.payments.amountRange });
  });
});
