import { useRef, type ReactNode } from 'react';
import { ScrollIndicator, useScrollIndicator } from './scroll-indicator.js';
import './data-table.css';

/**
 * A data table in a box that scrolls sideways (the page itself never does); the box is a
 * named, focusable region so keyboard users can scroll it; a thin indicator shows while it
 * scrolls (SPEC §9). `cards`: on a phone each row
 * becomes a card of "column: value" lines (cells must be DataCells).
 */
export function ScrollTable({
  caption,
  className,
  cards = false,
  children,
}: {
  caption: string;
  className?: string;
  cards?: boolean;
  /** The head and body rows. */
  children: ReactNode;
}) {
  const tableClass = ['data-table', cards ? 'data-table--cards' : null, className ?? null].filter((part) => part !== null).join(' ');
  const boxRef = useRef<HTMLDivElement>(null);
  const scroll = useScrollIndicator(boxRef, 'x');
  return (
    <div className="table-scroll-frame">
      <div ref={boxRef} className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table className={tableClass}>
          <caption className="visually-hidden">{caption}</caption>
          {children}
        </table>
      </div>
      <ScrollIndicator state={scroll} axis="x" />
    </div>
  );
}

/**
 * A table cell that carries its column's name. In a `cards` table, a narrow screen shows
 * each row as a card of "name: value" lines, so every column is readable without sideways
 * scrolling; on wider screens the name is hidden. The name is hidden from screen readers,
 * which already announce the column header.
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
