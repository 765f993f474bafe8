import type { LegalClause, LegalDocument } from '../../content/legal-document.js';
import { PublicPage } from './public-page.js';
import { usePageMeta, type PageMeta } from './use-page-meta.js';
import './legal.css';

/**
 * A long legal document (offer, privacy policy) with numbered sections and clauses. `document` is
 * undefined while the operator's details it names are loading: the text shows once, complete.
 */
export function LegalPage({
  document,
  meta,
  header,
}: {
  document: LegalDocument | undefined;
  meta: PageMeta;
  header: 'back-link' | 'home-button';
}) {
  usePageMeta(meta);
  return (
    <PublicPage header={header} className="legal">
      {document && <LegalDocumentView document={document} />}
    </PublicPage>
  );
}

function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <article className="legal__document">
      <header className="legal__header">
        <h1 className="legal__title">
          {document.title}
          {document.subtitle && <span className="legal__subtitle"> {document.subtitle}</span>}
        </h1>
        <p className="legal__date">
          <time dateTime={document.date}>{document.dateLine}</time>
        </p>
      </header>
      {document.sections.map((section, sectionIndex) => {
        const number = sectionIndex + 1;
        return (
          <section key={section.title} className="legal__section" aria-labelledby={`section-${number}`}>
            <h2 id={`section-${number}`} className="legal__section-title">
              {number}. {section.title}
            </h2>
            {section.clauses.map((clause, clauseIndex) => (
              <Clause key={clauseIndex} clause={clause} number={section.unnumbered ? undefined : `${number}.${clauseIndex + 1}.`} />
            ))}
          </section>
        );
      })}
    </article>
  );
}

function Clause({ clause, number }: { clause: string | LegalClause; number: string | undefined }) {
  const { text, list } = typeof clause === 'string' ? { text: clause, list: undefined } : clause;
  return (
    <>
      <p className="legal__clause">
        {number && <span className="legal__clause-number">{number} </span>}
        {text}
      </p>
      {list && (
        <ul className="legal__list">
          {list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </>
  );
}
