import type { Ref } from 'react';
import { messages } from '../../../../contract/messages.js';
import type { Buyer } from '../../../../contract/receipts.js';
import type { BuyerSort, BuyerSortField } from '../../../api/buyers.js';
import { formatDate, formatNumber, formatRubles } from '../../../lib/format.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { ariaSortOf } from './buyer-sort.js';
import { BuyerName } from './buyer-name.js';

const s = messages.receiptScreens;

const COLUMNS: readonly { field: BuyerSortField; label: string; numeric: boolean }[] = [
  { field: 'buyer_id', label: s.columnBuyer, numeric: false },
  { field: 'successful_receipts_count', label: s.columnReceipts, numeric: true },
  { field: 'total_amount', label: s.columnAmount, numeric: true },
  { field: 'last_receipt_at', label: s.columnLastPurchase, numeric: false },
];

/**
 * Buyers in the server's order; each column header is a button that cycles the order
 * (SPEC §4), and the sorted header says so with aria-sort. The row at `focusIndex`
 * takes focus after 'Показать ещё'.
 */
export function BuyersTable({
  buyers,
  sort,
  onSort,
  focusIndex,
  focusRef,
}: {
  buyers: readonly Buyer[];
  sort: BuyerSort | null;
  onSort: (field: BuyerSortField) => void;
  focusIndex: number | null;
  focusRef: Ref<HTMLTableRowElement>;
}) {
  return (
    <ScrollTable caption={s.buyersCaption} className="buyers-table" cards>
      <thead>
        <tr>
          <th scope="col" className="data-table__number data-table__index">
            {s.columnNumber}
          </th>
          {COLUMNS.map((column) => {
            const ariaSort = ariaSortOf(sort, column.field);
            return (
              <th key={column.field} scope="col" aria-sort={ariaSort} className={column.numeric ? 'data-table__number' : undefined}>
                <button type="button" className="sort-button" onClick={() => onSort(column.field)}>
                  {column.label}
                  <span className={`sort-button__icon sort-button__icon--${ariaSort ?? 'none'}`} aria-hidden="true" />
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {buyers.map((buyer, index) => (
          // tabIndex −1 on every row: a row losing it while focused would drop the focus.
          <tr key={buyer.buyer_id} ref={index === focusIndex ? focusRef : undefined} tabIndex={-1}>
            <DataCell label={s.columnNumber} className="data-table__number data-table__index">
              {formatNumber(index + 1)}
            </DataCell>
            <DataCell label={s.columnBuyer}>
              <BuyerName buyer={buyer} />
            </DataCell>
            <DataCell label={s.columnReceipts} className="data-table__number">
              {formatNumber(buyer.successful_receipts_count)}
            </DataCell>
            <DataCell label={s.columnAmount} className="data-table__number">
              {formatRubles(buyer.total_amount)}
            </DataCell>
            <DataCell label={s.columnLastPurchase}>{formatDate(buyer.last_receipt_at)}</DataCell>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
