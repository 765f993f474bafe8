import type { ModuleManifest } from '../../platform/manifest.js';
import { rotateSecrets } from '../../secrets/at-rest.js';
import { watchBalancesNow } from '../billing/module.js';
import { imageStoresOf } from '../uploads/module.js';
import { adminRoutes } from './routes.js';

/** The operator's calls (`npm run admin`): only with ADMIN_TOKEN; without it these paths do not exist. */
export const adminModule: ModuleManifest = {
  name: 'admin',
  routes: (context) => {
    const { adminToken } = context.config;
    if (!adminToken) return [];
    const routes = adminRoutes({
      ...context,
      adminToken,
      watchBalances: watchBalancesNow(context),
      rotateSecrets: () => rotateSecrets(context.database, context.keyring),
      imageStores: imageStoresOf(context),
      invariants: context.invariants,
    });
    return [{ plugin: routes, prefix: '/admin' }];
  },
};
