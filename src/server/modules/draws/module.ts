import type { ModuleManifest } from '../../platform/manifest.js';
import { drawsFeature } from './bot.js';
import { drawsCloseJob } from './job.js';
import { drawRoutes } from './routes.js';
import { drawSegmentCondition } from './segment-condition.js';

/** Prize draws: the cabinet's draws, the closing job, the bot's menu button. How a draw is fair: contract/draw-fairness.ts. */
export const drawsModule: ModuleManifest = {
  name: 'draws',
  routes: (context) => [drawRoutes(context)],
  jobs: (context) => [drawsCloseJob(context)],
  bot: [drawsFeature],
  segmentConditions: drawSegmentCondition,
};
