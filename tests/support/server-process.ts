import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { portBelowEphemeralRange } from './free-port.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const BUNDLED_FROM = ['src/server', 'src/contract', 'package-lock.json'];

function sourcesDigest(): string {
  const hash = createHash('sha256');
  for (const input of BUNDLED_FROM) {
    const full = path.join(ROOT, input);
    const names = statSync(full).isDirectory() ? readdirSync(full, { recursive: true, encoding: 'utf8' }).sort() : [''];
    for (const name of names) {
      const file = path.join(full, name);
      if (!name.endsWith('.test.ts') && statSync(file).isFile())
        hash.update(path.join(input, name)).update('\0').update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * `import.meta.url` of each source file stays that file's address inside the bundle, so what the
 * code finds next to itself (the migrations' SQL, packages' files through createRequire) it finds
 * as it does from src/ and dist/.
 */
const keepModuleUrls: Plugin = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

let bundleDir: Promise<string> | undefined;

/**
 * The server and the operator CLI bundled from today's source (esbuild, under a second; packages
 * stay in node_modules), made once per change of the source and kept in .tmp/. A process a test
 * starts loads it in a third of the CPU that tsx took to compile the source at each start
 * (docs/benchmarks.md, "Test suite time"), and never runs a stale build.
 */
function serverBundle(): Promise<string> {
  return (bundleDir ??= makeBundle());
}

async function makeBundle(): Promise<string> {
  const bundles = path.join(ROOT, '.tmp/server-bundles');
  const dir = path.join(bundles, sourcesDigest());
  if (!existsSync(dir)) {
    // Parallel test files may make the same bundle: each writes its own and renames it into place.
    const building = `${dir}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    await build({
      entryPoints: { server: path.join(ROOT, 'src/server/main.ts'), cli: path.join(ROOT, 'src/server/cli/main.ts') },
      outdir: building,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'error',
      plugins: [keepModuleUrls],
    });
    try {
      renameSync(building, dir);
    } catch (error) {
      // Another file's bundle of the same source got there first.
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(dir)) throw error;
    }
    for (const old of readdirSync(bundles)) {
      if (!old.includes('.building-') && path.join(bundles, old) !== dir) rmSync(path.join(bundles, old), { recursive: true, force: true });
    }
  }
  return dir;
}

/**
 * Node's arguments that run the server or the operator CLI from today's source (`serverBundle`): a
 * test that needs a process of its own (production mode, a kill, a restart) runs the code under
 * test, with no build before it (a stale `dist/` was tested silently before).
 */
export async function sourceEntryArgs(entry: 'server' | 'cli'): Promise<string[]> {
  return ['--enable-source-maps', path.join(await serverBundle(), `${entry}.mjs`)];
}

/** The built server, as `npm start` and production run it (`npm run bench` builds it first). */
export const BUILT_SERVER = path.join(ROOT, 'dist/server/main.js');

/**
 * The variables package.json's start script sets before `node` (glibc's MALLOC_ARENA_MAX): every
 * server a test or a bench starts gets them, so its memory is what `npm start` and production see.
 */
export function npmStartEnv(): Record<string, string> {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = scripts.start.split('&&').at(-1)!;
  const assignments = command.slice(0, command.indexOf('node '));
  return Object.fromEntries([...assignments.matchAll(/(\w+)=(\S*)/g)].map(([, name, value]) => [name!, value!]));
}

let dataTemplate: string | undefined;

/**
 * A migrated PGlite DATA_DIR (database-templates.ts) that a server started on neither a data folder
 * nor a database of its own begins from, instead of creating and migrating one (≈ 5 s of CPU).
 * Set by the API and reliability tests' setup; tests/api/startup.test.ts migrates from nothing.
 */
export function startServersFrom(template: string | undefined): void {
  dataTemplate = template;
}
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
/** SECRETS_KEY of every test server (32 bytes, base64); tests of another key pass their own. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 'scanapp-test-secrets-key').toString('base64');
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789abcdef';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * What a production-mode server needs: every credential, each outside service pointed at a closed
 * port on this machine (tests of production behaviour never reach out).
 */
export function productionEnv(databaseUrl: string): Record<string, string> {
  return {
    SCANAPP_MODE: 'production',
    // Unset: production runs its crons on the real clock (it refuses PERIODIC_JOBS=clock).
    PERIODIC_JOBS: '',
    DATABASE_URL: databaseUrl,
    SMTP_URL: 'smtp://user:pass@127.0.0.1:9',
    MAIL_FROM: 'ScanApp <no-reply@scan.example>',
    ROBOKASSA_MERCHANT_LOGIN: 'shop',
    ROBOKASSA_PASSWORD1: 'password-one',
    ROBOKASSA_PASSWORD2: 'password-two',
    ROBOKASSA_PAYMENT_URL: 'http://127.0.0.1:9/pay',
    TAX_API_TOKEN: 'token',
    TAX_API_URL: 'http://127.0.0.1:9',
    PUZZLEBOT_API_URL: 'http://127.0.0.1:9',
    TELEGRAM_API_URL: 'http://127.0.0.1:9',
  };
}

/** What every test server gets: this machine only, its own data folder, the operator token, fast retries. */
export function testServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    // One key for every test server, so instances sharing a PostgreSQL database open each other's tokens.
    SECRETS_KEY: TEST_SECRETS_KEY,
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // Fast retries, so tests of the tax service and the PuzzleBot outbox finish quickly.
    TAX_RETRY_DELAYS_MS: '50,100',
    OUTBOX_RETRY_BASE_MS: '200',
    // A segment's mailing writes its recipients in batches of 2: every test of one crosses batches.
    MAILING_SEGMENT_BATCH: '2',
    // Periodic jobs run only when a test moves the demo clock, never on the real one between a test's
    // steps (a draw closed under a test, a digest in the middle of a case). `PERIODIC_JOBS: ''` keeps
    // them, as `npm start` does.
    PERIODIC_JOBS: 'clock',
    // Lets parallel work build the web app into its own folder (`vite build --outDir …`).
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  };
}

/**
 * Starts the server in a process of its own on a free port, as `npm start` does but from source
 * (`sourceEntryArgs`), or `entry` (the built `dist/server/main.js` of the browser tests).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    keepDataDir?: string;
    /** A first start on PGlite runs initdb and every migration itself instead of copying the template (a test of that start). */
    fromNothing?: boolean;
    readyTimeoutMs?: number;
    entry?: string;
    /** Return once the port answers (`/lk/api/health`), not once the app is ready (`/lk/api/ready`): a test of the start itself. */
    untilListening?: boolean;
  } = {},
): Promise<RunningServer> {
  const port = await portBelowEphemeralRange();
  const dataDir = options.keepDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'scanapp-data-'));
  // A kept folder still empty is a first start too: from the template, as any other, unless the test
  // is of that first start. Migrating PGlite from nothing is seconds of CPU, over a minute on a busy
  // machine, and a test's budget for its own steps went into it.
  const firstStart = !options.keepDataDir || readdirSync(dataDir).length === 0;
  if (firstStart && !options.fromNothing && !env.DATABASE_URL && dataTemplate) cpSync(dataTemplate, dataDir, { recursive: true });
  const args = options.entry ? [options.entry] : await sourceEntryArgs('server');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: withoutEmpty({ PATH: process.env.PATH ?? '', ...npmStartEnv(), ...testServerEnv(port, dataDir), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(
    `${url}/lk/api/${options.untilListening ? 'health' : 'ready'}`,
    child,
    port,
    () => output,
    options.readyTimeoutMs,
  );
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An empty value unsets a variable the defaults above set (`PUBLIC_URL: ''` runs the server without one). */
function withoutEmpty(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

/**
 * The server listens before it migrates (its /health answers at once): ready is when /ready says 200.
 * Two minutes: a start that migrates PGlite from nothing took over 60 s while the browser tests and a
 * build shared the 2 cores; a server that dies says so at once (its exit ends the wait).
 */
async function waitUntilAnswering(
  probe: string,
  child: ChildProcess,
  port: number,
  output: () => string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(probe);
      // Another test's server on the port answers too; ours then exits (EADDRINUSE), ending the wait.
      if (response.ok && listensOn(child.pid!, port)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Whether process `pid` holds the socket listening on 127.0.0.1:`port` (Linux's /proc/net/tcp, state 0A). */
function listensOn(pid: number, port: number): boolean {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const listening = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1] === local && fields[3] === '0A');
  if (!listening) return false;
  const socket = `socket:[${listening[9]}]`;
  return readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === socket;
    } catch {
      return false; // closed meanwhile
    }
  });
}
