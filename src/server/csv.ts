import { Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';
import { formatDate, formatDateTime } from '../contract/format.js';

/**
 * CSV for Russian Excel opened by double-click (and LibreOffice): UTF-8 with a BOM (else
 * Excel reads it as Windows-1251), ';' between fields (',' is the decimal separator there),
 * dates 'ДД.ММ.ГГГГ ЧЧ:ММ' in Moscow time and sums '1234,56' — no thousands separator, so
 * Excel takes them as numbers.
 */
export function csvDateTime(value: Date | null): string {
  return value ? formatDateTime(value, { withZone: false }).replace(',', '') : '';
}

/** A day (points' expiry) as 'ДД.ММ.ГГГГ' in Moscow time. */
export function csvDate(value: Date | null): string {
  return value ? formatDate(value) : '';
}

export function csvRubles(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : '';
  const absolute = Math.abs(kopecks);
  return `${sign}${Math.floor(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * Text that came from outside (buyer IDs, names) must not run as a spreadsheet formula:
 * a leading = + - @ tab or CR gets an apostrophe, which Excel shows as plain text.
 */
export function csvText(value: string | null | undefined): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number;
}

/** Rows pulled batch by batch from `rows` (backpressure: the next batch is read when the client takes data). */
export function csvStream<Row>(columns: CsvColumn<Row>[], rows: AsyncIterable<Row>): Transform {
  const stringifier = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: columns.map((column) => column.header),
  });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((column) => column.value(row));
    })(),
  );
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}

/** A small file built in memory (a survey's results are bounded), in the same dialect as csvStream. */
export function csvFile(header: string[], rows: (string | number)[][]): string {
  return stringifyAll([header, ...rows], { bom: true, delimiter: ';', record_delimiter: 'windows' });
}

/** `attachment` with an ASCII file name (and the same as RFC 5987 for completeness). */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
