import { describe, expect, it } from 'vitest';
import { isCancelledPosting, ozonSales, wildberriesSale, wildberriesTime, wildberriesTimeText } from './sale-rows.js';

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
