/**
 * PGlite's own thread (pglite-worker-client.ts starts it): the WebAssembly database runs here,
 * synchronously, while the app's thread serves HTTP. Requests run as they come; PGlite queues
 * them on its one session as it does in-process, a transaction included.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { ARRAY_TYPES_SQL, type ArrayType } from './pglite-results.js';
import { rawStatements } from './pglite-session.js';
import { toWireError, type WireReply, type WireRequest } from './pglite-wire.js';

/** A compiled `WebAssembly.Module`, named through PGlite's options: the server's types have no WebAssembly library. */
export type CompiledPglite = NonNullable<PGliteOptions['pgliteWasmModule']>;

export interface PgliteWorkerData {
  /** Undefined: an in-memory database. */
  directory: string | undefined;
  startParams: string[];
  /** Compiled by the app's thread, once per process (pglite-worker-client.ts). */
  pgliteWasmModule: CompiledPglite;
}

const port = parentPort!;
const { directory, startParams, pgliteWasmModule } = workerData as PgliteWorkerData;
/**
 * The answers of one turn of this thread's loop go in one message (the app's thread sends its
 * requests the same way: pglite-worker-client.ts). A statement's answer is bytes whose buffer
 * moves to the app's thread uncopied.
 */
let replies: WireReply[] = [];
let transfers: ArrayBuffer[] = [];
const reply = (message: WireReply) => {
  if ('result' in message && message.result instanceof Uint8Array) transfers.push(message.result.buffer as ArrayBuffer);
  if (replies.push(message) === 1) setImmediate(sendReplies);
};
function sendReplies() {
  port.postMessage(replies, transfers);
  replies = [];
  transfers = [];
}

/** Open transactions: their handle, and how the app's thread ends them. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ended: Promise<unknown> }>();

async function main(): Promise<void> {
  const client = await PGlite.create({ dataDir: directory, startParams, pgliteWasmModule });
  const raw = rawStatements(client);

  const run = async (request: WireRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return raw.query(
          request.text,
          request.params,
          request.paramTypes,
          request.tx === undefined ? undefined : transaction(request.tx).tx,
        );
      case 'exec':
        return (request.tx === undefined ? client : transaction(request.tx).tx).exec(request.text);
      case 'named':
        return raw.named(request.name, request.text, request.params);
      case 'begin':
        return begin(client, request.tx);
      case 'end': {
        const open = transaction(request.tx);
        transactions.delete(request.tx);
        open.end(request.commit);
        await open.ended;
        return null;
      }
      case 'close':
        await client.close();
        return null;
    }
  };

  port.on('message', (requests: WireRequest[]) => {
    for (const request of requests)
      run(request).then(
        (result) => reply({ id: request.id, result }),
        (error: unknown) => reply({ id: request.id, error: toWireError(error) }),
      );
  });
  reply({ id: 0, result: (await client.query<ArrayType>(ARRAY_TYPES_SQL)).rows });
}

function transaction(id: number) {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open PGlite transaction ${id}`);
  return open;
}

/** Resolves once BEGIN has run; the transaction then waits for the app's `end`. */
function begin(client: PGlite, id: number): Promise<null> {
  return new Promise((started, failed) => {
    let decide!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    const ended = client.transaction(async (tx) => {
      transactions.set(id, { tx, end: decide, ended });
      started(null);
      if (!(await decided)) await tx.rollback();
    });
    // Before BEGIN has run this fails the `begin`; after, the `end` awaits the same promise.
    ended.catch(failed);
  });
}

main().catch((error: unknown) => {
  reply({ id: 0, error: toWireError(error) });
});
