import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.js';
import { expireSubscriptions } from '../modules/actions/service.js';

const EVERY_MS = 60_000;

/**
 * Ends subscriptions that are over, once a minute. The sweep is an idempotent UPDATE, so
 * several instances may run it at once without a job queue; reads run it too (per seller),
 * so a seller never sees a stale "active" between sweeps.
 */
export function startSubscriptionExpiry(db: Db, now: () => Date, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    expireSubscriptions(db, now()).then(
      (count) => count > 0 && log.info({ count }, 'action subscriptions ended'),
      (error: unknown) => log.error({ err: error }, 'subscription expiry failed'),
    );
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
