import { deliverDuePushes, MIN_GAP_PER_TOKEN_MS, nextPushDueAt, type OutboxDeps } from './puzzlebot-sync.js';
import { drainJob } from '../../platform/drain-job.js';
import type { JobDefinition } from '../../platform/job.js';

export const PUZZLEBOT_PUSH_JOB = 'puzzlebot-push';

/** Delivers the PuzzleBot outbox that receipts' transactions write; failed pushes keep their own retry time. */
export function puzzleBotPushJob(deps: OutboxDeps): JobDefinition {
  // PuzzleBot's per-token pace is kept per instance; jobs of one queue run one at a time on an instance.
  const lastSentByToken = new Map<string, number>();
  return drainJob({
    name: PUZZLEBOT_PUSH_JOB,
    drainBatch: () => deliverDuePushes(deps, lastSentByToken),
    nextDueAt: () => nextPushDueAt(deps.db),
    minWaitMs: MIN_GAP_PER_TOKEN_MS,
  });
}
