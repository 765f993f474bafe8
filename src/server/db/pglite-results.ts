import { protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite';

/** A value's parser by its type's OID, called as PGlite calls it: `parser(text, typeId)`, never for NULL. */
export type TypeParsers = Record<number, (value: string, typeId: number) => unknown>;

/** An array type of the database and its element's type (PGlite reads them from `pg_type` when it starts). */
export interface ArrayType {
  oid: number;
  typarray: number;
}

/** The query PGlite's `_initArrayTypes` runs: the worker runs it too, for the app's thread to parse as PGlite does. */
export const ARRAY_TYPES_SQL = `SELECT b.oid, b.typarray
  FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
 WHERE a.typcategory = 'A'
 GROUP BY b.oid, b.typarray
 ORDER BY b.oid`;

/** PGlite's parsers as it builds its own (`client.parsers`): its defaults, and each array type over its element's parser. */
export function typeParsers(arrayTypes: ArrayType[]): TypeParsers {
  const parsers: TypeParsers = { ...(types.parsers as TypeParsers) };
  for (const { oid, typarray } of arrayTypes) {
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] as (value: string) => unknown, typarray);
  }
  return parsers;
}

/** The statement a result belongs to: a database error carries it, as PGlite's `makePGliteError` sets it. */
export interface Statement {
  query: string;
  params: unknown[] | undefined;
}

const decoder = new TextDecoder('utf-8');
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * One statement's answer in the wire protocol's bytes, read into the Results PGlite's `query()`
 * answers (`parse.parseResults` over its parsed messages; pglite-results.test.ts holds the two
 * equal). PGlite's own reading copies every field into an ArrayBuffer of its own before decoding
 * it and builds a message object per row: this reads the values where they lie. An ErrorResponse
 * throws the DatabaseError PGlite's parser makes of it, with the statement, as `query()` throws.
 */
export function readResults<T>(
  bytes: Uint8Array,
  parsers: TypeParsers,
  options: QueryOptions | undefined,
  statement: Statement,
): Results<T> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const buffer = asBuffer(bytes);
  const given = options?.parsers as TypeParsers | undefined;
  const arrays = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  let columnParsers: (((value: string, typeId: number) => unknown) | undefined)[] = [];
  let rows: unknown[] = [];
  let result: Results<T> | undefined;
  let affectedRows = 0;
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const code = bytes[offset]!;
    const length = view.getUint32(offset + 1);
    const start = offset + 5;
    const end = offset + 1 + length;
    switch (code) {
      case 0x45: // ErrorResponse
        throw databaseError(bytes.subarray(offset, end), statement);
      case 0x54: {
        // RowDescription
        const count = view.getInt16(start);
        fields = [];
        let at = start + 2;
        for (let index = 0; index < count; index++) {
          const nameEnd = bytes.indexOf(0, at);
          const name = decoder.decode(bytes.subarray(at, nameEnd));
          at = nameEnd + 1;
          fields.push({ name, dataTypeID: view.getInt32(at + 6) });
          at += 18;
        }
        columnParsers = fields.map((field) => given?.[field.dataTypeID] ?? parsers[field.dataTypeID]);
        break;
      }
      case 0x44: {
        // DataRow
        const count = view.getInt16(start);
        let at = start + 2;
        const values: unknown[] = new Array(count);
        for (let index = 0; index < count; index++) {
          const size = view.getInt32(at);
          at += 4;
          if (size === -1) {
            values[index] = null;
            continue;
          }
          const text = decodeText(bytes, buffer, at, at + size);
          at += size;
          const parser = columnParsers[index];
          values[index] = parser ? parser(text, fields[index]!.dataTypeID) : text;
        }
        if (arrays) rows.push(values);
        else {
          const row: Record<string, unknown> = {};
          for (let index = 0; index < count; index++) row[fields[index]!.name] = values[index];
          rows.push(row);
        }
        break;
      }
      case 0x43: {
        // CommandComplete: a tag that carries a row count ends in it ("SELECT 2", "INSERT 0 5").
        const tag = decoder.decode(bytes.subarray(start, end - 1));
        const parts = tag.split(' ');
        const command = parts[0]!;
        const rowCount = parseInt(parts[parts.length - 1]!, 10);
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows += rowCount;
        // The first result set: `query()` answers one statement's (PGlite's `parseResults(…)[0]`).
        result ??= { rows: rows as T[], fields, command, affectedRows, ...(Number.isNaN(rowCount) ? {} : { rowCount }) };
        rows = [];
        fields = [];
        break;
      }
    }
    offset = end;
  }
  return result ?? { affectedRows: 0, rows: [], fields: [] };
}

/**
 * A value's text as PGlite's TextDecoder reads it. Mostly ASCII (ids, amounts, timestamps,
 * keys): read as Latin-1, which is the same string for those bytes, without the decoder's call
 * (a leading byte-order mark, which the decoder drops, is never ASCII).
 */
function decodeText(bytes: Uint8Array, buffer: Buffer, start: number, end: number): string {
  for (let at = start; at < end; at++) if (bytes[at]! >= 0x80) return decoder.decode(bytes.subarray(start, end));
  return buffer.toString('latin1', start, end);
}

function databaseError(message: Uint8Array, statement: Statement): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(message, (parsed) => (error = parsed as unknown as Error));
  return Object.assign(error!, { query: statement.query, params: statement.params });
}

/** The first ErrorResponse or ParameterDescription of an answer, by walking its messages' headers. */
export function findMessage(bytes: Uint8Array, code: 'E' | 't' | '1'): Uint8Array | undefined {
  const wanted = code.charCodeAt(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + 5 <= bytes.length;) {
    const end = offset + 1 + view.getUint32(offset + 1);
    if (bytes[offset] === wanted) return bytes.subarray(offset, end);
    offset = end;
  }
  return undefined;
}
