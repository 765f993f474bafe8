import { describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/messages.js';
import { paymentNoticeOf, withoutPaymentParams } from './payment-notice.js';

const p = messages.payments;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const noticeOf = (query: string) => {
  const notice = paymentNoticeOf(new URLSearchParams(query));
  return notice && { ...notice, details: notice.details.map(plain) };
};

describe('paymentNoticeOf', () => {
  it('success names the amount in rubles with kopecks and the invoice', () => {
    expect(noticeOf('payment=success&amount=1000.00&invoice=42')).toEqual({
      status: 'success',
      title: p.successTitle,
      details: ['Зачислено 1 000,00 ₽, счёт № 42.'],
    });
    expect(noticeOf('payment=success&amount=700.5&invoice=7')?.details).toEqual(['Зачислено 700,50 ₽, счёт № 7.']);
  });

  it('success without one of amount and invoice says what it knows', () => {
    expect(noticeOf('payment=success&amount=500')?.details).toEqual(['Зачислено 500,00 ₽.']);
    expect(noticeOf('payment=success&invoice=9')?.details).toEqual(['Счёт № 9.']);
    expect(noticeOf('payment=success')).toEqual({ status: 'success', title: p.successTitle, details: [] });
  });

  it.each([
    ['failed', p.failedTitle, p.failedDetail],
    ['error', p.errorTitle, p.errorDetail],
    ['pending', p.pendingTitle, p.pendingDetail],
  ] as const)('%s shows its SPEC title and detail, and the invoice number', (status, title, detail) => {
    expect(noticeOf(`payment=${status}&amount=700.00&invoice=12`)).toEqual({ status, title, details: [detail, 'Счёт № 12.'] });
    expect(noticeOf(`payment=${status}`)).toEqual({ status, title, details: [detail] });
  });

  it('ignores an unknown or missing payment value', () => {
    expect(noticeOf('payment=refunded&amount=100.00')).toBeNull();
    expect(noticeOf('payment=SUCCESS')).toBeNull();
    expect(noticeOf('amount=100.00&invoice=1')).toBeNull();
  });

  it('leaves out an amount or invoice that is not a plain number', () => {
    expect(noticeOf('payment=success&amount=lots&invoice=<b>1</b>')?.details).toEqual([]);
    expect(noticeOf('payment=failed&invoice=-3')?.details).toEqual([p.failedDetail]);
    expect(noticeOf('payment=success&amount=1e9&invoice=5')?.details).toEqual(['Счёт № 5.']);
  });
});

describe('withoutPaymentParams', () => {
  it('removes the notice parameters and keeps the others', () => {
    expect(withoutPaymentParams(new URLSearchParams('payment=success&amount=1000.00&invoice=4&tab=2'))).toBe('?tab=2');
    expect(withoutPaymentParams(new URLSearchParams('payment=failed&amount=1.00&invoice=4'))).toBe('');
  });
});
