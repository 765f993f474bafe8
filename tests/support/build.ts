import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server-process.js';

/**
 * The two halves of `npm run build`, each with what it is built from. A build whose sources
 * changed since it was made is rebuilt before the tests that use it, so no test runs old code.
 */
const PARTS = {
  web: {
    inputs: ['src/web', 'src/contract', 'vite.config.ts', 'package-lock.json'],
    outDir: () => (process.env.WEB_DIST_DIR ? path.resolve(ROOT, process.env.WEB_DIST_DIR) : path.join(ROOT, 'dist/web')),
    command: (outDir: string) => [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
  },
  server: {
    inputs: ['src/server', 'src/contract', 'tsconfig.base.json', 'tsconfig.server.json', 'package-lock.json'],
    outDir: () => path.join(ROOT, 'dist/server'),
    // Emit only: `npm run typecheck` checks the server's types in the same run (beside the tests), and
    // every test waited for the check here first (the same JavaScript, 6 s of CPU instead of 24).
    command: () => [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json', '--noCheck'],
  },
} as const;

export type BuildPart = keyof typeof PARTS;

/** Written into the output folder after a build: the digest of the sources it was built from. */
const STAMP = '.sources-digest';

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(relative, name))
    .filter((file) => statSync(path.join(ROOT, file)).isFile() && !/\.test\.tsx?$/.test(file))
    .sort();
}

/** Content, not modification times: a checkout or a `touch` that changes nothing rebuilds nothing. */
function sourcesDigest(part: BuildPart): string {
  const hash = createHash('sha256');
  for (const file of PARTS[part].inputs.flatMap(filesUnder)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build (2026-11-26: the
    // landing's JavaScript 145 KB instead of 81 KB); the build must be the one `npm run build` makes.
    const { NODE_ENV: _vitestMode, ...env } = process.env;
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (exit code ${code}): node ${args.join(' ')}`))));
  });
}

/** Builds the parts whose sources differ from the ones they were built from (both at once). */
export async function ensureBuilt(parts: BuildPart[]): Promise<void> {
  await Promise.all(
    parts.map(async (part) => {
      const outDir = PARTS[part].outDir();
      const stamp = path.join(outDir, STAMP);
      const digest = sourcesDigest(part);
      if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
      const started = Date.now();
      await run(PARTS[part].command(outDir));
      writeFileSync(stamp, digest);
      console.log(`Built ${path.relative(ROOT, outDir)} (sources changed) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
}
