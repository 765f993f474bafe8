import { describe, expect, it } from 'vitest';
import {
  isCancelledPosting,
  ozonReturn,
  ozonSales,
  wildberriesOrder,
  wildberriesSale,
  wildberriesTime,
  wildberriesTimeText,
} from './sale-rows.js';

const sale = {
  date: '2026-11-20T23:30:00',
  lastChangeDate: '2026-11-21T00:10:05',
  supplierArticle: 'DEMO-1490',
  nmId: 149014900,
  subject: 'Товар  вашего магазина (Демо-чёк)',
  totalPrice: 1490,
  finishedPrice: 1341.5,
  saleID: 'S2026112000',
};

describe('Wildberries rows', () => {
  it('a sale is one unit on the Moscow day of its date, its product named by the subject as receipts are matched', () => {
    expect(wildberriesSale(sale)).toEqual({
      externalId: 'S2026112000',
      kind: 'sale',
      happenedAt: new Date('2026-11-20T20:30:00Z'),
      moscowDay: '2026-11-20',
      productName: 'Товар  вашего магазина (Демо-чёк)',
      nameKey: 'товар вашего магазина (демо-чек)',
      article: 'DEMO-1490',
      units: 1,
      amountKopecks: 134_150,
      changedAt: new Date('2026-11-20T21:10:05Z'),
    });
  });

  it('a return (saleID R…, prices negative) is a return of one unit with what the buyer had paid', () => {
    const row = wildberriesSale({ ...sale, saleID: 'R2026112000', totalPrice: -1490, finishedPrice: -1341.5, date: '2026-11-21T00:30:00' });
    expect(row).toMatchObject({ kind: 'return', units: 1, amountKopecks: 134_150, moscowDay: '2026-11-21' });
  });

  it('without a subject the product is the supplier article, and times with an offset are read as written', () => {
    expect(wildberriesSale({ ...sale, subject: null }).productName).toBe('DEMO-1490');
    expect(wildberriesTime('2026-11-20T12:00:00Z')).toEqual(new Date('2026-11-20T12:00:00Z'));
    expect(wildberriesTimeText(new Date('2026-11-20T21:10:05Z'))).toBe('2026-11-21T00:10:05');
    expect(() => wildberriesTime('вчера')).toThrow();
  });
});

describe('Wildberries orders', () => {
  const order = {
    date: '2026-11-19T22:15:00',
    lastChangeDate: '2026-11-19T22:25:00',
    supplierArticle: 'DEMO-1490',
    nmId: 149014900,
    subject: 'Товар вашего магазина (демо-чек)',
    totalPrice: 1490,
    finishedPrice: 1341.5,
    isCancel: false,
    cancelDate: '0001-01-01T00:00:00',
    srid: '20261119.demo.149014900',
  };

  it('an order is one unit under its srid on the Moscow day it was placed; a cancelled one keeps its cancel time', () => {
    expect(wildberriesOrder(order)).toEqual({
      externalId: '20261119.demo.149014900',
      orderedAt: new Date('2026-11-19T19:15:00Z'),
      moscowDay: '2026-11-19',
      productName: 'Товар вашего магазина (демо-чек)',
      nameKey: 'товар вашего магазина (демо-чек)',
      article: 'DEMO-1490',
      units: 1,
      amountKopecks: 134_150,
      cancelledAt: null,
      changedAt: new Date('2026-11-19T19:25:00Z'),
    });
    const cancelled = { ...order, isCancel: true, cancelDate: '2026-11-20T01:00:00', lastChangeDate: '2026-11-20T01:05:00' };
    expect(wildberriesOrder(cancelled).cancelledAt).toEqual(new Date('2026-11-19T22:00:00Z'));
    // Without a cancel date the change is when it was cancelled.
    expect(wildberriesOrder({ ...cancelled, cancelDate: '0001-01-01T00:00:00' }).cancelledAt).toEqual(new Date('2026-11-19T22:05:00Z'));
  });
});

describe('Ozon rows', () => {
  const posting = {
    posting_number: '10000001-0001-1',
    status: 'delivered',
    in_process_at: '2026-11-20T21:30:00Z',
    products: [
      { sku: 1490149001, name: 'Товар вашего магазина (демо-чек)', offer_id: 'DEMO-1490', price: '1490.5000', quantity: 2 },
      { sku: 590059002, name: 'Кружка', offer_id: null, price: '590', quantity: 1 },
    ],
  };

  it('each product of a posting is a sale row of its quantity, priced for all its units, on the Moscow day it was taken', () => {
    expect(ozonSales(posting)).toEqual([
      expect.objectContaining({
        externalId: '10000001-0001-1:1490149001',
        kind: 'sale',
        units: 2,
        amountKopecks: 298_100,
        moscowDay: '2026-11-21',
        article: 'DEMO-1490',
      }),
      expect.objectContaining({
        externalId: '10000001-0001-1:590059002',
        units: 1,
        amountKopecks: 59_000,
        nameKey: 'кружка',
        article: '590059002',
      }),
    ]);
  });

  it('a cancelled posting is no sale, and a posting without a time is refused', () => {
    expect(isCancelledPosting({ ...posting, status: 'cancelled' })).toBe(true);
    expect(isCancelledPosting(posting)).toBe(false);
    expect(() => ozonSales({ ...posting, in_process_at: null })).toThrow();
  });
});

describe('Ozon returns', () => {
  const entry = {
    id: '1764000000017',
    type: 'ClientReturn',
    posting_number: '10000001-0001-1',
    product: { sku: '1490149001', name: 'Товар вашего магазина (демо-чек)', offer_id: 'DEMO-1490', price: { price: 1490 }, quantity: 2 },
    logistic: { return_date: '2026-11-22T21:30:00Z' },
    visual: { change_moment: '2026-11-22T21:35:00Z' },
  };

  it('a buyer’s return is its units returned on the Moscow day they were given back, under the return’s id', () => {
    expect(ozonReturn(entry)).toEqual({
      externalId: 'return:1764000000017',
      kind: 'return',
      happenedAt: new Date('2026-11-22T21:30:00Z'),
      moscowDay: '2026-11-23',
      productName: 'Товар вашего магазина (демо-чек)',
      nameKey: 'товар вашего магазина (демо-чек)',
      article: 'DEMO-1490',
      units: 2,
      amountKopecks: 298_000,
      changedAt: new Date('2026-11-22T21:35:00Z'),
    });
    expect(ozonReturn({ ...entry, type: 'PartialReturn' })).toMatchObject({ kind: 'return', units: 2 });
  });

  it('a cancellation, a full refusal (its posting is cancelled), a technical return and one not yet given back count for nothing', () => {
    for (const type of ['Cancellation', 'FullReturn', 'Unknown']) expect(ozonReturn({ ...entry, type }), type).toBeUndefined();
    expect(ozonReturn({ ...entry, logistic: { return_date: null } })).toBeUndefined();
  });
});
