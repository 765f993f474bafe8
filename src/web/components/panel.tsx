import { useId, type ReactNode } from 'react';

/**
 * A white card holding one part of a cabinet screen, named by its heading for screen readers.
 * Its look is `.panel` in components/panel.css, which the screens import.
 * `headingId`: when something inside is named by the same heading (a list).
 */
export function Panel({ title, headingId, children }: { title: ReactNode; headingId?: string; children: ReactNode }) {
  const ownId = useId();
  const id = headingId ?? ownId;
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 className="panel__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
