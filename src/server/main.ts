import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { listenWhileStarting } from './http/starting-listener.js';
import { healthAnswer } from './system/health.js';
import { unsetOperatorSettings } from './modules/operator/service.js';
import { SecretsKeyError } from './sealing/sealed.js';
import { Lifecycle } from './platform/lifecycle.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`ScanApp cannot start. ${error.message}`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  // The port answers from the first moment: /ready says "starting" (503) while the database is
  // opened and migrated (another instance may hold the migrations' lock for a while) and the app
  // is built, instead of a balancer seeing a refused connection.
  const listener = await listenWhileStarting({ port: config.port, host: config.host, health: healthAnswer(config) });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    // Without its database thread the server can answer nothing: exit loudly for the supervisor to restart it.
    onPgliteStopped: (error) => {
      console.error(`ScanApp stops: ${error.message}`);
      process.exit(1);
    },
  });
  await migrate(database);
  const lifecycle = new Lifecycle();
  let app;
  try {
    app = await buildApp({ config, database, lifecycle, serverFactory: listener.serverFactory });
  } catch (error) {
    if (error instanceof SecretsKeyError) {
      // The stored tokens need a key this start was not given: nothing has been written.
      console.error(`ScanApp cannot start. ${error.message}`);
      await database.close();
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  if (config.mode === 'production') {
    // The public pages leave an unset detail out rather than show an invented one: say so once.
    const unset = await unsetOperatorSettings(database.db);
    if (unset.length > 0) {
      app.log.warn(
        { unset },
        `operator details not set, the public pages leave them out: ${unset.join(', ')} (npm run admin -- settings:set <key> <value>)`,
      );
    }
  }

  // Draining: /ready answers 503 and new requests are refused while those in flight finish and the
  // bots' leases are released; then the listener closes and the jobs running here finish. Whatever
  // is still running when the grace ends is logged and left to other instances (jobs are retried).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: draining');
    const graceOver = setTimeout(() => {
      app.log.error({ unfinished: lifecycle.unfinished() }, `shutdown grace of ${config.shutdownGraceMs} ms passed with work unfinished`);
      process.exit(1);
    }, config.shutdownGraceMs);
    try {
      await lifecycle.drain();
      await listener.close();
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error, unfinished: lifecycle.unfinished() }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(graceOver);
    app.log.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.ready();
  listener.open();
  lifecycle.open();
  app.log.info({ url: config.publicUrl, database: database.kind, mode: config.mode }, `ScanApp is ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error('ScanApp failed to start:', error);
  process.exit(1);
});
