import { describe, expect, it, vi } from 'vitest';
import { NoPaymentUrlError, sendToPayment, webAddress, type PaymentTab } from './send-to-payment.js';

const ORIGIN = 'http://localhost:3000';
const CHECKOUT = `${ORIGIN}/__emulators/payments/Merchant/Index.aspx?InvId=5`;

function blankTab(): PaymentTab & { closed: boolean } {
  return {
    opener: {},
    location: { href: 'about:blank' },
    closed: false,
    close() {
      this.closed = true;
    },
  };
}

describe('sendToPayment', () => {
  it('sends the opened tab to the payment link and cuts it off from the cabinet', async () => {
    const tab = blankTab();
    const goHere = vi.fn();
    await sendToPayment({ tab, createLink: async () => ({ payment_url: CHECKOUT }), origin: ORIGIN, goHere });
    expect(tab.location.href).toBe(CHECKOUT);
    expect(tab.opener).toBeNull();
    expect(tab.closed).toBe(false);
    expect(goHere).not.toHaveBeenCalled();
  });

  it('closes the tab and passes the refusal on when the link cannot be created', async () => {
    const tab = blankTab();
    const refusal = new Error('Сумма пополнения — от 1 до 1 000 000 ₽');
    await expect(sendToPayment({ tab, createLink: () => Promise.reject(refusal), origin: ORIGIN, goHere: vi.fn() })).rejects.toBe(refusal);
    expect(tab.closed).toBe(true);
    expect(tab.location.href).toBe('about:blank');
  });

  it.each(['', '   ', 'javascript:alert(1)', 'data:text/html,hi'])(
    'closes the tab when the answer has no usable link (%j)',
    async (paymentUrl) => {
      const tab = blankTab();
      await expect(
        sendToPayment({ tab, createLink: async () => ({ payment_url: paymentUrl }), origin: ORIGIN, goHere: vi.fn() }),
      ).rejects.toBeInstanceOf(NoPaymentUrlError);
      expect(tab.closed).toBe(true);
      expect(tab.location.href).toBe('about:blank');
    },
  );

  it('goes to the payment from this page when the browser blocked the new tab', async () => {
    const goHere = vi.fn();
    await sendToPayment({ tab: null, createLink: async () => ({ payment_url: CHECKOUT }), origin: ORIGIN, goHere });
    expect(goHere).toHaveBeenCalledWith(CHECKOUT);
  });
});

describe('webAddress', () => {
  it('keeps http(s) addresses and resolves a relative one against the app', () => {
    expect(webAddress('https://checkout.example/Merchant/Index.aspx?a=1', ORIGIN)).toBe('https://checkout.example/Merchant/Index.aspx?a=1');
    expect(webAddress('/__emulators/payments/Merchant/Index.aspx', ORIGIN)).toBe(`${ORIGIN}/__emulators/payments/Merchant/Index.aspx`);
  });

  it('refuses anything else', () => {
    expect(webAddress('javascript:void 0', ORIGIN)).toBeNull();
    expect(webAddress('', ORIGIN)).toBeNull();
  });
});
