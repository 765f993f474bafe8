import type { ReactNode } from 'react';
import './banner.css';

/**
 * A message above a form: success and information are announced politely, an error at once. `action`
 * (optional) is a button beside the text that resolves the problem, e.g. «Пополнить».
 */
export function Banner({ tone, children, action }: { tone: 'success' | 'error' | 'info'; children: ReactNode; action?: ReactNode }) {
  return (
    <div
      className={action ? `banner banner--${tone} banner--with-action` : `banner banner--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {action ? (
        <>
          <div className="banner__text">{children}</div>
          <div className="banner__action">{action}</div>
        </>
      ) : (
        children
      )}
    </div>
  );
}
