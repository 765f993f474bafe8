import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { attachment, csvDateTime, csvRubles, csvStream, csvText } from './csv.js';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('CSV for Russian Excel', () => {
  it('dates are Moscow time in ru-RU form', () => {
    expect(csvDateTime(new Date('2026-03-01T21:00:00Z'))).toBe('02.03.2026 00:00');
    expect(csvDateTime(null)).toBe('');
  });

  it('sums use a decimal comma and no thousands separator', () => {
    expect(csvRubles(123_456)).toBe('1234,56');
    expect(csvRubles(5)).toBe('0,05');
    expect(csvRubles(-800)).toBe('-8,00');
    expect(csvRubles(0)).toBe('0,00');
  });

  it('outside text cannot start a formula', () => {
    expect(csvText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvText('+7900')).toBe(`'+7900`);
    expect(csvText('-1')).toBe(`'-1`);
    expect(csvText('@user')).toBe(`'@user`);
    expect(csvText('Овощерезка')).toBe('Овощерезка');
    expect(csvText(null)).toBe('');
  });

  it('starts with a BOM, separates by semicolons and parses back to the same rows', async () => {
    async function* rows() {
      yield { name: 'Крем; «Аврора»', sum: 178_600 };
      yield { name: 'Строка\nс переносом', sum: 1 };
    }
    const output = await text(
      csvStream(
        [
          { header: 'Товар', value: (row) => row.name },
          { header: 'Сумма, ₽', value: (row) => csvRubles(row.sum) },
        ],
        rows(),
      ),
    );
    expect(output.charCodeAt(0)).toBe(0xfeff);
    expect(output.split('\r\n')[0]).toBe('\ufeffТовар;Сумма, ₽');
    expect(parse(output, { bom: true, delimiter: ';' })).toEqual([
      ['Товар', 'Сумма, ₽'],
      ['Крем; «Аврора»', '1786,00'],
      ['Строка\nс переносом', '0,01'],
    ]);
  });

  it('names the download file', () => {
    expect(attachment('receipts-2026-11-23.csv')).toBe(
      `attachment; filename="receipts-2026-11-23.csv"; filename*=UTF-8''receipts-2026-11-23.csv`,
    );
  });
});
