import type { ModuleContext, ModuleManifest } from '../../platform/manifest.js';
import { perContext } from '../../platform/per-context.js';
import { ANALYTICS_CATCH_UP_JOB } from '../analytics/catch-up-job.js';
import { BALANCE_WATCH_JOB } from '../billing/balance-watch-job.js';
import { SELLER_NOTICES_JOB } from '../seller-notices/outbox.js';
import { receiptsInvariants } from './invariants.js';
import { receiptChecksOf } from './metrics.js';
import { PUZZLEBOT_PUSH_JOB, puzzleBotPushJob } from './puzzlebot-push-job.js';
import { pushOutbox } from './puzzlebot-sync.js';
import { receiptRoutes } from './routes.js';
import type { ReceiptDeps } from './service.js';

/** Receipts are counted into the analytics at most this often per instance (reads count them at once). */
const ANALYTICS_CATCH_UP_INTERVAL_MS = 2_000;

/** What a receipt's check needs, the same for POST /check and the bot. */
export const receiptDepsOf = perContext((context: ModuleContext): ReceiptDeps => {
  const checks = receiptChecksOf(context);
  return {
    ...context,
    onChecked: (status) => checks.inc({ verdict: status }),
    onPuzzleBotPushQueued: context.wake(PUZZLEBOT_PUSH_JOB),
    // Analytics count receipts in batches after their checks.
    onReceiptWritten: context.wake(ANALYTICS_CATCH_UP_JOB, ANALYTICS_CATCH_UP_INTERVAL_MS),
    // The seller hears within seconds that the actions stopped, not at the next ten-minute watch
    // (one watch per five seconds at most, however many receipts are refused meanwhile).
    onSellerCannotPay: context.wake(BALANCE_WATCH_JOB, 5_000),
    onAwarded: context.afterAward,
    onSellerNoticesQueued: context.wake(SELLER_NOTICES_JOB),
  };
});

/** Receipt checks (POST /check), the history, and the PuzzleBot points push. */
export const receiptsModule: ModuleManifest = {
  name: 'receipts',
  routes: (context) => [receiptRoutes({ ...context, ...receiptDepsOf(context) })],
  // The outbox's retry times are compared with the database's own clock: real time.
  jobs: (context) => [puzzleBotPushJob({ ...context, now: context.realNow })],
  outboxes: [{ job: PUZZLEBOT_PUSH_JOB, outbox: pushOutbox }],
  invariants: receiptsInvariants,
  metrics: (context) => void receiptChecksOf(context),
};
