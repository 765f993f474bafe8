import type { ModuleManifest } from '../../platform/manifest.js';
import { noticeOutbox } from '../notices/repository.js';
import { BOT_POLLERS_JOB, botPollersJob, botUpdatesJob } from './jobs.js';
import { BUYER_NOTICES_JOB } from '../../platform/manifest.js';
import { buyerNoticesJob } from './notices-job.js';
import { botMenuRoutes } from './menu-routes.js';
import { botWebhookRoutes } from './routes.js';
import { botRuntimeOf } from './runtime.js';

/**
 * The Telegram adapter: stored updates answered here or by the job, bots polled or called by
 * webhook, and what the modules queued for shoppers outside a conversation delivered. Last in the
 * module list, so the test clock's run of the periodic jobs delivers the reminders and greetings
 * the jobs before it queued.
 */
export const botModule: ModuleManifest = {
  name: 'bot',
  routes: (context) => [botWebhookRoutes({ db: context.db, onStored: botRuntimeOf(context).answerHere }), botMenuRoutes(context)],
  jobs: (context) => [
    botUpdatesJob(botRuntimeOf(context).updateDeps),
    botPollersJob(botRuntimeOf(context).pollers),
    buyerNoticesJob(context),
  ],
  outboxes: [{ job: BUYER_NOTICES_JOB, outbox: noticeOutbox }],
  async watch(context) {
    const { pollers, answerHere } = botRuntimeOf(context);
    // Bots nobody polls are polled here; claims whose drain died are due again once their lease ran out.
    await pollers.superviseAll();
    answerHere();
  },
  async start(context) {
    const { pollers, bots } = botRuntimeOf(context);
    const { lifecycle, queue, log } = context;
    // Draining releases the bots polled here and tells the other instances at once (their next job
    // poll, ≈ 2 s), instead of leaving the bots to wait out the poll lease.
    lifecycle.onDrain('releasing the bots polled here', async () => {
      if ((await pollers.stop()) > 0) await queue.handOver(BOT_POLLERS_JOB);
    });
    await pollers.superviseAll();
    // Bots connected by an older version get the current setup (update kinds, menu button) once,
    // when the app answers (in demo mode Telegram's emulator is this server).
    lifecycle.onOpen(() => void bots.syncOutdated().catch((error: unknown) => log.warn({ err: error }, 'could not check the bots’ setup')));
  },
  async stop(context) {
    const { pollers, answerHere } = botRuntimeOf(context);
    await pollers.stop();
    await answerHere.stop();
  },
};
