import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

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

/** The named statements of one PGlite: parsed once, then bound and run by name. */
export function namedStatementRunner(client: PGlite): PgliteSession['queryNamed'] {
  const parsed = new Set<string>();
  return (name, text, params, options) =>
    // The locks PGlite's query() takes: none of it may run inside another caller's transaction.
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const { serialize } = protocol;
        const messages = [
          ...(parsed.has(name) ? [] : [serialize.parse({ name, text })]),
          serialize.bind({ statement: name, values: params }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ];
        const { messages: answer } = await client.execProtocol(concat(messages), { throwOnError: false });
        // Parsed once PostgreSQL says so: a statement it refused does not exist, and is parsed again next time.
        if (answer.some((message) => message.name === 'parseComplete')) parsed.add(name);
        const failure = answer.find((message) => message.name === 'error');
        if (failure) throw failure;
        return parse.parseResults(answer, client.parsers, options)[0] as Results<never>;
      }),
    );
}

/** A PGlite of this thread as a session (tests' in-memory databases, the worker's own). */
export function inThreadSession(client: PGlite): PgliteSession {
  return {
    query: (text, params, options) => client.query(text, params, options),
    exec: (text) => client.exec(text),
    transaction: (work) => client.transaction(work),
    queryNamed: namedStatementRunner(client),
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
