/**
 * `npm run bench`: measures the product on this machine and writes each section's figures
 * into docs/benchmarks.md between its markers. `npm run bench -- receipts` runs one section.
 */
import { findPostgresBin, startPostgresCluster, createDatabase, type PostgresCluster } from '../tests/support/postgres-cluster.js';
import { analyticsBench } from './analytics.js';
import { botBench } from './bot.js';
import { foundationBench } from './foundation.js';
import { runLighthouseBench } from './lighthouse.js';
import { mailingBench } from './mailing.js';
import { qrBench } from './qr.js';
import { receiptWebhooksBench } from './receipt-webhooks.js';
import { receiptsBench } from './receipts.js';
import { scaleBench } from './scale.js';
import { shopBench } from './shop.js';
import { writeSection } from './report.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

const sections: Record<string, (postgres: (name: string) => string | undefined) => Promise<string>> = {
  foundation: (postgres) => foundationBench(postgres, DURATION_S),
  receipts: (postgres) => receiptsBench(postgres, DURATION_S),
  // What the webhook triggers cost the award path: checks with and without an endpoint, PostgreSQL only.
  'receipt-webhooks': (postgres) => receiptWebhooksBench(postgres, DURATION_S),
  landing: () => runLighthouseBench(),
  mailing: (postgres) => mailingBench(postgres),
  shop: (postgres) => shopBench(postgres, DURATION_S),
  qr: () => qrBench(),
  analytics: (postgres) => analyticsBench(postgres),
  // BENCH_SCALE: the fraction of issue 45's million shoppers (PGlite a tenth of it, BENCH_SCALE_PGLITE).
  scale: (postgres) => scaleBench(postgres),
  // BENCH_BOT_EMULATORS=apart: Telegram's and the tax service's emulators in a process of their own, as the real ones are remote.
  bot: (postgres) => botBench(postgres, DURATION_S, process.env.BENCH_BOT_EMULATORS === 'apart'),
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((name) => name in sections);
  const names = wanted.length > 0 ? wanted : Object.keys(sections);
  let cluster: PostgresCluster | undefined;
  // The QR decoder needs no database: `npm run bench -- qr` alone starts no cluster.
  const needsDatabase = names.some((name) => name !== 'qr');
  if (needsDatabase && findPostgresBin()) cluster = await startPostgresCluster();
  else if (needsDatabase) console.warn('PostgreSQL binaries not found: PostgreSQL rows are skipped');
  const postgres = (name: string) => (cluster ? createDatabase(cluster.url, name) : undefined);
  try {
    for (const name of names) {
      console.log(`\n## ${name}`);
      const result = await sections[name]!(postgres);
      console.log(result);
      writeSection(name, result);
    }
  } finally {
    cluster?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
