import type { FastifyBaseLogger } from 'fastify';
import { deliverDuePushes, type OutboxDeps } from '../modules/receipts/puzzlebot-sync.js';

/** Delivers the PuzzleBot outbox in the background; a failed round is retried at the next tick. */
export function startPuzzleBotPushes(deps: OutboxDeps, pollMs: number, log: FastifyBaseLogger): () => void {
  const lastSentByToken = new Map<string, number>();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDuePushes(deps, lastSentByToken)
      .catch((error: unknown) => log.error({ err: error }, 'PuzzleBot outbox round failed'))
      .finally(() => {
        running = false;
      });
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
