import type { ModuleManifest } from '../../platform/manifest.js';
import { apiKeyRoutes } from './routes.js';

/** A seller's API keys (scoped, shown once, stored hashed); the API they open is modules/public-api. */
export const apiKeysModule: ModuleManifest = {
  name: 'api-keys',
  routes: (context) => [apiKeyRoutes({ ...context, demo: context.config.mode === 'demo' })],
};
