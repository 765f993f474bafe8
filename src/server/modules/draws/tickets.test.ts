import { describe, expect, it } from 'vitest';
import { ticketsOf } from './tickets.js';

const receipt = (receiptId: number, buyerTgId: string, ...itemNames: string[]) => ({ receiptId, buyerTgId, itemNames });

describe('a draw’s tickets', () => {
  it('one per receipt, numbered in receipt order, shoppers by their first ticket', () => {
    expect(ticketsOf([receipt(7, 'b'), receipt(9, 'a'), receipt(12, 'b')], null)).toEqual([
      { ticket: 1, receiptId: 7, buyerTgId: 'b', shopper: 1 },
      { ticket: 2, receiptId: 9, buyerTgId: 'a', shopper: 2 },
      { ticket: 3, receiptId: 12, buyerTgId: 'b', shopper: 1 },
    ]);
  });

  it('with an item filter only receipts with a matching item count, in any letter case and with «ё» as «е»', () => {
    const receipts = [receipt(1, 'a', 'Шампунь детский'), receipt(2, 'b', 'Крем для тела', 'Мыло'), receipt(3, 'a', 'КРЁМ под подгузник')];
    expect(ticketsOf(receipts, 'крем').map((t) => [t.ticket, t.receiptId, t.shopper])).toEqual([
      [1, 2, 1],
      [2, 3, 2],
    ]);
    expect(ticketsOf(receipts, 'пылесос')).toEqual([]);
  });
});
