import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

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
  readonly #client: PGlite;
  /** Statement text → its name; `parsed` once PostgreSQL has accepted it. */
  readonly #named = new Map<string, { name: string; parsed: boolean }>();
  /** Queries and transactions begun and not ended (the metrics' PGlite busy gauge). */
  busy = 0;

  constructor(client: PGlite) {
    this.#client = client;
  }

  /** From now on, `text` runs as the statement `name` (a name is given to one text only). */
  name(text: string, name: string): void {
    const existing = [...this.#named].find(([, statement]) => statement.name === name);
    if (existing && existing[0] !== text) throw new Error(`statement name "${name}" is already given to another query`);
    if (!existing) this.#named.set(text, { name, parsed: false });
  }

  query = <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const statement = this.#named.get(text);
    if (!statement) return this.#counted(this.#client.query<T>(text, params, options));
    // The locks PGlite's query() takes: none of it may run inside another caller's transaction.
    return this.#counted(
      this.#client._runExclusiveTransaction(() => this.#client.runExclusive(() => this.#runNamed<T>(statement, text, params, options))),
    );
  };

  transaction = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => this.#counted(this.#client.transaction(work));

  async #counted<T>(operation: Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await operation;
    } finally {
      this.busy--;
    }
  }

  async #runNamed<T>(
    statement: { name: string; parsed: boolean },
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const { serialize } = protocol;
    const messages = [
      ...(statement.parsed ? [] : [serialize.parse({ name: statement.name, text })]),
      serialize.bind({ statement: statement.name, values: params.map(asText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    const { messages: answer } = await this.#client.execProtocol(concat(messages), { throwOnError: false });
    // Parsed once PostgreSQL says so: a statement it refused does not exist, and is parsed again next time.
    if (answer.some((message) => message.name === 'parseComplete')) statement.parsed = true;
    const failure = answer.find((message) => message.name === 'error');
    if (failure) throw failure;
    return parse.parseResults(answer, this.#client.parsers, options)[0] as Results<T>;
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

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
