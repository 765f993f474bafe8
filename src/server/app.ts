import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '../contract/constants.js';
import { createClock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { heartbeat } from './db/heartbeat.js';
import { handleClientError, handleError } from './http/errors.js';
import { registerInputGuard } from './http/input-guard.js';
import { safeLoggerOptions } from './http/log-safety.js';
import { loopbackOrigins, publicUrlResolver } from './http/public-url.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import type { StartingListener } from './http/starting-listener.js';
import { registerWebApp } from './http/web-app.js';
import { createMailClient } from './integrations/mail/client.js';
import { MAIL_CATCHER_PREFIX, mailEmulator, startMailCatcher } from './integrations/mail/emulator.js';
import { createPuzzleBotClient } from './integrations/puzzlebot/client.js';
import { puzzleBotEmulator } from './integrations/puzzlebot/emulator.js';
import { createTaxClient } from './integrations/tax/client.js';
import { TaxEmulatorStore, taxEmulator } from './integrations/tax/emulator.js';
import { createTelegramClient } from './integrations/telegram/client.js';
import { TELEGRAM_EMULATOR_PREFIX, telegramEmulator } from './integrations/telegram/emulator.js';
import { TelegramEmulatorStore } from './integrations/telegram/emulator-store.js';
import { startJobQueue } from './jobs/queue.js';
import { takeOverOrphanedWork } from './jobs/watch.js';
import { createMetrics } from './metrics/metrics.js';
import { metricsRoutes } from './metrics/routes.js';
import { MODULES } from './module-list.js';
import { runAfterAward } from './platform/after-award.js';
import { WATCH_MS, type JobQueue } from './platform/job.js';
import { Lifecycle } from './platform/lifecycle.js';
import { BUYER_NOTICES_JOB, type ModuleContext, type RouteMount } from './platform/manifest.js';
import { throttle, type ThrottledCall } from './platform/throttle.js';
import { prepareSecrets } from './secrets/at-rest.js';
import { loadKeyring } from './secrets/keyring.js';
import { clockRoutes } from './system/clock-routes.js';
import { healthAnswer } from './system/health.js';
import { systemRoutes } from './system/routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Real time (tests may pass their own); the demo clock adds its offset to it. */
  now?: () => Date;
  /** Readiness and draining; main.ts passes its own to drain on SIGTERM. */
  lifecycle?: Lifecycle;
  /** The server to answer on, already listening while the app was built (main.ts, starting-listener.ts). */
  serverFactory?: StartingListener['serverFactory'];
}

/** JSON bodies of the API are small; the image upload sets its own limit (modules/uploads). */
const JSON_BODY_LIMIT = 64 * 1024;

/**
 * The app: the process's clients, clock and job queue, and what every module of the module list
 * adds (routes, jobs, outboxes, its part of the watch, bot parts, hooks after an award,
 * invariants). No module is named here: adding one is its folder and a line in module-list.ts.
 */
export async function buildApp({
  config,
  database,
  now: realNow = () => new Date(),
  lifecycle = new Lifecycle(),
  serverFactory,
}: AppDeps): Promise<FastifyInstance> {
  // Before anything reads a token: keys that cannot open the stored ones, or the database's key
  // check, refuse to start (nothing written), and tokens stored plain before sealing existed are sealed now.
  const keyring = await loadKeyring(config);
  await prepareSecrets(database, keyring);
  const app = Fastify({
    logger: safeLoggerOptions(config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // The router's own refusals (malformed or over-long URL) and broken HTTP answer like any API error.
    frameworkErrors: handleError,
    clientErrorHandler: handleClientError,
    // The static files plugin lists every built file at start-up; on a loaded machine (tests on two
    // cores) that once took longer than Fastify's default 10 s and failed the start.
    pluginTimeout: 60_000,
    ...(serverFactory && { serverFactory }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // The API speaks JSON only; plain-text bodies are refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');
  lifecycle.watch(app);
  // Counted whether or not METRICS_TOKEN opens /metrics: a few counters cost nothing.
  const metrics = createMetrics(database, (error) => app.log.warn({ err: error }, 'a metric could not be read from the database'));
  metrics.watchHttp(app);

  // A demo without PUBLIC_URL may be opened at any loopback name: pictures and the framed Mini App come from either.
  const sameServerOrigins = config.publicUrlFollowsRequest ? loopbackOrigins(config.port) : [];
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://'), sameServerOrigins });
  await app.register(swagger, {
    openapi: {
      info: { title: 'ScanApp API', version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // Every rule that decides by time reads this one clock; in demo mode /__emulators/clock moves it.
  // Leases, retries, rate limits, sessions and pg-boss stay on real time (docs/decisions.md).
  const clock = createClock({ movable: config.mode === 'demo', base: realNow });
  const { now } = clock;
  const taxStore = config.tax.emulated ? new TaxEmulatorStore() : undefined;
  // Account mails: the real SMTP client, in demo mode against the built-in catcher's SMTP server.
  const mailCatcher = config.mail.emulated ? await startMailCatcher() : undefined;
  const mail = createMailClient({ ...config.mail, smtpUrl: mailCatcher?.smtpUrl ?? config.mail.smtpUrl! });

  // Jobs queued by request handlers and pollers; bound once the queue runs.
  let running: JobQueue | undefined;
  const queue = boundLater(() => running);
  const wakeUps = new Map<string, ThrottledCall>();
  const wake = (job: string, intervalMs = 1_000) => {
    const key = `${job}/${intervalMs}`;
    const known = wakeUps.get(key);
    if (known) return known;
    const queueJob = () =>
      void running
        ?.sendDebounced(job, Math.ceil(intervalMs / 1000))
        .catch((error: unknown) => app.log.error({ err: error, job }, 'could not queue a job'));
    const call = throttle(intervalMs, queueJob);
    wakeUps.set(key, call);
    return call;
  };
  const onNoticesQueued = wake(BUYER_NOTICES_JOB);
  const context: ModuleContext = {
    config,
    database,
    db: database.db,
    now,
    realNow,
    sessionTtlMs: config.sessionTtlMs,
    publicUrl: config.publicUrl,
    publicUrlOf: publicUrlResolver(config),
    sameServerOrigins,
    // Mini App buttons need HTTPS in Telegram; the emulator stands for its test environment, which takes HTTP.
    webAppButtons: config.publicUrl.startsWith('https://') || config.telegram.emulated,
    // Telegram: one client for every seller's bot (mailings, the points shop, the shoppers' bot).
    telegram: createTelegramClient({ ...config.telegram, observe: metrics.telegramCalled }),
    tax: createTaxClient({ ...config.tax, observe: metrics.taxCalled }),
    taxStore,
    puzzleBot: createPuzzleBotClient(config.puzzleBot),
    mail,
    keyring,
    metrics,
    lifecycle,
    retryBaseMs: config.outbox.retryBaseMs,
    log: app.log,
    wake,
    onNoticesQueued,
    queue,
    botParts: MODULES.flatMap((module) => module.bot ?? []),
    afterAward: (awarded) => runAfterAward(MODULES, { db: database.db, now, log: app.log, onNoticesQueued }, awarded),
    invariants: MODULES.flatMap((module) => module.invariants ?? []),
    segmentConditions: MODULES.flatMap((module) => module.segmentConditions ?? []),
  };

  for (const module of MODULES) module.metrics?.(context);
  running = await startJobQueue({
    database,
    log: app.log,
    jobs: MODULES.flatMap((module) => module.jobs?.(context) ?? []),
    cron: config.cronJobs,
  });
  // Work a dead instance held (a bot's polling, claimed updates, a mailing, outbox rows, a running
  // job) goes on here within 30 s.
  const watch = heartbeat({
    beat: () =>
      takeOverOrphanedWork({
        db: database.db,
        queue,
        modules: MODULES.flatMap((module) => (module.watch ? [() => module.watch!(context)] : [])),
        outboxes: MODULES.flatMap((module) => module.outboxes ?? []),
      }),
    everyMs: WATCH_MS,
    onError: (error) => app.log.warn({ err: error }, 'could not look for work of a stopped instance'),
  });
  // The watch stops first when the instance drains, so it takes over nothing meanwhile.
  lifecycle.onDrain('stopping the watch', () => watch.stop());
  lifecycle.reportUnfinished(() => queue.running().map((name) => `job ${name}`));
  app.addHook('onClose', async () => {
    await watch.stop();
    for (const call of wakeUps.values()) call.cancel();
    for (const module of MODULES) await module.stop?.(context);
    await queue.stop({ timeoutMs: config.shutdownGraceMs });
    mail.close();
    await mailCatcher?.close();
  });
  for (const module of MODULES) await module.start?.(context);

  await app.register(
    async (api) => {
      for (const module of MODULES) module.apiHooks?.(context)(api);
      registerInputGuard(api);
      await api.register(
        systemRoutes({
          health: healthAnswer(config),
          openapi: () => app.swagger(),
          lifecycle,
          pingDatabase: () => database.query('SELECT 1'),
        }),
      );
      for (const module of MODULES) await mount(api, module.routes?.(context));
    },
    { prefix: API_BASE },
  );
  for (const module of MODULES) await mount(app, module.rootRoutes?.(context));
  if (config.metricsToken) await app.register(metricsRoutes({ metrics, token: config.metricsToken }));

  // Demo mode: stand-ins for external services, reached through the same clients as in production.
  if (taxStore) await app.register(taxEmulator({ token: config.tax.token, store: taxStore }), { prefix: '/__emulators/tax' });
  if (config.puzzleBot.emulated) await app.register(puzzleBotEmulator(), { prefix: '/__emulators/puzzlebot' });
  if (config.telegram.emulated) {
    // Telegram stamps message dates and signs init data with the demo clock's time, which the shop
    // compares with its own (auth_date); its limits and retries run on real time.
    const telegramStore = new TelegramEmulatorStore({ dates: () => now().getTime() });
    await app.register(telegramEmulator({ store: telegramStore }), { prefix: TELEGRAM_EMULATOR_PREFIX });
  }
  if (config.mode === 'demo')
    await app.register(clockRoutes({ clock, runPeriodicJobs: () => queue.runPeriodicOnce() }), { prefix: '/__emulators/clock' });
  if (mailCatcher) await app.register(mailEmulator(mailCatcher), { prefix: MAIL_CATCHER_PREFIX });

  await registerWebApp(app, config.webDistDir);
  return app;
}

async function mount(app: FastifyInstance, routes: RouteMount[] | undefined): Promise<void> {
  for (const route of routes ?? []) {
    if (typeof route === 'function') await app.register(route);
    else await app.register(route.plugin, { prefix: route.prefix });
  }
}

/** The job queue as the modules hold it before it runs: each call goes to the running queue. */
function boundLater(current: () => JobQueue | undefined): JobQueue {
  const queue = () => {
    const bound = current();
    if (!bound) throw new Error('the job queue is not running yet');
    return bound;
  };
  return {
    send: (...args) => queue().send(...args),
    sendDebounced: (...args) => queue().sendDebounced(...args),
    runPeriodicOnce: () => queue().runPeriodicOnce(),
    handOver: (name) => queue().handOver(name),
    repeatOrphaned: () => queue().repeatOrphaned(),
    running: () => queue().running(),
    stop: (options) => queue().stop(options),
  };
}
