import { describe, expect, it } from 'vitest';
import { formatOutSum, noticeSignature, parseOutSum, paymentLinkSignature, signaturesMatch } from './signature.js';

// Fixed vectors: a change to the signed string's layout (order, separators, Shp_ sorting,
// Receipt encoding) changes these hashes.
describe('Robokassa signatures', () => {
  it('signs a payment link as MerchantLogin:OutSum:InvId:Password1', () => {
    // The documentation's example: login "test", 5.12 rubles, InvId 5, password #1 "securepass1", MD5.
    expect(paymentLinkSignature({ algorithm: 'md5', merchantLogin: 'test', outSum: '5.12', invId: 5, password1: 'securepass1' })).toBe(
      'd33ad746fefb057705993fc6662c5beb',
    );
  });

  it('puts the URL-encoded Receipt after InvId and the Shp_ parameters, sorted, after the password', () => {
    const receipt = encodeURIComponent(JSON.stringify({ items: [{ name: 'Пополнение баланса', quantity: 1, sum: 1000, tax: 'none' }] }));
    const signature = paymentLinkSignature({
      algorithm: 'sha256',
      merchantLogin: 'shop',
      outSum: '1000.00',
      invId: 42,
      receipt,
      password1: 'p1',
      shp: { Shp_user: '7', Shp_account: 'x' },
    });
    expect(signature).toBe('485ff8549fab1a8d1f0d8368ad5934bf09ca9cbcbcef04b020eb556bd57f9d31');
  });

  it('signs the notice as OutSum:InvId:Password2[:Shp_…]', () => {
    expect(noticeSignature({ algorithm: 'md5', outSum: '100.00', invId: 1, password: 'pass2' })).toBe('217cbda60734d63578958c0a702b0f02');
    expect(noticeSignature({ algorithm: 'sha256', outSum: '1000.000000', invId: 17, password: 'p2', shp: { Shp_user: '5' } })).toBe(
      'ac9f9d74cedca50d98ffa7ef3c7ab498eb68a350a4ffe696a49953992ee65002',
    );
  });

  it('compares signatures case-insensitively and refuses anything else', () => {
    const signature = '217cbda60734d63578958c0a702b0f02';
    expect(signaturesMatch(signature, signature.toUpperCase())).toBe(true);
    expect(signaturesMatch(signature, ` ${signature} `)).toBe(true);
    expect(signaturesMatch(signature, signature.slice(1))).toBe(false);
    expect(signaturesMatch(signature, undefined)).toBe(false);
    expect(signaturesMatch(signature, 'd33ad746fefb057705993fc6662c5beb')).toBe(false);
  });

  it('formats and parses OutSum in kopecks', () => {
    expect(formatOutSum(100_050)).toBe('1000.50');
    expect(parseOutSum('1000.000000')).toBe(100_000);
    expect(parseOutSum('1000.5')).toBe(100_050);
    expect(parseOutSum('1e3')).toBeUndefined();
    expect(parseOutSum('-5')).toBeUndefined();
    expect(parseOutSum(undefined)).toBeUndefined();
  });
});
