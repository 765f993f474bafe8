/**
 * `npm run bench -- qr`: the receipt-photo QR decoder over the whole generated corpus
 * (tests/support/qr-corpus.ts): decode rate, time per photo, time on photos without a QR, misses.
 */
import { decodeReceiptQr, MAX_PASSES, type DecodeTrace } from '../src/server/modules/bot/qr-photo.js';
import { buildCorpus, qrImage } from '../tests/support/qr-corpus.js';
import { machineLine, quantile } from './report.js';

interface Measured {
  name: string;
  right: boolean;
  falsePositive: boolean;
  wallMs: number;
  cpuMs: number;
  trace: DecodeTrace;
}

function roundedQuantile(values: number[], q: number): number {
  return Math.round(
    quantile(
      [...values].sort((a, b) => a - b),
      q,
    ),
  );
}

export async function qrBench(): Promise<string> {
  const started = performance.now();
  const corpus = await buildCorpus();
  console.log(`corpus: ${corpus.length} photos built in ${Math.round((performance.now() - started) / 1000)} s`);
  // The first decode loads and compiles the wasm (once per process); it is not a photo's cost.
  await decodeReceiptQr(await qrImage('warm-up'));

  const measured: Measured[] = [];
  for (const photo of corpus) {
    const trace: DecodeTrace = { passes: 0 };
    const cpu = process.cpuUsage();
    const wall = performance.now();
    const decoded = await decodeReceiptQr(photo.image, trace);
    const wallMs = performance.now() - wall;
    const cpuUsed = process.cpuUsage(cpu);
    const text = decoded?.text ?? null;
    measured.push({
      name: photo.name,
      right: text === photo.expected,
      falsePositive: photo.expected === null && text !== null,
      wallMs,
      cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
      trace,
    });
  }

  const withQr = measured.filter((row) => !row.name.startsWith('no-qr/'));
  const withoutQr = measured.filter((row) => row.name.startsWith('no-qr/'));
  const decoded = withQr.filter((row) => row.right).length;
  const misses = measured.filter((row) => !row.right).map((row) => `\`${row.name}\``);
  const byPass = new Map<string, number>();
  for (const row of withQr.filter((candidate) => candidate.right))
    byPass.set(row.trace.pass ?? '?', (byPass.get(row.trace.pass ?? '?') ?? 0) + 1);
  const wall = (rows: Measured[]) => rows.map((row) => row.wallMs);
  const cpu = (rows: Measured[]) => rows.map((row) => row.cpuMs);

  return [
    machineLine(
      `${withQr.length} photos with a receipt QR (${new Set(withQr.map((row) => row.name.split('/')[0])).size} degradation families × ${new Set(withQr.map((row) => row.name.split('/')[1])).size} fixture receipts) and ${withoutQr.length} without; at most ${MAX_PASSES} passes per photo.`,
    ),
    '',
    '| measure | result |',
    '| --- | --- |',
    `| decoded correctly | ${decoded} / ${withQr.length} (${((decoded / withQr.length) * 100).toFixed(1)} %) |`,
    `| false positives on photos without a QR | ${withoutQr.filter((row) => row.falsePositive).length} / ${withoutQr.length} |`,
    `| time per photo with a QR, wall clock | median ${roundedQuantile(wall(withQr), 0.5)} ms, p95 ${roundedQuantile(wall(withQr), 0.95)} ms |`,
    `| CPU time per photo with a QR | median ${roundedQuantile(cpu(withQr), 0.5)} ms, p95 ${roundedQuantile(cpu(withQr), 0.95)} ms |`,
    `| time per photo without a QR (all passes), wall clock | median ${roundedQuantile(wall(withoutQr), 0.5)} ms, max ${roundedQuantile(wall(withoutQr), 1)} ms |`,
    `| CPU time per photo without a QR | median ${roundedQuantile(cpu(withoutQr), 0.5)} ms, max ${roundedQuantile(cpu(withoutQr), 1)} ms |`,
    `| pass that found the code | ${[...byPass].map(([pass, count]) => `${pass} ${count}`).join(', ')} |`,
    `| misses | ${misses.length > 0 ? misses.join(', ') : 'none'} |`,
  ].join('\n');
}
