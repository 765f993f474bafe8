/**
 * `npm test`, the one command CI runs (.ci/run): the static checks (type check, ESLint, knip,
 * Prettier) one after another beside every test project, not before them, so the run takes as long
 * as the longer of the two and the checks take one core at most. The checks' output is printed
 * after the tests' (interleaved, neither reads). Exit code: the first failure's, 0 when all passed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const checks = ['typecheck', 'lint', 'knip', 'format:check'].filter((name) => name in scripts);

interface Outcome {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

function run(name: string, command: string, args: string[], show: boolean): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: show ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
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

const [tests, checked] = await Promise.all([
  run('vitest', process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], true),
  runChecks(),
]);
const outcomes = [tests, ...checked];
for (const outcome of outcomes) {
  if (outcome.name !== 'vitest' && outcome.output.trim()) console.log(`\n${outcome.name}:\n${outcome.output.trimEnd()}`);
  console.log(`${outcome.code === 0 ? 'passed' : 'FAILED'}: ${outcome.name} (${outcome.seconds.toFixed(0)} s)`);
}
process.exitCode = outcomes.find((outcome) => outcome.code !== 0)?.code ?? 0;
