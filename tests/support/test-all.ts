/**
 * `npm test`, the one command CI runs (.ci/run). Three things at once, so the two cores are busy to the
 * end instead of idling in one phase's tail (docs/benchmarks.md, "Test suite time"):
 * - the unit, API and reliability tests (one vitest run, its output as it comes);
 * - the browser tests (a second vitest run, two files at a time; its lines marked `e2e │`), after the
 *   build they share with the API tests is made once;
 * - the static checks (type check, ESLint, knip, Prettier) one after another, printed at the end.
 * With arguments it is one vitest run with them (`npm test -- tests/api/shop.test.ts`).
 * Exit code: the first failure's, 0 when all passed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './build.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const checks = ['typecheck', 'lint', 'knip', 'format:check'].filter((name) => name in scripts);

interface Outcome {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/** `show`: the output as it comes (`true`), the same with each line marked (a string), or kept for the end. */
function run(name: string, command: string, args: string[], show: boolean | string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: show === true ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let partial = '';
    const keep = (chunk: Buffer) => {
      output += chunk;
      if (typeof show !== 'string') return;
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) process.stdout.write(`${show}${line}\n`);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
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

const vitest = (name: string, args: string[], show: boolean | string) =>
  run(name, process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...args], show);

async function runTests(args: string[]): Promise<Outcome[]> {
  if (args.length > 0) return [await vitest('vitest', args, true)];
  // Both runs' global setups would otherwise build dist/web at the same time.
  await ensureBuilt(['web', 'server']);
  return Promise.all([
    vitest('vitest', ['--project', 'unit', '--project', 'api', '--project', 'reliability'], true),
    vitest('vitest e2e', ['--project', 'e2e'], 'e2e │ '),
  ]);
}

const [tests, checked] = await Promise.all([runTests(process.argv.slice(2)), runChecks()]);
const outcomes = [...tests, ...checked];
for (const outcome of outcomes) {
  if (!outcome.name.startsWith('vitest') && outcome.output.trim()) console.log(`\n${outcome.name}:\n${outcome.output.trimEnd()}`);
  console.log(`${outcome.code === 0 ? 'passed' : 'FAILED'}: ${outcome.name} (${outcome.seconds.toFixed(0)} s)`);
}
process.exitCode = outcomes.find((outcome) => outcome.code !== 0)?.code ?? 0;
