import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { MAIL_JOB } from '../mail/delivery-job.js';
import type { NoticeDeliveryDeps } from './delivery.js';
import { dailyDigestJob, noticeDeliveryJob, notifyBotJob } from './jobs.js';
import { SELLER_NOTICES_JOB, sellerNoticesOutbox } from './outbox.js';
import { sellerNoticeRoutes } from './routes.js';
import { pollNotifyBot } from './service.js';

const demoOf = (context: ModuleContext) => context.config.mode === 'demo';
const deliveryDeps = (context: ModuleContext): NoticeDeliveryDeps => ({
  ...context,
  demo: demoOf(context),
  onMailQueued: context.wake(MAIL_JOB),
});

/**
 * What ScanApp tells a seller about their business, by e-mail and in Telegram: the profile's
 * switches, the Telegram link through the operator's notification bot, the notices' outbox and its
 * delivery. The modules that notice an event queue it (`queueSellerNotice`) and wake the job.
 */
export const sellerNoticesModule: ModuleManifest = {
  name: 'seller-notices',
  routes: (context) => [sellerNoticeRoutes({ ...context, demo: demoOf(context) })],
  jobs: (context) => [
    noticeDeliveryJob(deliveryDeps(context)),
    notifyBotJob({ ...context, demo: demoOf(context) }),
    dailyDigestJob({ ...context, onQueued: context.wake(SELLER_NOTICES_JOB) }),
  ],
  outboxes: [{ job: SELLER_NOTICES_JOB, outbox: sellerNoticesOutbox }],
  async watch(context) {
    // Telegram unreachable for a moment is the next look's business, not the watch's failure.
    await pollNotifyBot({ ...context, demo: demoOf(context) }).catch((error: unknown) =>
      context.log.warn({ err: error }, 'reading the notification bot failed'),
    );
  },
};
