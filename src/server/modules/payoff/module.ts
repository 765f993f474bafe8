import type { ModuleManifest } from '../../platform/manifest.js';
import { payoffFoldJob } from './fold-job.js';
import { payoffInvariants } from './invariants.js';
import { payoffRoutes } from './routes.js';

/** «Окупаемость»: the marketplaces' sales beside the accepted receipts, and what the programme costs and owes. */
export const payoffModule: ModuleManifest = {
  name: 'payoff',
  routes: (context) => [payoffRoutes(context)],
  jobs: (context) => [payoffFoldJob(context.db)],
  invariants: payoffInvariants,
};
