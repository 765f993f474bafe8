import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../tests/support/server-process.js';

export interface Row {
  scenario: string;
  database: string;
  value: string;
}

export function machineLine(extra: string): string {
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; ${extra}`;
}

export function table(rows: Row[]): string {
  return [
    '| scenario | database | result |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.scenario} | ${row.database} | ${row.value} |`),
  ].join('\n');
}

/** Replaces the text between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` in docs/benchmarks.md. */
export function writeSection(name: string, content: string): void {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`markers ${start} … ${end} missing in docs/benchmarks.md`);
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${content}\n${doc.slice(to)}`);
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * RSS once the process has settled: the first value the RSS then keeps, within 2 MiB, for
 * `steadyMs` (read each second, from the third on). After start-up a second is enough: a
 * new PGlite database is created in a WebAssembly instance that is closed and freed, and until V8
 * collects it (usually within 2 s) the RSS still counts it (630–780 MiB instead of ≈ 380). After
 * work, V8 gives memory back in steps a few seconds apart (its memory reducer): PGlite's server
 * after the scale bench's rows held 435 MiB for 6 s, then 406, 388, 337 and from 33 s on 325 MiB,
 * so what it keeps at rest is read over a longer steadiness.
 */
export async function settledRssMiB(pid: number, options: { steadyMs?: number; maxMs?: number } = {}): Promise<number> {
  const { steadyMs = 1_000, maxMs = 15_000 } = options;
  const samples = [rssMiB(pid)];
  for (let waited = 1_000; waited <= maxMs; waited += 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    samples.push(rssMiB(pid));
    const settled = waited >= 3_000 ? steadyValue(samples, steadyMs / 1_000) : undefined;
    if (settled !== undefined) return settled;
  }
  return samples.at(-1)!;
}

/**
 * The value a series of one-a-second readings has settled at: the first of its last `steadyFor`
 * intervals' readings when none of them is more than 2 MiB from it; undefined while it still moves.
 */
export function steadyValue(samples: readonly number[], steadyFor: number): number | undefined {
  if (samples.length <= steadyFor) return undefined;
  const stretch = samples.slice(-(steadyFor + 1));
  return stretch.every((value) => Math.abs(value - stretch[0]!) <= 2) ? stretch[0] : undefined;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median and 95th percentile of `runs` sequential timings of `work`, in milliseconds. */
export async function timeIt(runs: number, work: () => Promise<void>): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(quantile(times, q) * 10) / 10;
  return { median: at(0.5), p95: at(0.95) };
}

/**
 * The nearest-rank quantile of sorted values: the smallest value with at least q of them at or
 * below it. The index once taken, floor(q·n), read one place too high: of 20 runs the "p95" was the
 * slowest single run, so one request that met a busy core missed a goal.
 */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
