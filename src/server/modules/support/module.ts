import type { ModuleManifest } from '../../platform/manifest.js';
import { supportFeature } from './dialog.js';
import { supportRoutes } from './routes.js';
import { supportWaitingJob } from './waiting-job.js';

/** «Написать в поддержку» in the bot and «Сообщения» in the cabinet: one thread per shopper and action. */
export const supportModule: ModuleManifest = {
  name: 'support',
  routes: (context) => [supportRoutes(context)],
  jobs: (context) => [supportWaitingJob(context)],
  bot: [supportFeature],
};
