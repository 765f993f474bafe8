import { describe, expect, it } from 'vitest';
import { FIXTURE_NAMES, loadReceipt } from '../../../../tests/fixtures/receipts/index.js';
import { readTaxReceipt, receiptInstant, type TaxReceipt } from './tax-receipt.js';
import {
  capPoints,
  classifyItems,
  isActionOpen,
  isHandedOver,
  isTooOld,
  judgeReceipt,
  matchesKeywords,
  pointsFor,
  type ActionRules,
} from './verdict.js';

const now = new Date('2025-01-10T12:00:00Z');
const rules = (overrides: Partial<ActionRules> = {}): ActionRules => ({
  isActive: true,
  subscriptionEndDate: new Date('2025-02-01T00:00:00Z'),
  inns: [],
  receiptValidityDays: 60,
  checkDuplicates: 0,
  pointsPercentage: 10,
  productKeywords: [],
  minTotalKopecks: 0,
  maxPointsPerReceipt: null,
  ...overrides,
});
const receipt = (name: string): TaxReceipt => readTaxReceipt(loadReceipt(name))!;

describe('tax service receipts', () => {
  it.each(FIXTURE_NAMES)('reads the real receipt %s', (name) => {
    const read = receipt(name);
    expect(read.items.length).toBeGreaterThan(0);
    expect(read.sellerInn).toMatch(/^\d{10}(\d{2})?$/);
    expect(read.fn).toMatch(/^\d+$/);
    expect(read.operationType).toBe(1);
  });

  it('reads Unix-seconds and local ISO dates (local = Moscow time)', () => {
    expect(receipt('wb-aurora-cosmetics').issuedAt.toISOString()).toBe('2024-06-27T12:56:00.000Z');
    expect(receipt('pyaterochka-khabarovsk-weighted').issuedAt.toISOString()).toBe('2024-09-17T15:01:00.000Z');
    expect(receiptInstant('yesterday')).toBeUndefined();
  });

  it('trims INNs padded with spaces and keeps fractional quantities', () => {
    const pyaterochka = receipt('pyaterochka-khabarovsk-weighted');
    expect(pyaterochka.sellerInn).toBe('7825706086');
    expect(pyaterochka.items[0]).toMatchObject({ quantity: 2.474, sumKopecks: 24_738, providerInn: null });
  });

  it('refuses what is not a receipt', () => {
    expect(readTaxReceipt({ hello: 'world' })).toBeUndefined();
    expect(readTaxReceipt(null)).toBeUndefined();
  });
});

describe('the points cap per receipt', () => {
  it('cuts only what is over the cap; no cap leaves the points as earned', () => {
    expect(capPoints(501, 500)).toEqual({ points: 500, cappedAt: 500 });
    expect(capPoints(500, 500)).toEqual({ points: 500, cappedAt: null });
    expect(capPoints(0, 1)).toEqual({ points: 0, cappedAt: null });
    expect(capPoints(1_000_000, null)).toEqual({ points: 1_000_000, cappedAt: null });
  });
});

describe('verdict rules', () => {
  it('an action is open only while active and within its subscription', () => {
    expect(isActionOpen(rules(), now)).toBe(true);
    expect(isActionOpen(rules({ isActive: false }), now)).toBe(false);
    expect(isActionOpen(rules({ subscriptionEndDate: new Date('2025-01-10T11:59:59Z') }), now)).toBe(false);
    expect(isActionOpen(rules({ subscriptionEndDate: null }), now)).toBe(false);
  });

  it('a receipt is too old past the validity days', () => {
    const issued = new Date('2024-11-11T12:00:00Z');
    expect(isTooOld(issued, now, 60)).toBe(false);
    expect(isTooOld(issued, now, 59)).toBe(true);
  });

  it('marketplace items count by their supplier INN (tag 1226), not the marketplace', () => {
    const wb = receipt('wb-aurora-cosmetics');
    expect(classifyItems(wb, { inns: ['072196655529'], productKeywords: [] }).countedKopecks).toBe(178_600);
    expect(classifyItems(wb, { inns: ['7721546864'], productKeywords: [] }).sellerItemCount).toBe(0);
  });

  it('items without a supplier INN fall back to the receipt seller', () => {
    const lenta = receipt('lenta-marked-excise');
    const classification = classifyItems(lenta, { inns: ['7814148471'], productKeywords: [] });
    expect(classification.items.every((item) => item.status === 'counted')).toBe(true);
    expect(classification.countedKopecks).toBe(lenta.items.reduce((sum, item) => sum + item.sumKopecks, 0));
  });

  it('counts only the action seller’s items on a receipt with several sellers', () => {
    const mixed = receipt('wb-aurora-cosmetics');
    mixed.items.push({
      name: 'Чужой товар',
      priceKopecks: 50_000,
      quantity: 1,
      sumKopecks: 50_000,
      providerInn: '7717144513',
      paymentMethod: 4,
    });
    const verdict = judgeReceipt(mixed, rules({ inns: ['7717144513'], pointsPercentage: 10 }), new Date('2024-07-01T00:00:00Z'));
    expect(verdict.status).toBe('success');
    expect(verdict.classification.items.map((item) => item.status)).toEqual(['not_counted', 'not_counted', 'not_counted', 'counted']);
    expect(verdict.status === 'success' && verdict.points).toBe(50);
  });

  it('matches product keywords case-insensitively, ё as е', () => {
    expect(matchesKeywords('Шампунь детский 300мл Aurora', ['шампунь'])).toBe(true);
    expect(matchesKeywords('Мёд цветочный', ['МЕД'])).toBe(true);
    expect(matchesKeywords('Кондиционер', ['шампунь', 'маска'])).toBe(false);
    expect(matchesKeywords('Что угодно', [])).toBe(true);
  });

  it('points: percent of the counted sum, rounded down to whole points', () => {
    expect(pointsFor(178_600, 10)).toBe(178);
    expect(pointsFor(99, 100)).toBe(0);
    expect(pointsFor(1_999, 100)).toBe(19);
    expect(pointsFor(10_000, 7.5)).toBe(7);
    expect(pointsFor(100_000, 0)).toBe(0);
  });

  describe('in order', () => {
    const wb = () => receipt('wb-aurora-cosmetics');
    const when = new Date('2024-07-01T00:00:00Z');
    const ours = { inns: ['072196655529'] };

    it('too old beats the goods checks', () => {
      expect(judgeReceipt(wb(), rules({ ...ours, receiptValidityDays: 1 }), when).status).toBe('too_old');
    });
    it('no items of the action’s INNs', () => {
      expect(judgeReceipt(wb(), rules({ inns: ['7707083893'] }), when).status).toBe('no_items');
    });
    it('the seller’s goods, but not the product named by the action', () => {
      expect(judgeReceipt(wb(), rules({ ...ours, productKeywords: ['бальзам'] }), when).status).toBe('no_matching_product');
    });
    it('below the minimum total of the counted goods', () => {
      expect(judgeReceipt(wb(), rules({ ...ours, minTotalKopecks: 178_601 }), when).status).toBe('below_min_total');
      expect(judgeReceipt(wb(), rules({ ...ours, minTotalKopecks: 178_600 }), when).status).toBe('success');
    });
    it('a receipt over the action’s points cap earns exactly the cap, and says it was cut', () => {
      // 1 786 ₽ of the seller's goods at 10 %: 178 points as earned.
      expect(judgeReceipt(wb(), rules({ ...ours, maxPointsPerReceipt: 100 }), when)).toMatchObject({
        status: 'success',
        points: 100,
        cappedAt: 100,
      });
      expect(judgeReceipt(wb(), rules({ ...ours, maxPointsPerReceipt: 178 }), when)).toMatchObject({ points: 178, cappedAt: null });
      expect(judgeReceipt(wb(), rules(ours), when)).toMatchObject({ points: 178, cappedAt: null });
    });
    it('success counts only the keyword items', () => {
      const verdict = judgeReceipt(wb(), rules({ ...ours, productKeywords: ['шампунь'] }), when);
      expect(verdict.status).toBe('success');
      expect(verdict.classification.items.filter((item) => item.status === 'counted')).toHaveLength(
        wb().items.filter((item) => /шампунь/i.test(item.name)).length,
      );
    });
  });

  it('tolerates the fuel receipt whose item sum exceeds the total by a kopeck', () => {
    const fuel = receipt('fuel-berkut-ai92-sum-mismatch');
    const verdict = judgeReceipt(fuel, rules({ inns: ['5402141201'] }), new Date('2024-12-27T00:00:00Z'));
    expect(verdict.status).toBe('success');
    expect(verdict.classification.countedKopecks).toBe(220_001);
  });

  describe('prepayments (FNS tag 1214, payment method)', () => {
    const ikeaInn = ['7810940284'];
    const prepaid = () => receipt('ozon-ikea-peeler-prepayment');
    const settled = () => receipt('ozon-ikea-peeler-final');
    const when = new Date('2025-01-05T00:00:00Z');
    const withMethods = (methods: (number | null)[]): TaxReceipt => {
      const base = settled();
      return { ...base, items: methods.map((paymentMethod, index) => ({ ...base.items[0]!, name: `Товар ${index}`, paymentMethod })) };
    };

    it.each([
      [1, false, 'предоплата 100 %'],
      [2, false, 'частичная предоплата'],
      [3, false, 'аванс'],
      [4, true, 'полный расчёт'],
      [5, true, 'частичный расчёт и кредит'],
      [6, true, 'передача в кредит'],
      [7, false, 'оплата кредита'],
      [null, true, 'no payment method (older formats)'],
    ] as [number | null, boolean, string][])('payment method %s handed the goods over: %s (%s)', (method, handedOver) => {
      expect(isHandedOver(method)).toBe(handedOver);
      const verdict = judgeReceipt(withMethods([method]), rules({ inns: ikeaInn }), when);
      expect(verdict.status).toBe(handedOver ? 'success' : 'prepayment');
      expect(verdict.classification.countedKopecks).toBe(handedOver ? 58_600 : 0);
    });

    it('reads the payment method of each item, and null where the receipt has none', () => {
      expect(prepaid().items.map((item) => item.paymentMethod)).toEqual([1]);
      expect(settled().items.map((item) => item.paymentMethod)).toEqual([4]);
      expect(
        receipt('dixy-moscow-2020-legacy-weighted').items.every((item) => item.paymentMethod === null || item.paymentMethod === 4),
      ).toBe(true);
    });

    it('the Ozon prepayment receipt is a prepayment: nothing counted, no points', () => {
      const verdict = judgeReceipt(prepaid(), rules({ inns: ikeaInn }), when);
      expect(verdict.status).toBe('prepayment');
      expect(verdict.classification.items.map((item) => item.status)).toEqual(['not_counted']);
      expect(verdict.classification.countedKopecks).toBe(0);
    });

    it('the final-settlement receipt of the same order earns', () => {
      const verdict = judgeReceipt(settled(), rules({ inns: ikeaInn, pointsPercentage: 10 }), when);
      expect(verdict.status).toBe('success');
      expect(verdict.status === 'success' && verdict.points).toBe(58);
    });

    it('a receipt with prepaid and settled goods counts only the settled ones', () => {
      const verdict = judgeReceipt(withMethods([1, 4, 7, 2]), rules({ inns: ikeaInn }), when);
      expect(verdict.status).toBe('success');
      expect(verdict.classification.items.map((item) => item.status)).toEqual(['not_counted', 'counted', 'not_counted', 'not_counted']);
      expect(verdict.classification.countedKopecks).toBe(58_600);
    });

    it('another seller’s settled goods do not make a prepayment of ours earn; no goods of ours is still no_items', () => {
      const base = prepaid();
      base.items.push({ ...base.items[0]!, providerInn: '7717144513', paymentMethod: 4 });
      expect(judgeReceipt(base, rules({ inns: ikeaInn }), when).status).toBe('prepayment');
      expect(judgeReceipt(prepaid(), rules({ inns: ['7707083893'] }), when).status).toBe('no_items');
    });

    it('too old still comes first', () => {
      expect(judgeReceipt(prepaid(), rules({ inns: ikeaInn, receiptValidityDays: 1 }), when).status).toBe('too_old');
    });
  });
});
