import { startServer } from '../tests/support/server-process.js';

/**
 * A server as production runs its jobs: pg-boss's crons on the real clock beside the work measured
 * (the test servers run periodic jobs only on the demo clock's moves, PERIODIC_JOBS=clock). A bench
 * without them would leave out the upkeep that competes with checks and pages in production, e.g.
 * the minute's analytics catch-up beside a receipts round.
 */
export function startBenchServer(...[env = {}, options]: Parameters<typeof startServer>) {
  return startServer({ PERIODIC_JOBS: '', ...env }, options);
}
