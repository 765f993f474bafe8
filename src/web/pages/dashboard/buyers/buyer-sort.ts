import type { BuyerSort, BuyerSortField } from '../../../api/buyers.js';

/**
 * SPEC §4: clicking a column cycles ascending → descending → none. Another column
 * starts its own cycle at ascending.
 */
export function nextBuyerSort(current: BuyerSort | null, field: BuyerSortField): BuyerSort | null {
  if (current?.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}

/** The column header's aria-sort: only the sorted column has one. */
export function ariaSortOf(current: BuyerSort | null, field: BuyerSortField): 'ascending' | 'descending' | undefined {
  if (current?.field !== field) return undefined;
  return current.order === 'asc' ? 'ascending' : 'descending';
}
