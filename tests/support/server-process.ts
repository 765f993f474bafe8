import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Node's arguments that run the server's source through tsx: a test that needs a process of its own
 * (production mode, a kill, a restart) always runs today's code, with no build before it (a stale
 * `dist/` was tested silently before). `node --import tsx` is what tsx itself documents.
 */
export function sourceEntryArgs(entry: 'server' | 'cli'): string[] {
  const file = entry === 'server' ? 'src/server/main.ts' : 'src/server/cli/main.ts';
  return ['--import', pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, path.join(ROOT, file)];
}
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

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
    // Fast retries, so tests of the tax service and the PuzzleBot outbox finish quickly.
    TAX_RETRY_DELAYS_MS: '50,100',
    OUTBOX_RETRY_BASE_MS: '200',
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
  options: { keepDataDir?: string; readyTimeoutMs?: number; entry?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.keepDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'scanapp-data-'));
  const args = options.entry ? [options.entry] : sourceEntryArgs('server');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: withoutEmpty({ PATH: process.env.PATH ?? '', ...testServerEnv(port, dataDir), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, () => output, options.readyTimeoutMs);
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

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/lk/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start within ${timeoutMs / 1000} s:\n${output()}`);
}
