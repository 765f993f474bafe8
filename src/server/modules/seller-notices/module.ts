import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { MAIL_JOB } from '../mail/delivery-job.js';
import type { NoticeDeliveryDeps } from './delivery.js';
import { noticeDeliveryJob, notifyBotJob } from './jobs.js';
import { SELLER_NOTICES_JOB, sellerNoticesOutbox } from './outbox.js';
import { installDemoNotifyBot } from './repository.js';
import { sellerNoticeRoutes } from './routes.js';
import { pollNotifyBot } from './service.js';

/**
 * The demo's notification bot, when the operator set none: the Telegram emulator takes any
 * well-formed token, and the profile's link opens its demo chat.
 */
const DEMO_NOTIFY_BOT_TOKEN = '7000000001:DemoNotifyBotTokenScanAppEmulator01';

const deliveryDeps = (context: ModuleContext): NoticeDeliveryDeps => ({ ...context, onMailQueued: context.wake(MAIL_JOB) });

/**
 * What ScanApp tells a seller about their business, by e-mail and in Telegram: the profile's
 * switches, the Telegram link through the operator's notification bot, the notices' outbox and its
 * delivery. The modules that notice an event queue it (`queueSellerNotice`) and wake the job.
 */
export const sellerNoticesModule: ModuleManifest = {
  name: 'seller-notices',
  routes: (context) => [sellerNoticeRoutes({ ...context, demo: context.config.mode === 'demo' })],
  jobs: (context) => [noticeDeliveryJob(deliveryDeps(context)), notifyBotJob(context)],
  outboxes: [{ job: SELLER_NOTICES_JOB, outbox: sellerNoticesOutbox }],
  async watch(context) {
    // Telegram unreachable for a moment is the next look's business, not the watch's failure.
    await pollNotifyBot(context).catch((error: unknown) => context.log.warn({ err: error }, 'reading the notification bot failed'));
  },
  async start(context) {
    if (context.config.mode === 'demo') await installDemoNotifyBot(context.db, DEMO_NOTIFY_BOT_TOKEN);
  },
};
