import type { BotPollers } from './pollers.js';
import { nextUpdateDueAt } from './repository.js';
import { processPendingUpdates, type UpdateDeps } from './updates.js';
import { drainJob } from '../../platform/drain-job.js';
import type { JobDefinition } from '../../platform/job.js';

export const BOT_UPDATES_JOB = 'bot-updates';
export const BOT_POLLERS_JOB = 'bot-pollers';

/** Answers shoppers' messages to actions' bots (stored by the webhook or the pollers). */
export function botUpdatesJob(deps: UpdateDeps): JobDefinition {
  return drainJob({ name: BOT_UPDATES_JOB, drainBatch: () => processPendingUpdates(deps), nextDueAt: () => nextUpdateDueAt(deps.db) });
}

/** Every minute some instance picks up bots nobody polls (their poller's instance died). */
export function botPollersJob(pollers: BotPollers): JobDefinition {
  return {
    name: BOT_POLLERS_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    async handle() {
      await pollers.superviseAll();
    },
  };
}
