/**
 * `npm test`, the one command CI runs (.ci/run): the static checks (type check, ESLint, knip,
 * Prettier) one after another beside the tests, not before them, so the run takes as long as the
 * longer of the two and the checks take one core at most.
 *
 * The browser files run in a vitest of their own beside the others (unit, API, reliability), not
 * after them: those mostly wait (job queues, restarts, Telegram's one message a second per chat)
 * and left a third of the 2 cores idle, while the browser files keep the cores busy
 * (docs/benchmarks.md, "Test suite time"). What both use is made first, once: the builds and the
 * PGlite template. The browser run's output and the checks' are printed after the first run's
 * (interleaved, neither reads). Exit code: the first failure's, 0 when all passed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './build.js';
import { pgliteTemplate } from './database-templates.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const checks = ['typecheck', 'lint', 'knip', 'format:check'].filter((name) => name in scripts);

interface Outcome {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

function run(name: string, command: string, args: string[], show: boolean, env: Record<string, string> = {}): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: show ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const done = (code: number) => resolve({ name, code, output, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => ((output += String(error)), done(1)));
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
async function runChecks(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const name of checks) outcomes.push(await run(name, npm, ['run', '--silent', name], false));
  return outcomes;
}

const vitest = (args: string[], show: boolean, env: Record<string, string> = {}) =>
  run(
    args.includes('e2e') ? 'vitest (browser)' : 'vitest',
    process.execPath,
    [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...args],
    show,
    env,
  );

/** Arguments given (a file, a filter): one vitest as asked. None: the browser files beside the rest. */
async function runTests(args: string[]): Promise<Outcome[]> {
  if (args.length) return [await vitest(args, true)];
  await Promise.all([ensureBuilt(['web', 'server']), pgliteTemplate()]);
  return Promise.all([
    vitest(['--project', 'unit', '--project', 'api', '--project', 'reliability'], true),
    vitest(['--project', 'e2e'], false, { VITEST_MODULE_CACHE_PATH: '.tmp/vitest-modules-browser' }),
  ]);
}

const [tests, checked] = await Promise.all([runTests(process.argv.slice(2)), runChecks()]);
const outcomes = [...tests, ...checked];
for (const outcome of outcomes) {
  if (outcome.name !== 'vitest' && outcome.output.trim()) console.log(`\n${outcome.name}:\n${outcome.output.trimEnd()}`);
  console.log(`${outcome.code === 0 ? 'passed' : 'FAILED'}: ${outcome.name} (${outcome.seconds.toFixed(0)} s)`);
}
process.exitCode = outcomes.find((outcome) => outcome.code !== 0)?.code ?? 0;
