import type { ReactNode } from 'react';
import './status-badge.css';

/** What a status means to the seller; each screen maps its own statuses onto these. */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A status in words, repeated in colour (receipts, mailings, shop products and orders, actions). */
export function StatusBadge({ tone, title, children }: { tone: StatusTone; title?: string; children: ReactNode }) {
  const className = tone === 'neutral' ? 'status-badge' : `status-badge status-badge--${tone}`;
  return (
    <span className={className} title={title}>
      {children}
    </span>
  );
}
