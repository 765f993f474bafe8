import { OZON_EMULATOR_PREFIX, WILDBERRIES_EMULATOR_PREFIX } from '../../config.js';
import { createOzonClient } from '../../integrations/ozon/client.js';
import { OzonEmulatorStore, ozonEmulator } from '../../integrations/ozon/emulator.js';
import { createWildberriesClient } from '../../integrations/wildberries/client.js';
import { WildberriesEmulatorStore, wildberriesEmulator } from '../../integrations/wildberries/emulator.js';
import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { perContext } from '../../platform/per-context.js';
import type { ImportDeps } from './import.js';
import { marketplaceImportJob, marketplaceImportsJob } from './job.js';
import { marketplaceRoutes } from './routes.js';

const importDepsOf = perContext((context: ModuleContext): ImportDeps => ({
  db: context.db,
  now: context.now,
  realNow: context.realNow,
  queue: context.queue,
  log: context.log,
  clients: {
    wildberries: createWildberriesClient(context.config.marketplaces.wildberries),
    ozon: createOzonClient(context.config.marketplaces.ozon),
  },
}));

/** The seller's marketplace accounts and the import of their sales; in demo mode the marketplaces' emulators. */
export const marketplacesModule: ModuleManifest = {
  name: 'marketplaces',
  routes: (context) => [marketplaceRoutes({ ...context, ...importDepsOf(context) })],
  rootRoutes: ({ config, now }) => [
    ...(config.marketplaces.wildberries.emulated
      ? [{ plugin: wildberriesEmulator({ now, store: new WildberriesEmulatorStore() }), prefix: WILDBERRIES_EMULATOR_PREFIX }]
      : []),
    ...(config.marketplaces.ozon.emulated
      ? [{ plugin: ozonEmulator({ now, store: new OzonEmulatorStore() }), prefix: OZON_EMULATOR_PREFIX }]
      : []),
  ],
  jobs: (context) => [marketplaceImportJob(importDepsOf(context)), marketplaceImportsJob(importDepsOf(context))],
};
