import { createBeaconClient } from '../../integrations/drand/client.js';
import { drandEmulator } from '../../integrations/drand/emulator.js';
import { DRAND_EMULATOR_PREFIX } from '../../integrations/drand/networks.js';
import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { perContext } from '../../platform/per-context.js';
import { drawsFeature } from './bot.js';
import { drawsInvariants } from './invariants.js';
import { DRAWS_CLOSE_JOB, drawsCloseJob } from './job.js';
import { drawRoutes } from './routes.js';
import { drawSegmentCondition } from './segment-condition.js';
import type { DrawCloseDeps } from './service.js';

const drawDeps = perContext((context): DrawCloseDeps & ModuleContext => ({
  ...context,
  beacon: createBeaconClient(context.config.drand),
  log: context.log,
  onDrawClosed: context.wake(DRAWS_CLOSE_JOB),
}));

/**
 * Prize draws: the cabinet's draws, the closing job, the bot's menu button; in demo mode the drand
 * emulator, reached through the same client. How a draw is fair: contract/draw-beacon.ts.
 */
export const drawsModule: ModuleManifest = {
  name: 'draws',
  routes: (context) => [drawRoutes(drawDeps(context))],
  rootRoutes: (context) =>
    context.config.drand.emulated ? [{ plugin: drandEmulator({ now: context.now }), prefix: DRAND_EMULATOR_PREFIX }] : [],
  jobs: (context) => [drawsCloseJob(drawDeps(context))],
  bot: [drawsFeature],
  segmentConditions: drawSegmentCondition,
  invariants: drawsInvariants,
};
