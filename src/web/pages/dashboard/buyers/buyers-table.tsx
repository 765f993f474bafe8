import type { Ref } from 'react';
import { Link } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { Buyer } from '../../../../contract/receipts.js';
import type { BuyerSort, BuyerSortField } from '../../../api/buyers.js';
import { formatDate, formatNumber, formatRubles } from '../../../lib/format.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { ariaSortOf } from './buyer-sort.js';
import { BuyerName } from './buyer-name.js';
import { buyerCardPath } from './buyer-card-path.js';
import { BuyerPoints } from './buyer-points.js';

const s = messages.receiptScreens;
const c = messages.buyerCard;
const t = messages.trust;

const COLUMNS: readonly { field: BuyerSortField; label: string; numeric: boolean }[] = [
  { field: 'buyer_id', label: s.columnBuyer, numeric: false },
  { field: 'successful_receipts_count', label: s.columnReceipts, numeric: true },
  { field: 'total_amount', label: s.columnAmount, numeric: true },
  { field: 'last_receipt_at', label: s.columnLastPurchase, numeric: false },
];

/**
 * Buyers in the server's order; each column header is a button that cycles the order
 * (SPEC §4), and the sorted header says so with aria-sort. The row at `focusIndex`
 * takes focus after 'Показать ещё'. Each buyer links to their card; with one action
 * chosen (`actionId`), their level and points in it are shown too. A shopper the check flagged
 * carries «Подозрительный», its reasons in the badge's title (the card lists them).
 */
export function BuyersTable({
  buyers,
  actionId,
  sort,
  onSort,
  focusIndex,
  focusRef,
}: {
  buyers: readonly Buyer[];
  actionId: number | null;
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
          {actionId !== null && (
            <>
              <th scope="col">{c.level}</th>
              <th scope="col" className="data-table__number">
                {c.points}
              </th>
            </>
          )}
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
              <Link
                className="buyers-table__card-link"
                to={buyerCardPath(buyer.buyer_id, actionId)}
                title={fillMessage(c.openCard, { buyer: buyer.buyer_id })}
              >
                <BuyerName buyer={buyer} />
              </Link>
              {buyer.flags.length > 0 && (
                <>
                  {' '}
                  <StatusBadge tone="warning" title={buyer.flags.map((flag) => flag.label).join(', ')}>
                    {t.suspiciousBadge}
                  </StatusBadge>
                </>
              )}
            </DataCell>
            <DataCell label={s.columnReceipts} className="data-table__number">
              {formatNumber(buyer.successful_receipts_count)}
            </DataCell>
            <DataCell label={s.columnAmount} className="data-table__number">
              {formatRubles(buyer.total_amount)}
            </DataCell>
            <DataCell label={s.columnLastPurchase}>{formatDate(buyer.last_receipt_at)}</DataCell>
            {actionId !== null && (
              <>
                <DataCell label={c.level}>{buyer.level?.name ?? s.notAvailable}</DataCell>
                <DataCell label={c.points} className="data-table__number">
                  <BuyerPoints points={buyer.points ?? 0} heldPoints={buyer.held_points ?? 0} nearestExpiry={buyer.nearest_expiry} />
                </DataCell>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
