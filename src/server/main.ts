import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { unsetOperatorSettings } from './modules/operator/service.js';
import { SecretsKeyError } from './secrets/sealed.js';

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

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await migrate(database);
  let app;
  try {
    app = await buildApp({ config, database });
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.kind, mode: config.mode }, `ScanApp is ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error('ScanApp failed to start:', error);
  process.exit(1);
});
