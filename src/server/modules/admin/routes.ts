import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCreditRequestSchema,
  adminCreditResponseSchema,
  adminSettingUpdateSchema,
  adminSettingsResponseSchema,
  BILLING_SETTING_KEYS,
} from '../../../contract/billing.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { messages } from '../../../contract/messages.js';
import { z } from '../../../contract/zod-setup.js';
import { AppError } from '../../http/errors.js';
import { findUserByEmail } from '../auth/repository.js';
import { analyticsRebuildResponseSchema } from '../../../contract/analytics.js';
import { rebuildAnalytics } from '../analytics/service.js';
import { creditByBankTransfer, listAllSettings, updateSetting, type BillingDeps } from '../billing/service.js';

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Operator calls for the CLI (`npm run admin`). Registered only when ADMIN_TOKEN is set;
 * without it these paths do not exist. The token is compared in constant time.
 */
export function adminRoutes(deps: BillingDeps & { adminToken: string }): FastifyPluginAsyncZod {
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
      { schema: { ...schemaBase, body: adminCreditRequestSchema, response: { 200: adminCreditResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema } } },
      async (request) => {
        const result = await creditByBankTransfer(
          { ...deps, findUserIdByEmail: async (email) => (await findUserByEmail(deps.db, email))?.id },
          request.body,
        );
        request.log.info({ email: request.body.email, rubles: request.body.rubles, reference: request.body.reference, credited: result.credited }, 'operator credit');
        return result;
      },
    );

    app.post('/analytics/rebuild', { schema: { ...schemaBase, response: { 200: analyticsRebuildResponseSchema } } }, async (request) => {
      const result = await rebuildAnalytics(deps);
      request.log.info({ receipts: result.receipts, ms: result.milliseconds }, 'operator rebuilt analytics');
      return result;
    });

    app.get('/settings', { schema: { ...schemaBase, response: { 200: adminSettingsResponseSchema } } }, async () => listAllSettings(deps.db));

    app.put(
      '/settings/:key',
      {
        schema: {
          ...schemaBase,
          params: z.object({ key: z.enum(BILLING_SETTING_KEYS, { error: messages.billing.unknownSetting }) }),
          body: adminSettingUpdateSchema,
          response: { 200: z.object({ message: z.string(), key: z.string(), value: z.number() }), 400: errorResponseSchema },
        },
      },
      async (request) => {
        await updateSetting(deps, request.params.key, request.body.value);
        request.log.info({ key: request.params.key, value: request.body.value }, 'operator changed a billing setting');
        return { message: messages.billing.settingSaved, key: request.params.key, value: request.body.value };
      },
    );
  };
}
