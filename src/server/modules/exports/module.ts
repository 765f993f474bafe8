import type { ModuleManifest } from '../../platform/manifest.js';
import { exportRoutes } from './routes.js';

/** CSV exports. */
export const exportsModule: ModuleManifest = {
  name: 'exports',
  routes: (context) => [exportRoutes(context)],
};
