import type { ModuleManifest } from '../../platform/manifest.js';
import { analyticsCatchUpJob } from './catch-up-job.js';
import { analyticsRoutes } from './routes.js';

/** Daily aggregates and the charts' data. */
export const analyticsModule: ModuleManifest = {
  name: 'analytics',
  routes: (context) => [analyticsRoutes(context)],
  jobs: (context) => [analyticsCatchUpJob(context.db)],
};
