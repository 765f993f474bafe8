import type { ModuleManifest } from '../../platform/manifest.js';
import { authRoutes } from './routes.js';

/** Sign-up, sign-in, sessions. */
export const authModule: ModuleManifest = {
  name: 'auth',
  routes: (context) => [authRoutes(context)],
};
