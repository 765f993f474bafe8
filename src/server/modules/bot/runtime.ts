import type { ModuleContext } from '../../platform/manifest.js';
import { perContext } from '../../platform/per-context.js';
import { receiptDepsOf } from '../receipts/module.js';
import { createBotConnector } from './connection.js';
import { drainHere } from './drain-here.js';
import { createFloodGuard } from './flood-guard.js';
import { BOT_UPDATES_JOB } from './jobs.js';
import { BotPollers } from './pollers.js';
import { processPendingUpdates, type UpdateDeps } from './updates.js';

/**
 * Parallel drains of stored bot updates per instance: one waiting for the tax service or Telegram
 * does not hold up the others. More only queue for the same cores (docs/benchmarks.md, the bot).
 */
export const BOT_DRAINS_HERE = 3;

/** The Telegram adapter of one app: what answers stored updates, the pollers, the bots' connection with Telegram. */
export const botRuntimeOf = perContext((context: ModuleContext) => {
  const { db, telegram, publicUrl, webAppButtons, log } = context;
  const updateDeps: UpdateDeps = {
    ...receiptDepsOf(context),
    telegram,
    publicUrl,
    webAppButtons,
    isFlooding: createFloodGuard({ limit: 12, windowMs: 60_000 }),
    onNoticesQueued: context.onNoticesQueued,
    botParts: context.botParts,
  };
  // A stored update is answered at once by the instance that stored it (a queued job would wait for
  // the queue's worker and the wake-up's interval: up to a second); the job remains for retries,
  // crashes and other instances (docs/decisions.md, "The bot answers where the update arrived").
  const answerHere = drainHere({
    drainBatch: () => processPendingUpdates(updateDeps),
    onError: (error) => log.error({ err: error }, 'answering stored bot updates failed; the job will retry'),
    parallel: BOT_DRAINS_HERE,
    // A send that failed waits for its retry: the job, queued now, schedules itself for it.
    afterRun: context.wake(BOT_UPDATES_JOB),
  });
  const pollers = new BotPollers({ db, telegram, onStored: answerHere, log });
  const bots = createBotConnector({ db, telegram, publicUrl, webAppButtons, mode: context.config.telegram.updates, pollers, log });
  return { updateDeps, answerHere, pollers, bots };
});
