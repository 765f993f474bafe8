import type { ReactNode } from 'react';
import './list-state.css';

/** A list or page still loading; announced to screen readers. */
export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p className="list-state" role="status">
      {children}
    </p>
  );
}

/** A list with nothing to show (SPEC §2 empty texts). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="list-state">{children}</p>;
}
