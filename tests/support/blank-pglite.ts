import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { pgliteModule } from '../../src/server/db/pglite-worker-client.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** An empty PGlite cluster, fresh from initdb, for unit tests (tests/support/global-setup-unit.ts). */
    blankPglite: { directory: string; dump: string };
  }
}

/**
 * An empty PGlite cluster, made once per PGlite version and kept in .tmp/ between runs: its data
 * folder, and the same as a tar for in-memory databases. A new PGlite runs initdb in WebAssembly,
 * ≈ 2 s of CPU on this machine; a copy of an initdb'd folder opens in 0.4 s, its tar loaded into an
 * in-memory database in 0.5 s (docs/benchmarks.md, "Developer loop"). What the unit tests check
 * (statements, the worker thread, migrations, the job queue) starts after initdb either way;
 * creating a data folder from nothing stays covered by tests/api/startup.test.ts.
 */
export async function makeBlankPglite(): Promise<{ directory: string; dump: string }> {
  const version = (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
  ).version;
  const root = path.join(ROOT, '.tmp/pglite-blank');
  const made = path.join(root, version);
  const result = { directory: path.join(made, 'data'), dump: path.join(made, 'data.tar') };
  if (existsSync(result.dump)) return result;
  const building = `${made}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const cluster = await PGlite.create(path.join(building, 'data'));
  try {
    const tar = await cluster.dumpDataDir('none');
    writeFileSync(path.join(building, 'data.tar'), Buffer.from(await tar.arrayBuffer()));
  } finally {
    await cluster.close();
  }
  // The finished one appears at once (a rename), never half-made; other versions' clusters go.
  renameSync(building, made);
  for (const old of readdirSync(root)) {
    if (old !== version) rmSync(path.join(root, old), { recursive: true, force: true });
  }
  return result;
}

/**
 * The blank cluster's tar as PGlite reads it: PGlite asks a data-directory Blob for its arrayBuffer()
 * once, and Node's Blob copies its 40 MB out in chunks: up to a third of an open's CPU
 * (docs/benchmarks.md, "Test suite time"). The file is read once per process and each open gets a copy.
 */
class BlankClusterTar extends Blob {
  constructor(private readonly tar: Buffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.tar.buffer.slice(this.tar.byteOffset, this.tar.byteOffset + this.tar.byteLength) as ArrayBuffer);
  }
}

let blankTar: Buffer | undefined;

/** A new in-memory PGlite, as `PGlite.create()` makes it, without running initdb again. */
export async function blankPglite(options: Omit<PGliteOptions, 'loadDataDir' | 'dataDir'> = {}): Promise<PGlite> {
  blankTar ??= readFileSync(inject('blankPglite').dump);
  return PGlite.create({ pgliteWasmModule: await pgliteModule(), ...options, loadDataDir: new BlankClusterTar(blankTar) });
}

/** An empty PGlite data folder at `directory` (created), as PGlite's first open would make it. */
export function blankPgliteDirectory(directory: string): string {
  cpSync(inject('blankPglite').directory, directory, { recursive: true });
  return directory;
}
