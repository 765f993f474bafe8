import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PgliteSession, SessionTransaction } from './pglite-session.js';

type Scalar = string | number | bigint | boolean | Date | null | undefined;

/**
 * The client drizzle's PGlite driver talks to: PGlite, plus statements prepared by name.
 *
 * node-postgres honours a drizzle query's name (`.prepare(name)`): the statement is parsed and
 * planned once per connection. drizzle's PGlite driver ignores the name, so PGlite parsed and
 * planned the check's context read on every call, in six protocol round trips (docs/decisions.md,
 * "Named statements on PGlite"). A statement named here is parsed once, then each call binds and
 * runs it by name in one round trip; every other query goes to PGlite's own query().
 */
export class PgliteStatements {
  readonly #session: PgliteSession;
  /** Statement text → its name. */
  readonly #named = new Map<string, string>();
  /** Queries and transactions begun and not ended (the metrics' PGlite busy gauge). */
  busy = 0;

  constructor(session: PgliteSession) {
    this.#session = session;
  }

  /** From now on, `text` runs as the statement `name` (a name is given to one text only). */
  name(text: string, name: string): void {
    const existing = [...this.#named].find(([, given]) => given === name);
    if (existing && existing[0] !== text) throw new Error(`statement name "${name}" is already given to another query`);
    if (!existing) this.#named.set(text, name);
  }

  query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const name = this.#named.get(text);
    if (!name) return this.#counted(this.#session.query<T>(text, params, options));
    return this.#counted(this.#session.queryNamed<T>(name, text, params.map(asText), options));
  };

  transaction = <T>(work: (tx: SessionTransaction) => Promise<T>): Promise<T> => this.#counted(this.#session.transaction(work));

  async #counted<T>(operation: Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await operation;
    } finally {
      this.busy--;
    }
  }
}

/**
 * Parameters go as text, with types left to PostgreSQL, as node-postgres sends them. Only
 * scalars: a named statement's parameters are ids, keys and timestamps, and an array or an
 * object would need the type PGlite's query() looks up first.
 */
function asText(value: unknown, index: number): string | null {
  const scalar = value as Scalar;
  if (scalar === null || scalar === undefined) return null;
  if (scalar instanceof Date) return scalar.toISOString();
  if (typeof scalar === 'object' || typeof scalar === 'function' || typeof scalar === 'symbol') {
    throw new TypeError(`parameter $${index + 1} of a named statement must be a scalar`);
  }
  return String(scalar);
}
