import { PUBLIC_API_BASE } from '../../../contract/public-api.js';
import type { ModuleManifest } from '../../platform/manifest.js';
import { idempotencySweepJob } from './idempotency-sweep-job.js';
import { sellerApiRoutes } from './routes.js';

/** The seller API (/api/v1) a seller's API key opens (modules/api-keys). */
export const publicApiModule: ModuleManifest = {
  name: 'public-api',
  rootRoutes: (context) => [{ plugin: sellerApiRoutes(context), prefix: PUBLIC_API_BASE }],
  jobs: (context) => [idempotencySweepJob(context)],
};
