import type { ReactNode } from 'react';
import './banner.css';

/** A message above a form: success is announced politely, an error at once. */
export function Banner({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <div className={`banner banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
