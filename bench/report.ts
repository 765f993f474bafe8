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
 * RSS once the process has settled after start-up. A new PGlite database is created in a
 * WebAssembly instance that is closed and freed; until V8 collects it (usually within 2 s) the
 * RSS still counts it: 630–780 MiB instead of ≈ 380 measured right after start.
 */
export async function settledRssMiB(pid: number): Promise<number> {
  let previous = rssMiB(pid);
  for (let waited = 0; waited < 15_000; waited += 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = rssMiB(pid);
    if (waited >= 2_000 && Math.abs(now - previous) <= 2) return now;
    previous = now;
  }
  return previous;
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
