import { WATCH_MS } from '../../platform/job.js';
import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { ownImageLoader } from '../uploads/module.js';
import { MAILING_IDLE_MS, MAILING_RESUME_JOB, mailingDeliveryJob, mailingQueue, mailingResumeJob } from './delivery-job.js';
import { mailingConsentFeature } from './bot.js';
import { mailingLinkRoutes } from './link-routes.js';
import { MAILING_LINK_PREFIX } from './links.js';
import { mailingInvariants } from './invariants.js';
import { registerMailingMetrics } from './metrics.js';
import { listSendingMailingIds } from './repository.js';
import { mailingRoutes } from './routes.js';
import { mailingSchedulesJob } from './schedules-job.js';

const deliveryDeps = (context: ModuleContext) => ({
  db: context.db,
  telegram: context.telegram,
  loadOwnImage: ownImageLoader(context),
  log: context.log,
  publicUrl: context.publicUrl,
  segmentBatch: context.config.mailing.segmentBatch,
  segmentConditions: context.segmentConditions,
});

/** Mailings: sent now or on a schedule, paced and resumable. */
export const mailingModule: ModuleManifest = {
  name: 'mailing',
  routes: (context) => [mailingRoutes({ ...context, ...deliveryDeps(context), queue: mailingQueue(context.queue) })],
  rootRoutes: (context) => [{ plugin: mailingLinkRoutes(context), prefix: MAILING_LINK_PREFIX }],
  jobs: (context) => [
    mailingDeliveryJob(deliveryDeps(context)),
    mailingResumeJob(deliveryDeps(context)),
    mailingSchedulesJob({ ...context, ...deliveryDeps(context) }),
  ],
  // A mailing nobody has sent to for a while belonged to an instance that died: it goes on here.
  async watch({ db, queue }) {
    if ((await listSendingMailingIds(db, MAILING_IDLE_MS)).length > 0) await queue.sendDebounced(MAILING_RESUME_JOB, WATCH_MS / 1000);
  },
  // Mailings interrupted by a stop or a crash go on from where they were.
  async start({ queue }) {
    await queue.send(MAILING_RESUME_JOB, { all: true });
  },
  bot: [mailingConsentFeature],
  invariants: mailingInvariants,
  metrics: registerMailingMetrics,
};
