import { deliverDuePushes, MIN_GAP_PER_TOKEN_MS, nextPushDueAt, type OutboxDeps } from '../modules/receipts/puzzlebot-sync.js';
import type { JobDefinition } from './queue.js';

export const PUZZLEBOT_PUSH_JOB = 'puzzlebot-push';

/**
 * Delivers the PuzzleBot outbox. A receipt's transaction writes the outbox row; the check then
 * queues this job (debounced), and a minute cron catches anything a crash left between the two.
 * Failed pushes keep their own retry time in the outbox; the job queues itself for the earliest.
 */
export function puzzleBotPushJob(deps: OutboxDeps): JobDefinition {
  // PuzzleBot's per-token pace is kept per instance; jobs on one instance run one at a time.
  const lastSentByToken = new Map<string, number>();
  return {
    name: PUZZLEBOT_PUSH_JOB,
    cron: '* * * * *',
    retryLimit: 2,
    expireInSeconds: 5 * 60,
    async handle(_data, { signal, queue }) {
      let sent: number;
      do sent = await deliverDuePushes(deps, lastSentByToken);
      while (sent > 0 && !signal.aborted);
      const next = await nextPushDueAt(deps.db);
      if (!next) return;
      // Rows still due now are waiting for their bot's pace: look again in a second.
      const soonest = new Date(Date.now() + MIN_GAP_PER_TOKEN_MS);
      await queue.send(PUZZLEBOT_PUSH_JOB, {}, { startAfter: next > soonest ? next : soonest });
    },
  };
}
