import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextBuyerSort } from './buyer-sort.js';

describe('buyers sort cycle', () => {
  it('a column cycles ascending → descending → none → ascending', () => {
    const first = nextBuyerSort(null, 'total_amount');
    expect(first).toEqual({ field: 'total_amount', order: 'asc' });
    const second = nextBuyerSort(first, 'total_amount');
    expect(second).toEqual({ field: 'total_amount', order: 'desc' });
    const third = nextBuyerSort(second, 'total_amount');
    expect(third).toBeNull();
    expect(nextBuyerSort(third, 'total_amount')).toEqual({ field: 'total_amount', order: 'asc' });
  });

  it('another column starts at ascending whatever the current order', () => {
    expect(nextBuyerSort({ field: 'total_amount', order: 'asc' }, 'buyer_id')).toEqual({ field: 'buyer_id', order: 'asc' });
    expect(nextBuyerSort({ field: 'total_amount', order: 'desc' }, 'last_receipt_at')).toEqual({ field: 'last_receipt_at', order: 'asc' });
  });

  it('only the sorted column carries aria-sort', () => {
    const sort = { field: 'total_amount', order: 'desc' } as const;
    expect(ariaSortOf(sort, 'total_amount')).toBe('descending');
    expect(ariaSortOf({ ...sort, order: 'asc' }, 'total_amount')).toBe('ascending');
    expect(ariaSortOf(sort, 'buyer_id')).toBeUndefined();
    expect(ariaSortOf(null, 'buyer_id')).toBeUndefined();
  });
});
