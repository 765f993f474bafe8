import { site } from './landing.js';

/**
 * The operator's details as the legal texts and the footer print them (already labelled
 * «Пример: …» where they are demo samples); null where the operator has not set one.
 */
export interface Requisites {
  name: string | null;
  inn: string | null;
  ogrn: string | null;
  /** ОГРН (13 digits, an organisation) or ОГРНИП (15, a sole proprietor). */
  ogrnLabel: string;
  address: string | null;
  bank: string | null;
  email: string | null;
  telegram: string | null;
}

export const ogrnLabelOf = (ogrn: string | null): string => (ogrn?.replace(/\D/g, '').length === 13 ? site.ogrnLabel : site.ogrnipLabel);

/** "ИНН …, ОГРНИП …" from whichever of the two is set; null when neither is. */
export function registrationLine(requisites: Requisites, separator = ' '): string | null {
  const parts = [
    requisites.inn && `${site.innLabel}${separator}${requisites.inn}`,
    requisites.ogrn && `${requisites.ogrnLabel}${separator}${requisites.ogrn}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

export const hasRequisites = (requisites: Requisites): boolean =>
  [requisites.name, requisites.inn, requisites.ogrn, requisites.address, requisites.bank, requisites.email].some((value) => value !== null);
