import type { ModuleManifest } from '../../platform/manifest.js';
import { authRoutes } from './routes.js';
import { authenticateFirst } from './session.js';

/** Sign-up, sign-in, sessions. */
export const authModule: ModuleManifest = {
  name: 'auth',
  apiHooks: (context) => authenticateFirst(context),
  routes: (context) => [authRoutes(context)],
};
