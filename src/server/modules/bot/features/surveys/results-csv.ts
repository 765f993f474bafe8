import { stringify } from 'csv-stringify/sync';
import { formatDateTime } from '../../../../../contract/format.js';

// The results' CSV in the same dialect as the cabinet's exports (modules/exports/csv.ts), written
// here because the bot's module may not import exports (exports → buyers → bot would be a circle):
// UTF-8 with a BOM and ';' for Russian Excel, Moscow time 'ДД.ММ.ГГГГ ЧЧ:ММ'. A survey's answers
// are bounded (shoppers × at most 20 questions), so the file is built in memory.

export function csvDateTime(value: Date): string {
  return formatDateTime(value, { withZone: false }).replace(',', '');
}

/** A shopper's text must not run as a spreadsheet formula: a leading = + - @ tab or CR gets an apostrophe. */
export function csvText(value: string | null): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvFile(header: string[], rows: (string | number)[][]): string {
  return stringify([header, ...rows], { bom: true, delimiter: ';', record_delimiter: 'windows' });
}

/** `attachment` with an ASCII file name (and the same as RFC 5987 for completeness). */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
