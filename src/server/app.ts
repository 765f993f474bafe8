import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '../contract/constants.js';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { handleClientError, handleError } from './http/errors.js';
import type { StartingListener } from './http/starting-listener.js';
import { registerInputGuard } from './http/input-guard.js';
import { safeLoggerOptions } from './http/log-safety.js';
import { loopbackOrigins, publicUrlResolver } from './http/public-url.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { actionRoutes } from './modules/actions/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { exportRoutes } from './modules/exports/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { prepareSecrets, rotateSecrets } from './secrets/at-rest.js';
import { loadKeyring } from './secrets/keyring.js';
import { operatorRoutes } from './modules/operator/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { bankInvoiceRoutes } from './modules/billing/invoice-routes.js';
import { paymentRoutes, ROBOKASSA_PATHS } from './modules/payments/routes.js';
import { robokassaEmulator } from './integrations/robokassa/emulator.js';
import { mailingDeliveryJob, mailingQueue, mailingResumeJob, MAILING_RESUME_JOB } from './jobs/mailing-delivery.js';
import { PUZZLEBOT_PUSH_JOB, puzzleBotPushJob } from './jobs/puzzlebot-push.js';
import { startJobQueue } from './jobs/queue.js';
import type { JobQueue } from './platform/job.js';
import { BOT_POLLERS_JOB, BOT_UPDATES_JOB, botPollersJob, botUpdatesJob } from './jobs/bot.js';
import { drainHere } from './jobs/drain-here.js';
import { heartbeat } from './db/heartbeat.js';
import { takeOverOrphanedWork, WATCH_MS } from './jobs/watch.js';
import { createBotConnector } from './modules/bot/connection.js';
import { createFloodGuard } from './modules/bot/flood-guard.js';
import { BotPollers } from './modules/bot/pollers.js';
import { processPendingUpdates } from './modules/bot/updates.js';
import { botWebhookRoutes } from './modules/bot/routes.js';
import { subscriptionExpiryJob } from './jobs/subscription-expiry.js';
import { ANALYTICS_CATCH_UP_JOB, analyticsCatchUpJob } from './jobs/analytics-catch-up.js';
import { throttle, type ThrottledCall } from './jobs/throttle.js';
import { mailingRoutes } from './modules/mailing/routes.js';
import { segmentRoutes } from './modules/segments/routes.js';
import { SHOP_NOTIFY_JOB, shopNotificationJob } from './jobs/shop-notifications.js';
import { mailingSchedulesJob } from './jobs/mailing-schedules.js';
import { publicShopRoutes } from './modules/shop/public-routes.js';
import { shopRoutes } from './modules/shop/routes.js';
import { createPuzzleBotClient } from './integrations/puzzlebot/client.js';
import { puzzleBotEmulator } from './integrations/puzzlebot/emulator.js';
import { createTaxClient } from './integrations/tax/client.js';
import { createTelegramClient } from './integrations/telegram/client.js';
import { TELEGRAM_EMULATOR_PREFIX, telegramEmulator } from './integrations/telegram/emulator.js';
import { TelegramEmulatorStore } from './integrations/telegram/emulator-store.js';
import { createClock } from './clock.js';
import { clockRoutes } from './system/clock-routes.js';
import { TaxEmulatorStore, taxEmulator } from './integrations/tax/emulator.js';
import { demoReceiptRoutes } from './modules/actions/demo-receipt-routes.js';
import { buyerRoutes } from './modules/buyers/routes.js';
import { receiptRoutes } from './modules/receipts/routes.js';
import { healthAnswer } from './system/health.js';
import { systemRoutes } from './system/routes.js';
import { Lifecycle } from './system/lifecycle.js';
import { createMetrics } from './metrics/metrics.js';
import { metricsRoutes } from './metrics/routes.js';
import { uploadRoutes, uploadServingRoutes } from './modules/uploads/routes.js';
import { findOwnUpload } from './modules/uploads/service.js';
import { openImageStores } from './modules/uploads/stores.js';
import { UPLOADS_BASE } from '../contract/uploads.js';
import { createMailClient } from './integrations/mail/client.js';
import { mailEmulator, startMailCatcher } from './integrations/mail/emulator.js';
import { BALANCE_WATCH_JOB, balanceWatchJob } from './jobs/balance-watch.js';
import { watchBalances } from './modules/billing/balance-watch.js';
import { MAIL_JOB, mailDeliveryJob } from './jobs/mail-delivery.js';
import { mailOutboxTable } from './modules/mail/outbox.js';
import { notificationOutbox } from './modules/shop/repository.js';
import { pushOutbox } from './modules/receipts/puzzlebot-sync.js';
import { accountRoutes } from './modules/account/routes.js';
import { MODULES } from './module-list.js';
import { runAfterAward } from './platform/after-award.js';
import type { ModuleContext } from './platform/manifest.js';
import { BUYER_NOTICES_JOB } from './modules/bot/notices-job.js';

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
/** Receipts are counted into the analytics at most this often per instance (reads count them at once). */
const ANALYTICS_CATCH_UP_INTERVAL_MS = 2_000;

/**
 * Parallel drains of stored bot updates per instance: one waiting for the tax service or Telegram
 * does not hold up the others. More only queue for the same cores (docs/benchmarks.md, the bot).
 */
export const BOT_DRAINS_HERE = 3;

export async function buildApp({
  config,
  database,
  now: realNow = () => new Date(),
  lifecycle = new Lifecycle(),
  serverFactory,
}: AppDeps): Promise<FastifyInstance> {
  // Before anything reads a token: a key that opens none of the stored ones refuses to start
  // (nothing written), and tokens stored plain before sealing existed are sealed now.
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
  const publicUrlOf = publicUrlResolver(config);
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
  const deps = { db: database.db, now, realNow, sessionTtlMs: config.sessionTtlMs };
  const tax = createTaxClient({ ...config.tax, observe: metrics.taxCalled });
  const puzzleBot = createPuzzleBotClient(config.puzzleBot);
  const taxStore = config.tax.emulated ? new TaxEmulatorStore() : undefined;
  // Product and mailing images: the configured store (folder, database or bucket), reads falling back to the others.
  const imageStores = openImageStores(config, database.db);
  const imageStorage = imageStores.storage;
  // Telegram: one client for every seller's bot (mailings, the points shop, the shoppers' bot).
  const telegram = createTelegramClient({ ...config.telegram, observe: metrics.telegramCalled });
  // Account mails: the real SMTP client, in demo mode against the built-in catcher's SMTP server.
  const mailCatcher = config.mail.emulated ? await startMailCatcher() : undefined;
  const mail = createMailClient({ ...config.mail, smtpUrl: mailCatcher?.smtpUrl ?? config.mail.smtpUrl! });
  // Jobs queued by request handlers and pollers; bound once the queue runs.
  let queueRef: JobQueue | undefined;
  // A kick per event (a receipt, a stored update) queues at most one job per interval, from this
  // instance's memory: queueing is a database write, which a check should not pay each time.
  const kicks: ThrottledCall[] = [];
  const kick = (job: string, intervalMs = 1_000) => {
    const queueJob = () =>
      void queueRef
        ?.sendDebounced(job, Math.ceil(intervalMs / 1000))
        .catch((error: unknown) => app.log.error({ err: error, job }, 'could not queue a job'));
    const call = throttle(intervalMs, queueJob);
    kicks.push(call);
    return call;
  };
  // What the bot tells shoppers outside a conversation (expiry, adjustments, exchanges, rewards).
  const kickBuyerNotices = kick(BUYER_NOTICES_JOB);
  const kickShopNotifications = kick(SHOP_NOTIFY_JOB);
  const receiptDeps = {
    ...deps,
    tax,
    log: app.log,
    onChecked: metrics.receiptChecked,
    onPuzzleBotPushQueued: kick(PUZZLEBOT_PUSH_JOB),
    // Analytics count receipts in batches after their checks.
    onReceiptWritten: kick(ANALYTICS_CATCH_UP_JOB, ANALYTICS_CATCH_UP_INTERVAL_MS),
    // The seller hears within seconds that the actions stopped, not at the next ten-minute watch
    // (one watch per five seconds at most, however many receipts are refused meanwhile).
    onSellerCannotPay: kick(BALANCE_WATCH_JOB, 5_000),
    onAwarded: (awarded: Parameters<typeof runAfterAward>[2]) =>
      runAfterAward(MODULES, { db: database.db, now, log: app.log, onNoticesQueued: kickBuyerNotices }, awarded),
  };
  // Mini App buttons need HTTPS in Telegram; the emulator stands for its test environment, which takes HTTP.
  const webAppButtons = config.publicUrl.startsWith('https://') || config.telegram.emulated;
  const botUpdateDeps = {
    ...receiptDeps,
    telegram,
    publicUrl: config.publicUrl,
    webAppButtons,
    isFlooding: createFloodGuard({ limit: 12, windowMs: 60_000 }),
    onNoticesQueued: kickBuyerNotices,
    botParts: MODULES.flatMap((module) => module.bot ?? []),
  };
  // A stored update is answered at once by the instance that stored it (a queued job would wait for
  // the queue's worker and the kick's interval: up to a second); the job remains for retries,
  // crashes and other instances (docs/decisions.md, "The bot answers where the update arrived").
  const kickBotUpdatesJob = kick(BOT_UPDATES_JOB);
  const answerHere = drainHere({
    drainBatch: () => processPendingUpdates(botUpdateDeps),
    onError: (error) => app.log.error({ err: error }, 'answering stored bot updates failed; the job will retry'),
    parallel: BOT_DRAINS_HERE,
    // A send that failed waits for its retry: the job, queued now, schedules itself for it.
    afterRun: kickBotUpdatesJob,
  });
  const balanceWatch = { db: database.db, now, publicUrl: config.publicUrl, onMailQueued: kick(MAIL_JOB) };
  const pollers = new BotPollers({ db: database.db, telegram, onStored: answerHere, log: app.log });
  const bots = createBotConnector({
    db: database.db,
    telegram,
    publicUrl: config.publicUrl,
    webAppButtons,
    mode: config.telegram.updates,
    pollers,
    log: app.log,
  });
  const delivery = {
    db: database.db,
    telegram,
    loadOwnImage: (sellerId: number, imageUrl: string) => findOwnUpload({ db: database.db, storage: imageStorage, sellerId, imageUrl }),
    log: app.log,
  };
  // What every module's manifest is handed (module-list.ts).
  const moduleContext: ModuleContext = {
    ...deps,
    publicUrl: config.publicUrl,
    webAppButtons,
    telegram,
    retryBaseMs: config.outbox.retryBaseMs,
    log: app.log,
    onNoticesQueued: kickBuyerNotices,
  };
  const queue = await startJobQueue({
    database,
    log: app.log,
    jobs: [
      // The outbox's retry times are compared with the database's own clock: real time.
      puzzleBotPushJob({ db: database.db, now: realNow, puzzleBot, retryBaseMs: config.outbox.retryBaseMs, log: app.log }),
      subscriptionExpiryJob(database.db, now, app.log),
      balanceWatchJob(balanceWatch, app.log),
      analyticsCatchUpJob(database.db),
      mailingDeliveryJob(delivery),
      mailingResumeJob(delivery),
      mailingSchedulesJob({ ...delivery, now, publicUrl: config.publicUrl, webAppButtons }),
      shopNotificationJob({ db: database.db, puzzleBot, retryBaseMs: config.outbox.retryBaseMs, log: app.log }),
      botUpdatesJob(botUpdateDeps),
      botPollersJob(pollers),
      mailDeliveryJob({ db: database.db, mail, retryBaseMs: config.outbox.retryBaseMs, log: app.log }),
      // The test clock runs the periodic jobs in the module list's order: points' expiry reminders
      // are queued before the notices' job delivers them, in the same run.
      ...MODULES.flatMap((module) => module.jobs?.(moduleContext) ?? []),
    ],
  });
  queueRef = queue;
  // Work a dead instance held (a bot's polling, claimed updates, a mailing, outbox rows, a running
  // job) goes on here within 30 s.
  const watch = heartbeat({
    beat: () =>
      takeOverOrphanedWork({
        db: database.db,
        queue,
        pollers,
        answerUpdatesHere: answerHere,
        outboxes: [
          { job: MAIL_JOB, outbox: mailOutboxTable },
          { job: SHOP_NOTIFY_JOB, outbox: notificationOutbox },
          { job: PUZZLEBOT_PUSH_JOB, outbox: pushOutbox },
          ...MODULES.flatMap((module) => module.outboxes ?? []),
        ],
      }),
    everyMs: WATCH_MS,
    onError: (error) => app.log.warn({ err: error }, 'could not look for work of a stopped instance'),
  });
  // Draining releases the bots polled here and tells the other instances at once (their next job
  // poll, ≈ 2 s), instead of leaving the bots to wait out the poll lease; the watch stops first, so
  // this instance takes over nothing while it drains.
  lifecycle.onDrain('releasing the bots polled here', async () => {
    await watch.stop();
    if ((await pollers.stop()) > 0) await queue.handOver(BOT_POLLERS_JOB);
  });
  lifecycle.reportUnfinished(() => queue.running().map((name) => `job ${name}`));
  app.addHook('onClose', async () => {
    await watch.stop();
    for (const call of kicks) call.cancel();
    await pollers.stop();
    await answerHere.stop();
    await queue.stop({ timeoutMs: config.shutdownGraceMs });
    mail.close();
    await mailCatcher?.close();
  });
  // Mailings interrupted by a stop or a crash go on from where they were; bots are polled again.
  await queue.send(MAILING_RESUME_JOB, { all: true });
  await pollers.superviseAll();
  // Bots connected by an older version get the current setup (update kinds, menu button) once,
  // when the app answers (in demo mode Telegram's emulator is this server).
  lifecycle.onOpen(
    () => void bots.syncOutdated().catch((error: unknown) => app.log.warn({ err: error }, 'could not check the bots’ setup')),
  );
  await app.register(
    async (api) => {
      registerInputGuard(api);
      await api.register(
        systemRoutes({
          health: healthAnswer(config),
          openapi: () => app.swagger(),
          lifecycle,
          pingDatabase: () => database.query('SELECT 1'),
        }),
      );
      await api.register(authRoutes(deps));
      await api.register(accountRoutes({ ...deps, publicUrl: config.publicUrl, onMailQueued: kick(MAIL_JOB) }));
      await api.register(operatorRoutes({ db: database.db, mode: config.mode }));
      await api.register(billingRoutes(deps));
      await api.register(bankInvoiceRoutes({ ...deps, mode: config.mode, receiptTax: config.robokassa.settings.receiptTax }));
      await api.register(actionRoutes({ ...deps, bots }));
      await api.register(
        paymentRoutes({
          ...deps,
          publicUrlOf,
          robokassa: config.robokassa.settings,
          allowClientTestMode: config.robokassa.emulated,
          publicUrl: config.publicUrl,
          log: app.log,
        }),
      );
      await api.register(receiptRoutes(receiptDeps));
      await api.register(botWebhookRoutes({ db: database.db, onStored: answerHere }));
      await api.register(mailingRoutes({ ...deps, ...delivery, publicUrl: config.publicUrl, webAppButtons, queue: mailingQueue(queue) }));
      const shop = {
        ...deps,
        telegram,
        publicUrl: config.publicUrl,
        publicUrlOf,
        sameServerOrigins,
        // An exchange queues the PuzzleBot exchange and the buyer's message (a bot notice).
        onNotificationsQueued: () => {
          kickShopNotifications();
          kickBuyerNotices();
        },
        onShopLinkChanged: (projectId: number) =>
          bots
            .sync(projectId, null)
            .catch((error: unknown) => app.log.warn({ projectId, err: error }, 'could not update the bot for the new shop link')),
      };
      await api.register(shopRoutes(shop));
      await api.register(publicShopRoutes(shop));
      await api.register(buyerRoutes({ ...deps, onNoticesQueued: kickBuyerNotices }));
      for (const module of MODULES) for (const routes of module.routes?.(moduleContext) ?? []) await api.register(routes);
      await api.register(segmentRoutes(deps));
      await api.register(uploadRoutes({ ...deps, storage: imageStorage, publicUrl: config.publicUrl, publicUrlOf }));

      await api.register(analyticsRoutes(deps));
      await api.register(exportRoutes(deps));
      if (taxStore) await api.register(demoReceiptRoutes({ ...deps, store: taxStore }));
      if (config.adminToken) {
        await api.register(
          adminRoutes({
            ...deps,
            adminToken: config.adminToken,
            watchBalances: () => watchBalances(balanceWatch),
            rotateSecrets: () => rotateSecrets(database, keyring),
            imageStores,
          }),
          {
            prefix: '/admin',
          },
        );
      }
    },
    { prefix: API_BASE },
  );

  await app.register(uploadServingRoutes({ db: database.db, storage: imageStorage }), { prefix: UPLOADS_BASE });
  if (config.metricsToken) await app.register(metricsRoutes({ metrics, token: config.metricsToken }));

  // Demo mode: stand-ins for external services, reached through the same clients as in production.
  if (config.robokassa.emulated) {
    await app.register(
      robokassaEmulator({
        settings: config.robokassa.settings,
        resultUrl: `${config.internalUrl}${API_BASE}${ROBOKASSA_PATHS.result}`,
        // Without PUBLIC_URL the browser returns to the address it paid at (the checkout is this server).
        successUrl: `${config.publicUrlFollowsRequest ? '' : config.publicUrl}${API_BASE}${ROBOKASSA_PATHS.success}`,
        failUrl: `${config.publicUrlFollowsRequest ? '' : config.publicUrl}${API_BASE}${ROBOKASSA_PATHS.fail}`,
      }),
      { prefix: '/__emulators/payments' },
    );
  }

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
  if (mailCatcher) await app.register(mailEmulator(mailCatcher), { prefix: '/__emulators/mail' });

  await registerWebApp(app, config.webDistDir);
  return app;
}
