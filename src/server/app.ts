import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '../contract/constants.js';
import { TELEGRAM_WEB_APP_SCRIPT, type Config } from './config.js';
import type { Database } from './db/connection.js';
import { handleError } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { actionRoutes } from './modules/actions/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { paymentRoutes, ROBOKASSA_PATHS } from './modules/payments/routes.js';
import { robokassaEmulator } from './integrations/robokassa/emulator.js';
import { mailingDeliveryJob, mailingResumeJob, MAILING_RESUME_JOB } from './jobs/mailing-delivery.js';
import { PUZZLEBOT_PUSH_JOB, puzzleBotPushJob } from './jobs/puzzlebot-push.js';
import { startJobQueue } from './jobs/queue.js';
import { subscriptionExpiryJob } from './jobs/subscription-expiry.js';
import { mailingRoutes } from './modules/mailing/routes.js';
import { SHOP_NOTIFY_JOB, shopNotificationJob } from './jobs/shop-notifications.js';
import { demoShopRoutes } from './modules/shop/demo-routes.js';
import { publicShopRoutes } from './modules/shop/public-routes.js';
import { shopRoutes } from './modules/shop/routes.js';
import { createPuzzleBotClient } from './integrations/puzzlebot/client.js';
import { puzzleBotEmulator } from './integrations/puzzlebot/emulator.js';
import { createTaxClient } from './integrations/tax/client.js';
import { createTelegramClient } from './integrations/telegram/client.js';
import { telegramEmulator, WEB_APP_SCRIPT_PATH } from './integrations/telegram/emulator.js';
import { TaxEmulatorStore, taxEmulator } from './integrations/tax/emulator.js';
import { demoReceiptRoutes } from './modules/receipts/demo-routes.js';
import { buyerRoutes } from './modules/buyers/routes.js';
import { receiptRoutes } from './modules/receipts/routes.js';
import { systemRoutes } from './modules/system/routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  now?: () => Date;
}

/** JSON bodies of the API are small; uploads (later) set their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;
const TELEGRAM_EMULATOR_PREFIX = '/__emulators/telegram';

export async function buildApp({ config, database, now = () => new Date() }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // The API speaks JSON only; plain-text bodies are refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');

  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
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

  // Telegram: one client for every seller's bot (mailings, the points shop, the shoppers' bot).
  const deps = { db: database.db, now, sessionTtlMs: config.sessionTtlMs };
  const tax = createTaxClient(config.tax);
  const puzzleBot = createPuzzleBotClient(config.puzzleBot);
  const taxStore = config.tax.emulated ? new TaxEmulatorStore() : undefined;
  const telegram = createTelegramClient(config.telegram);
  const delivery = { db: database.db, telegram, loadOwnImage: async () => null, log: app.log };
  const queue = await startJobQueue({
    database,
    log: app.log,
    jobs: [
      puzzleBotPushJob({ db: database.db, now, puzzleBot, retryBaseMs: config.outbox.retryBaseMs, log: app.log }),
      subscriptionExpiryJob(database.db, now, app.log),
      mailingDeliveryJob(delivery),
      mailingResumeJob(delivery),
      shopNotificationJob({ db: database.db, puzzleBot, telegram, retryBaseMs: config.outbox.retryBaseMs, log: app.log }),
    ],
  });
  app.addHook('onClose', async () => queue.stop());
  // Mailings interrupted by a stop or a crash go on from where they were.
  await queue.send(MAILING_RESUME_JOB, { all: true });
  await app.register(
    async (api) => {
      // The buyers' shop loads Telegram's Mini App script; in demo mode the emulator's stand-in.
      const telegramWebAppScript = config.telegram.emulated ? `${TELEGRAM_EMULATOR_PREFIX}${WEB_APP_SCRIPT_PATH}` : TELEGRAM_WEB_APP_SCRIPT;
      await api.register(systemRoutes({ mode: config.mode, telegramWebAppScript, openapi: () => app.swagger() }));
      await api.register(authRoutes(deps));
      await api.register(billingRoutes(deps));
      await api.register(actionRoutes(deps));
      await api.register(
        paymentRoutes({
          ...deps,
          robokassa: config.robokassa.settings,
          allowClientTestMode: config.robokassa.emulated,
          publicUrl: config.publicUrl,
          log: app.log,
        }),
      );
      await api.register(
        receiptRoutes({ ...deps, tax, log: app.log, onPuzzleBotPushQueued: () => void queue.sendDebounced(PUZZLEBOT_PUSH_JOB, 1).catch(() => undefined) }),
      );
      await api.register(mailingRoutes({ ...deps, ...delivery, queue }));
      const shop = {
        ...deps,
        telegram,
        publicUrl: config.publicUrl,
        onNotificationsQueued: () => void queue.sendDebounced(SHOP_NOTIFY_JOB, 1).catch(() => undefined),
      };
      await api.register(shopRoutes(shop));
      await api.register(publicShopRoutes(shop));
      if (config.telegram.emulated) await api.register(demoShopRoutes(shop));
      await api.register(buyerRoutes(deps));
      if (taxStore) await api.register(demoReceiptRoutes({ ...deps, store: taxStore }));
      if (config.adminToken) {
        await api.register(adminRoutes({ ...deps, adminToken: config.adminToken }), { prefix: '/admin' });
      }
    },
    { prefix: API_BASE },
  );

  // Demo mode: stand-ins for external services, reached through the same clients as in production.
  if (config.robokassa.emulated) {
    await app.register(
      robokassaEmulator({
        settings: config.robokassa.settings,
        resultUrl: `${config.internalUrl}${API_BASE}${ROBOKASSA_PATHS.result}`,
        successUrl: `${config.publicUrl}${API_BASE}${ROBOKASSA_PATHS.success}`,
        failUrl: `${config.publicUrl}${API_BASE}${ROBOKASSA_PATHS.fail}`,
      }),
      { prefix: '/__emulators/payments' },
    );
  }

  if (taxStore) await app.register(taxEmulator({ token: config.tax.token, store: taxStore }), { prefix: '/__emulators/tax' });
  if (config.puzzleBot.emulated) await app.register(puzzleBotEmulator(), { prefix: '/__emulators/puzzlebot' });
  if (config.telegram.emulated) await app.register(telegramEmulator({ webAppInitDataPath: `${API_BASE}/demo/shop` }), { prefix: TELEGRAM_EMULATOR_PREFIX });

  await registerWebApp(app, config.webDistDir);
  return app;
}
