import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PgliteSession, SessionTransaction } from './pglite-session.js';
import type { CompiledPglite, PgliteWorkerData } from './pglite-worker.js';
import { readResults, typeParsers, type ArrayType, type TypeParsers } from './pglite-results.js';
import { fromWireError, paramTypesOf, type WireReply, type WireRequest } from './pglite-wire.js';

/** Every request to a worker that has stopped, and every one after, fails with this. */
export class PgliteWorkerStopped extends Error {
  constructor(reason: string) {
    super(`the PGlite database's worker thread stopped (${reason}): the database is unavailable until the app restarts`);
    this.name = 'PgliteWorkerStopped';
  }
}

type Request = WireRequest extends infer R ? (R extends WireRequest ? Omit<R, 'id'> : never) : never;

export interface PgliteWorkerOptions {
  /** Undefined: an in-memory database. */
  directory: string | undefined;
  startParams: string[];
  /** Called once if the worker stops while the app still uses it (the server exits: nothing works without it). */
  onStopped?: (error: PgliteWorkerStopped) => void;
}

/**
 * The worker's entry beside this file. From source (tests, the bench's scratch runs) it is
 * TypeScript, which a worker thread loads through tsx, a development dependency; the build runs
 * its JavaScript directly.
 */
function startWorker(workerData: PgliteWorkerData): Worker {
  const here = fileURLToPath(import.meta.url);
  if (path.extname(here) === '.js') return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx')), 'esm/api/index.mjs');
  const entry = pathToFileURL(path.join(path.dirname(here), 'pglite-worker.ts')).href;
  return new Worker(
    `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true, workerData },
  );
}

const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledPglite> } }).WebAssembly;
let compiledPglite: Promise<CompiledPglite> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to each worker (and to the one that
 * creates a new data directory): a worker compiling it itself paid that again for every database a
 * process opens (the tests open one per file), and a server's first start compiled it twice.
 */
export function pgliteModule(): Promise<CompiledPglite> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  return (compiledPglite ??= readFile(path.join(dist, 'pglite.wasm')).then((bytes) => wasm.compile(bytes)));
}

/**
 * PGlite in a worker thread of its own (docs/decisions.md, "PGlite runs in a worker thread of its own"): its
 * WebAssembly runs synchronously, and in the app's thread every statement stopped HTTP, the bot's
 * webhook and the jobs for as long as it ran. Over the port go the statements and their results;
 * a transaction stays one PGlite transaction in the worker, begun and ended by the app's thread.
 */
export async function openPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteSession & { readonly worker: Worker }> {
  const worker = startWorker({ directory: options.directory, startParams: options.startParams, pgliteWasmModule: await pgliteModule() });
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let nextTransaction = 1;
  let stopped: PgliteWorkerStopped | undefined;
  let closing = false;

  let open!: (parsers: TypeParsers) => void;
  let failOpen!: (error: Error) => void;
  const opened = new Promise<TypeParsers>((resolve, reject) => ((open = resolve), (failOpen = reject)));
  worker.on('message', (replies: WireReply[]) => replies.forEach(receive));
  function receive(message: WireReply) {
    if (message.id === 0) {
      if ('error' in message) return failOpen(fromWireError(message.error));
      // Idle, the worker does not keep the process alive: a database nobody closed never holds its exit.
      worker.unref();
      return open(typeParsers(message.result as ArrayType[]));
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if ('error' in message) waiting.reject(fromWireError(message.error));
    else waiting.resolve(message.result);
  }
  const stop = (reason: string) => {
    if (stopped) return;
    stopped = new PgliteWorkerStopped(reason);
    failOpen(stopped);
    for (const waiting of pending.values()) waiting.reject(stopped);
    pending.clear();
    if (!closing) options.onStopped?.(stopped);
  };
  worker.on('error', (error) => stop(error.message));
  worker.on('exit', (code) => stop(closing ? 'closed' : `exit code ${code}`));

  /**
   * The requests of one turn of the app's loop go in one message, and the worker answers them in
   * one (docs/decisions.md, "PGlite's requests and answers cross in batches"): a card's ten reads
   * sent at once cost two wake-ups of a thread, not twenty, which on a busy machine each waited for
   * a core.
   */
  let outbox: WireRequest[] = [];
  const send = () => {
    worker.postMessage(outbox);
    outbox = [];
  };
  const call = <Result>(request: Request): Promise<Result> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<Result>((resolve, reject) => {
      if (outbox.push({ ...request, id }) === 1) setImmediate(send);
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
    });
  };

  const parsers = await opened.catch(async (error: unknown) => {
    // A start that failed leaves nothing running: its thread would otherwise hold the process open.
    closing = true;
    await worker.terminate();
    throw error;
  });
  const query = async <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions, tx?: number): Promise<Results<T>> => {
    const bytes = await call<Uint8Array>({ op: 'query', text, params, paramTypes: paramTypesOf(queryOptions), tx });
    return readResults<T>(bytes, parsers, queryOptions, { query: text, params });
  };
  const exec = (text: string, tx?: number) => call<Results[]>({ op: 'exec', text, tx });

  return {
    worker,
    query: (text, params, queryOptions) => query(text, params, queryOptions),
    exec: (text) => exec(text),
    async queryNamed<T>(name: string, text: string, params: (string | null)[], queryOptions?: QueryOptions) {
      paramTypesOf(queryOptions);
      const bytes = await call<Uint8Array>({ op: 'named', name, text, params });
      return readResults<T>(bytes, parsers, queryOptions, { query: text, params });
    },
    async transaction<T>(work: (tx: SessionTransaction) => Promise<T>): Promise<T> {
      const tx = nextTransaction++;
      await call({ op: 'begin', tx });
      let result: T;
      try {
        result = await work({
          query: (text, params, queryOptions) => query(text, params, queryOptions, tx),
          exec: (text) => exec(text, tx),
        });
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (stopped) return;
      closing = true;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
