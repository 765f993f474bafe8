import { API_BASE } from '../../../contract/constants.js';
import { ROBOKASSA_PATHS } from '../../../contract/payments.js';
import { robokassaEmulator } from '../../integrations/robokassa/emulator.js';
import type { ModuleManifest } from '../../platform/manifest.js';
import { paymentRoutes } from './routes.js';

/** Card top-ups through Robokassa; in demo mode its emulator, reached through the same client. */
export const paymentsModule: ModuleManifest = {
  name: 'payments',
  routes: ({ config, ...context }) => [
    paymentRoutes({ ...context, robokassa: config.robokassa.settings, allowClientTestMode: config.robokassa.emulated }),
  ],
  rootRoutes: ({ config }) => {
    if (!config.robokassa.emulated) return [];
    // Without PUBLIC_URL the browser returns to the address it paid at (the checkout is this server).
    const back = config.publicUrlFollowsRequest ? '' : config.publicUrl;
    const emulator = robokassaEmulator({
      settings: config.robokassa.settings,
      resultUrl: `${config.internalUrl}${API_BASE}${ROBOKASSA_PATHS.result}`,
      successUrl: `${back}${API_BASE}${ROBOKASSA_PATHS.success}`,
      failUrl: `${back}${API_BASE}${ROBOKASSA_PATHS.fail}`,
    });
    return [{ plugin: emulator, prefix: '/__emulators/payments' }];
  },
};
