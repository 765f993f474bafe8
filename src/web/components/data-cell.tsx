import type { ReactNode } from 'react';

/**
 * A table cell that carries its column's name. In a table marked `data-table--cards`, a
 * narrow screen shows each row as a card of "name: value" lines, so every column is
 * readable without sideways scrolling; on wider screens the name is hidden. The name is
 * hidden from screen readers, which already announce the column header.
 */
export function DataCell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={className}>
      <span className="data-cell__label" aria-hidden="true">
        {label}
      </span>
      <span className="data-cell__value">{children}</span>
    </td>
  );
}
