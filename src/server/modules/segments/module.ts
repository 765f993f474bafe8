import type { ModuleManifest } from '../../platform/manifest.js';
import { segmentInvariants } from './invariants.js';
import { segmentRoutes } from './routes.js';

/** Saved groups of an action's shoppers. */
export const segmentsModule: ModuleManifest = {
  name: 'segments',
  routes: (context) => [segmentRoutes(context)],
  invariants: segmentInvariants,
};
