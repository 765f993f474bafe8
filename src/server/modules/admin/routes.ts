import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCreditRequestSchema,
  adminCreditResponseSchema,
  BILLING_SETTING_KEYS,
  settingValueInputSchema,
} from '../../../contract/billing.js';
import { ADMIN_TOKEN_HEADER } from '../../../contract/constants.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { messages } from '../../../contract/messages.js';
import { z } from '../../../contract/zod-setup.js';
import { AppError } from '../../errors.js';
import { findUserByEmail } from '../auth/repository.js';
import { analyticsRebuildResponseSchema } from '../../../contract/analytics.js';
import { rebuildAnalytics } from '../analytics/service.js';
import { OPERATOR_SETTING_KEYS, isOperatorSettingKey } from '../../../contract/operator.js';
import { NOTIFY_BOT_TOKEN_SETTING } from '../../../contract/seller-notices.js';
import { creditByBankTransfer, listAllSettings, updateSetting, type BillingDeps } from '../billing/service.js';
import { listOperatorSettings, removeOperatorSetting, setOperatorSetting } from '../operator/service.js';
import type { ResealCounts } from '../../secrets/at-rest.js';
import { dataFingerprint, verifyInvariants } from './invariants.js';
import type { Invariant } from '../../platform/manifest.js';
import { adminImageMigrationRequestSchema, adminImageMigrationResponseSchema } from '../../../contract/uploads.js';
import { migrateImagesPage } from '../uploads/migrate-images.js';
import type { ImageStores } from '../uploads/stores.js';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

import type { TelegramClient } from '../../integrations/telegram/client.js';
import { notifyBotSetting, removeNotifyBot, setNotifyBotToken } from '../seller-notices/service.js';
/**
 * Operator calls for the CLI (`npm run admin`). Registered only when ADMIN_TOKEN is set;
 * without it these paths do not exist. The token is compared in constant time.
 */
export function adminRoutes(
  deps: BillingDeps & {
    adminToken: string;
    watchBalances: () => Promise<number>;
    imageStores: ImageStores;
    rotateSecrets: () => Promise<ResealCounts>;
    /** Every module's invariants (the module list's). */
    invariants: readonly Invariant[];
    telegram: Pick<TelegramClient, 'getMe'>;
  },
): FastifyPluginAsyncZod {
  const expected = digest(deps.adminToken);
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      const given = request.headers[ADMIN_TOKEN_HEADER];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        request.log.warn({ ip: request.ip }, 'operator call with a wrong token');
        throw new AppError('unauthorized', messages.billing.adminTokenInvalid);
      }
    });

    const schemaBase = { tags: ['operator'], hide: true };

    app.post(
      '/credit',
      {
        schema: {
          ...schemaBase,
          body: adminCreditRequestSchema,
          response: { 200: adminCreditResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const result = await creditByBankTransfer(
          { ...deps, findUserIdByEmail: async (email) => (await findUserByEmail(deps.db, email))?.id },
          request.body,
        );
        request.log.info(
          {
            email: request.body.email,
            rubles: request.body.rubles,
            reference: request.body.reference,
            credited: result.credited,
            invoice: result.invoice,
          },
          'operator credit',
        );
        return result;
      },
    );

    app.post('/analytics/rebuild', { schema: { ...schemaBase, response: { 200: analyticsRebuildResponseSchema } } }, async (request) => {
      const result = await rebuildAnalytics(deps);
      request.log.info({ receipts: result.receipts, ms: result.milliseconds }, 'operator rebuilt analytics');
      return result;
    });

    // The ten-minute balance watch, now (after changing prices, or to check a seller's notices).
    app.post('/balance/watch', { schema: { ...schemaBase, response: { 200: z.object({ told: z.number().int() }) } } }, async () => ({
      told: await deps.watchBalances(),
    }));

    // `uploads:migrate`: one page of images copied into another store while the app keeps serving.
    app.post(
      '/uploads/migrate',
      {
        schema: {
          ...schemaBase,
          body: adminImageMigrationRequestSchema,
          response: { 200: adminImageMigrationResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const { to, after_id: afterId, limit } = request.body;
        const page = await migrateImagesPage({ db: deps.db, stores: deps.imageStores, to, afterId, limit });
        const { nextAfterId, ...counts } = page;
        return { ...counts, next_after_id: nextAfterId };
      },
    );

    // After SECRETS_KEY changed (the old one in SECRETS_KEY_PREVIOUS): every token sealed again under the new key.
    app.post(
      '/secrets/rotate',
      { schema: { ...schemaBase, response: { 200: z.object({ resealed: z.number().int(), skipped: z.number().int() }) } } },
      async (request) => {
        const result = await deps.rotateSecrets();
        request.log.info(result, 'operator re-sealed the secrets under the current key');
        return result;
      },
    );

    // One list and one `settings:set` for every kind of setting: the billing prices (numbers), the
    // operator's details for the public pages (texts, null while unset) and the notification bot's
    // token (sealed at rest, listed as the bot's @username, never shown again).
    const settingKeySchema = z.object({
      key: z.enum([...BILLING_SETTING_KEYS, ...OPERATOR_SETTING_KEYS, NOTIFY_BOT_TOKEN_SETTING], {
        error: messages.operator.unknownSetting,
      }),
    });
    const settingValue = z.union([z.number(), z.string()]);

    app.get(
      '/settings',
      { schema: { ...schemaBase, response: { 200: z.record(z.string(), z.object({ value: settingValue.nullable() })) } } },
      async () => {
        const operator = await listOperatorSettings(deps.db);
        return {
          ...(await listAllSettings(deps.db)),
          ...Object.fromEntries(Object.entries(operator).map(([key, value]) => [key, { value }])),
          [NOTIFY_BOT_TOKEN_SETTING]: { value: await notifyBotSetting(deps.db) },
        };
      },
    );

    app.put(
      '/settings/:key',
      {
        schema: {
          ...schemaBase,
          params: settingKeySchema,
          body: z.object({ value: settingValue.refine((value) => value !== '', messages.operator.valueRequired) }),
          response: { 200: z.object({ message: z.string(), key: z.string(), value: settingValue }), 400: errorResponseSchema },
        },
      },
      async (request) => {
        const { key } = request.params;
        if (key === NOTIFY_BOT_TOKEN_SETTING) {
          const bot = await setNotifyBotToken(deps, String(request.body.value));
          request.log.info({ key, bot }, 'operator set the notification bot');
          return { message: messages.billing.settingSaved, key, value: bot };
        }
        if (isOperatorSettingKey(key)) {
          const value = await setOperatorSetting(deps, key, request.body.value);
          request.log.info({ key }, 'operator changed a public detail');
          return { message: messages.billing.settingSaved, key, value };
        }
        const price = settingValueInputSchema.safeParse(request.body.value);
        if (!price.success) throw new AppError('bad_request', messages.billing.settingValueInvalid);
        await updateSetting(deps, key, price.data);
        request.log.info({ key, value: price.data }, 'operator changed a billing setting');
        return { message: messages.billing.settingSaved, key, value: price.data };
      },
    );

    app.delete(
      '/settings/:key',
      {
        schema: {
          ...schemaBase,
          params: settingKeySchema,
          response: { 200: z.object({ message: z.string(), key: z.string() }), 400: errorResponseSchema },
        },
      },
      async (request) => {
        const { key } = request.params;
        if (key === NOTIFY_BOT_TOKEN_SETTING) {
          await removeNotifyBot(deps.db);
          request.log.info({ key }, 'operator removed the notification bot');
          return { message: messages.operator.settingRemoved, key };
        }
        // Prices always have a value (SPEC §9 defaults); only a public detail can be unset.
        if (!isOperatorSettingKey(key)) throw new AppError('bad_request', messages.operator.notRemovable);
        await removeOperatorSetting(deps.db, key);
        request.log.info({ key }, 'operator removed a public detail');
        return { message: messages.operator.settingRemoved, key };
      },
    );

    app.get(
      '/verify',
      {
        schema: {
          ...schemaBase,
          response: {
            200: z.object({ checks: z.array(z.string()), violations: z.array(z.object({ check: z.string(), detail: z.string() })) }),
          },
        },
      },
      async (request) => {
        const result = await verifyInvariants(deps.db, deps.invariants);
        if (result.violations.length > 0) request.log.error({ violations: result.violations.length }, 'data invariants violated');
        return result;
      },
    );

    app.get(
      '/fingerprint',
      { schema: { ...schemaBase, response: { 200: z.object({ tables: z.record(z.string(), z.string()) }) } } },
      async () => ({
        tables: await dataFingerprint(deps.db),
      }),
    );
  };
}
