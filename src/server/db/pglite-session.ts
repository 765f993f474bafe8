import { protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { findMessage, readResults, type TypeParsers } from './pglite-results.js';

/** The statements of a transaction: PGlite has one session, so they run before anything else queued. */
export interface SessionTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

/**
 * What the app uses of PGlite, whether the database runs in this thread (tests' in-memory
 * databases) or in a worker thread of its own (the server: pglite-worker-client.ts).
 */
export interface PgliteSession extends SessionTransaction {
  transaction<T>(work: (tx: SessionTransaction) => Promise<T>): Promise<T>;
  /**
   * Runs `text` as the prepared statement `name` (parsed the first time PostgreSQL accepts it),
   * parameters as text: one round trip into PGlite instead of six (pglite-statements.ts).
   */
  queryNamed<T>(name: string, text: string, params: (string | null)[], options?: QueryOptions): Promise<Results<T>>;
  close(): Promise<void>;
}

/**
 * Statements of one PGlite run in its thread, each answering the wire protocol's bytes unread: the
 * worker hands them to the app's thread whole (a transferred buffer, no structured clone of rows),
 * and `readResults` (pglite-results.ts) reads them there. Errors come back in the bytes too.
 */
export interface RawStatements {
  /**
   * As PGlite's `query()`, in two passes into PostgreSQL instead of six: the statement parsed and
   * its parameters' types described, then bound, run and synced. `tx`: a statement of that open
   * transaction (it holds PGlite's transaction lock already).
   */
  query(text: string, params: unknown[], paramTypes: number[] | undefined, tx?: Transaction): Promise<Uint8Array>;
  /** Runs `text` as the prepared statement `name` (parsed the first time PostgreSQL accepts it), in one pass. */
  named(name: string, text: string, params: (string | null)[]): Promise<Uint8Array>;
}

export function rawStatements(client: PGlite): RawStatements {
  const { serialize } = protocol;
  const parsed = new Set<string>();
  const run = async (messages: Uint8Array[]): Promise<Uint8Array> => {
    const chunks: Uint8Array[] = [];
    // The chunk is a view of PGlite's WebAssembly memory, valid only during the call.
    await client.execProtocolRawStream(concat(messages), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    return concat(chunks);
  };
  // The locks PGlite's query() takes: a statement outside a transaction waits for any open one.
  const exclusive = <T>(work: () => Promise<T>, tx: Transaction | undefined): Promise<T> => {
    if (!tx) return client._runExclusiveTransaction(() => client._runExclusiveQuery(work));
    if (tx.closed) throw new Error('Transaction is closed');
    return client._runExclusiveQuery(work);
  };
  const bindAndRun = (values: (string | null)[], statement = '') => [
    serialize.bind({ statement, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];

  return {
    async query(text, params, paramTypes, tx) {
      await client._checkReady();
      return exclusive(async () => {
        const parse = serialize.parse({ text, types: paramTypes });
        let answer: Uint8Array;
        if (params.length === 0) answer = await run([parse, ...bindAndRun([])]);
        else {
          const described = await run([parse, serialize.describe({ type: 'S' })]);
          // A statement PostgreSQL refused: its error, and the Sync that ends the refused exchange.
          if (findMessage(described, 'E')) answer = concat([described, await run([serialize.sync()])]);
          else {
            let values: (string | null)[];
            try {
              values = serializeParams(client, params, parameterTypes(described));
            } catch (error) {
              await run([serialize.sync()]);
              throw error;
            }
            answer = await run(bindAndRun(values));
          }
        }
        if (!tx) await client.syncToFs();
        return answer;
      }, tx);
    },
    async named(name, text, params) {
      await client._checkReady();
      return exclusive(async () => {
        const answer = await run([...(parsed.has(name) ? [] : [serialize.parse({ name, text })]), ...bindAndRun(params, name)]);
        // Parsed once PostgreSQL says so: a statement it refused does not exist, and is parsed again next time.
        if (findMessage(answer, '1')) parsed.add(name);
        await client.syncToFs();
        return answer;
      }, undefined);
    },
  };
}

/** The parameters' types of a described statement (its ParameterDescription). */
function parameterTypes(described: Uint8Array): number[] {
  const message = findMessage(described, 't');
  if (!message) return [];
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  return Array.from({ length: view.getUint16(5) }, (_, index) => view.getInt32(7 + 4 * index));
}

/** Each parameter as PGlite's query() writes it for its type: its serializer, or the value's text. */
function serializeParams(client: PGlite, params: unknown[], typeIds: number[]): (string | null)[] {
  return params.map((param, index) => {
    if (param === null || param === undefined) return null;
    const serializer = client.serializers[typeIds[index]!];
    return serializer ? serializer(param) : String(param);
  });
}

/** A PGlite of this thread as a session (tests' in-memory databases, the worker's own), its rows read by `readResults`. */
export function inThreadSession(client: PGlite): PgliteSession {
  const raw = rawStatements(client);
  const read = async <T>(bytes: Promise<Uint8Array>, text: string, params: unknown[], options: QueryOptions | undefined) =>
    readResults<T>(await bytes, client.parsers as TypeParsers, options, { query: text, params });
  const query =
    (tx?: Transaction) =>
    <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      // What the bytes' path does not serve (no caller of the app's passes them) goes through PGlite's own query().
      if (options?.serializers || options?.blob || options?.onNotice) return (tx ?? client).query<T>(text, params, options);
      return read<T>(raw.query(text, params, options?.paramTypes, tx), text, params, options);
    };
  return {
    query: query(),
    exec: (text) => client.exec(text),
    transaction: (work) => client.transaction((tx) => work({ query: query(tx), exec: (text) => tx.exec(text) })),
    queryNamed: (name, text, params, options) => read(raw.named(name, text, params), text, params, options),
    close: () => client.close(),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
