/**
 * Shape of a long legal text (offer, privacy policy). Sections and their clauses are
 * numbered when shown ("3.", "3.1."), so adding or removing a clause never needs renumbering.
 */
export interface LegalClause {
  text: string;
  /** A bulleted list that completes the clause's text. */
  list?: readonly string[];
}

export interface LegalSection {
  title: string;
  /** Clauses shown as plain lines (e.g. requisites), without "3.1." numbers. */
  unnumbered?: boolean;
  clauses: readonly (string | LegalClause)[];
}

export interface LegalDocument {
  title: string;
  /** Subtitle under the title, e.g. the kind of services. */
  subtitle?: string;
  /** Place and date line, e.g. 'г. Москва, 28 октября 2025 г.' */
  dateLine: string;
  /** Machine-readable date for <time dateTime>. */
  date: string;
  sections: readonly LegalSection[];
}
