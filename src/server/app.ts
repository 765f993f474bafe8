import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '../contract/constants.js';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { handleClientError, handleError } from './http/errors.js';
import { registerInputGuard } from './http/input-guard.js';
import { safeLoggerOptions } from './http/log-safety.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { actionRoutes } from './modules/actions/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { paymentRoutes, ROBOKASSA_PATHS } from './modules/payments/routes.js';
import { robokassaEmulator } from './integrations/robokassa/emulator.js';
import { startSubscriptionExpiry } from './jobs/subscription-expiry.js';
import { startPuzzleBotPushes } from './jobs/puzzlebot-push.js';
import { createPuzzleBotClient } from './integrations/puzzlebot/client.js';
import { puzzleBotEmulator } from './integrations/puzzlebot/emulator.js';
import { createTaxClient } from './integrations/tax/client.js';
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

export async function buildApp({ config, database, now = () => new Date() }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: safeLoggerOptions(config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // The router's own refusals (malformed or over-long URL) and broken HTTP answer like any API error.
    frameworkErrors: handleError,
    clientErrorHandler: handleClientError,
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

  const deps = { db: database.db, now, sessionTtlMs: config.sessionTtlMs };
  const tax = createTaxClient(config.tax);
  const puzzleBot = createPuzzleBotClient(config.puzzleBot);
  const taxStore = config.tax.emulated ? new TaxEmulatorStore() : undefined;
  await app.register(
    async (api) => {
      registerInputGuard(api);
      await api.register(systemRoutes({ mode: config.mode, openapi: () => app.swagger() }));
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
      await api.register(receiptRoutes({ ...deps, tax, log: app.log }));
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

  const stopPushes = startPuzzleBotPushes({ db: database.db, now, puzzleBot, retryBaseMs: config.outbox.retryBaseMs, log: app.log }, config.outbox.pollMs, app.log);
  app.addHook('onClose', async () => stopPushes());

  const stopExpiry = startSubscriptionExpiry(database.db, now, app.log);
  app.addHook('onClose', async () => stopExpiry());

  await registerWebApp(app, config.webDistDir);
  return app;
}
