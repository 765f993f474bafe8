import type { ModuleManifest } from '../../platform/manifest.js';
import { operatorRoutes } from './routes.js';

/** The operator's details for the public pages. */
export const operatorModule: ModuleManifest = {
  name: 'operator',
  routes: (context) => [operatorRoutes({ db: context.db, mode: context.config.mode })],
};
