import type { ModuleManifest } from '../../platform/manifest.js';
import { botFeatureSettingsRoutes } from './routes.js';

/** The settings-driven bot functions' one object per action: `GET/PUT /projects/{id}/features`. */
export const featureSettingsModule: ModuleManifest = {
  name: 'feature-settings',
  routes: (context) => [botFeatureSettingsRoutes(context)],
};
