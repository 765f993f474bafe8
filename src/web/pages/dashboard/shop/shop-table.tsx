import type { ReactNode } from 'react';
import { messages } from '../../../../contract/messages.js';
import { formatNumber } from '../../../lib/format.js';
import '../../../components/data-table.css';

const s = messages.shopScreen;

export interface ShopColumn {
  label: string;
  numeric?: boolean;
}

/**
 * A table of the shop screen (products, exchange requests). The caption names it for screen
 * readers; below tablet width each row becomes a card and cells carry their column's name in
 * `data-label` (shop.css).
 */
export function ShopTable({
  className,
  caption,
  columns,
  children,
}: {
  className: string;
  caption: string;
  columns: readonly ShopColumn[];
  children: ReactNode;
}) {
  return (
    <table className={`data-table shop-table ${className}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.numeric ? 'data-table__number' : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A product's price in points, right-aligned. */
export function PriceCell({ points }: { points: number }) {
  return (
    <td className="data-table__number" data-label={s.columnPrice}>
      {formatNumber(points)}
    </td>
  );
}
