/**
 * Lighthouse on a public page (the landing `/` by default; the shop in bench/shop.ts): three runs of Lighthouse's default mobile profile
 * (simulated slow 4G and 4× CPU slowdown) against the built server, in Debian's Chromium.
 * Reports every run and the median, plus the page's JavaScript in gzip bytes.
 *
 *   npm run build && node --import tsx bench/lighthouse.ts
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/support/browser.js';
import { type RunningServer } from '../tests/support/server-process.js';
import { startBenchServer } from './server.js';
import { machineLine, median } from './report.js';

const RUNS = 3;
const LIGHTHOUSE_VERSION: string = createRequire(import.meta.url)('lighthouse/package.json').version;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['first-contentful-paint', 'First Contentful Paint', 'ms'],
  ['largest-contentful-paint', 'Largest Contentful Paint', 'ms'],
  ['total-blocking-time', 'Total Blocking Time', 'ms'],
  ['speed-index', 'Speed Index', 'ms'],
  ['cumulative-layout-shift', 'Cumulative Layout Shift', ''],
] as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<(typeof METRICS)[number][0], number>;
  scripts: string[];
}

async function runOnce(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
    return {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Run['scores'],
      metrics: Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? Number.NaN])) as Run['metrics'],
      scripts: requests.filter((request) => request.resourceType === 'Script').map((request) => request.url),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: such a run is repeated. */
async function withRetry(run: () => Promise<Run>, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`Lighthouse run failed, repeating it: ${(error as Error).message}`);
    }
  }
}

function show(value: number, unit: string): string {
  if (unit === 'ms') return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
  return value.toFixed(3);
}

async function gzipKiB(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of new Set(urls)) bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return bytes / 1024;
}

interface PageOptions {
  /** The page to measure (default the landing). */
  path: string;
  /** How the JavaScript line names the page's scripts, and their budget. */
  scriptsLabel: string;
  budgetKb: number;
  /** Scripts not counted as the page's own (e.g. a demo stand-in of an external service). */
  ignoreScript?: (url: string) => boolean;
  /** An already running server (with data in it); else a fresh one is started and stopped. */
  server?: RunningServer;
}

/** Runs Lighthouse three times on a page of the built server and returns a markdown table (median last). */
export async function runLighthouseBench(
  options: PageOptions = { path: '/', scriptsLabel: 'Landing JavaScript', budgetKb: 100 },
): Promise<string> {
  const server = options.server ?? (await startBenchServer());
  try {
    const url = `${server.url}${options.path}`;
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await withRetry(() => runOnce(url)));
    const scripts = runs[0]!.scripts.filter((script) => !options.ignoreScript?.(script));
    const jsKiB = await gzipKiB(scripts);

    const head = `| Lighthouse, mobile, \`${options.path.replace(/\/shop\/[^/?]+/, '/shop/{token}')}\` | ${runs.map((_, i) => `run ${i + 1}`).join(' | ')} | median |`;
    const rule = `| --- |${' --- |'.repeat(runs.length + 1)}`;
    const scoreRows = CATEGORIES.map((id) => {
      const values = runs.map((run) => run.scores[id]);
      return `| ${id} score | ${values.join(' | ')} | **${median(values)}** |`;
    });
    const metricRows = METRICS.map(([id, label, unit]) => {
      const values = runs.map((run) => run.metrics[id]);
      return `| ${label} | ${values.map((value) => show(value, unit)).join(' | ')} | **${show(median(values), unit)}** |`;
    });
    return [
      machineLine(
        `Lighthouse ${LIGHTHOUSE_VERSION}, default mobile profile (simulated throttling), Chromium ${CHROMIUM_PATH}, served by the built server as \`npm start\` serves it.`,
      ),
      '',
      head,
      rule,
      ...scoreRows,
      ...metricRows,
      '',
      `${options.scriptsLabel}: ${scripts.length} files, ${jsKiB.toFixed(1)} KB gzip (budget ${options.budgetKb} KB).`,
    ].join('\n');
  } finally {
    if (!options.server) await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await runLighthouseBench());
}
