/**
 * Drains a table of due work on this instance, at once, whenever new work was stored here: up to
 * `parallel` runs at a time (each claims its own rows), and a call while all run makes one of them
 * look again before it ends, so nothing stored meanwhile waits. The job queue's drain job of the
 * same table stays the safety net (crashes, other instances) and the keeper of retries for later:
 * `afterRun` hands over to it once a run has left rows that are not due yet.
 */
export interface DrainHere {
  (): void;
  /** Lets the runs in progress finish; calls after this do nothing (the instance is stopping). */
  stop(): Promise<void>;
}

export function drainHere(options: {
  /** Handles one batch of due rows; answers how many it handled (0: nothing is due now). */
  drainBatch: () => Promise<number>;
  onError: (error: unknown) => void;
  parallel?: number;
  /** Called when a run ends (also after an error). */
  afterRun?: () => void;
}): DrainHere {
  const { drainBatch, onError, parallel = 1, afterRun } = options;
  const running = new Set<Promise<void>>();
  let calledMeanwhile = false;
  let stopped = false;
  const run = async () => {
    try {
      do {
        calledMeanwhile = false;
        while (!stopped && (await drainBatch()) > 0);
      } while (calledMeanwhile && !stopped);
    } catch (error) {
      onError(error);
    }
    afterRun?.();
  };
  const call = (() => {
    if (stopped) return;
    if (running.size >= parallel) {
      calledMeanwhile = true;
      return;
    }
    const started = run().finally(() => running.delete(started));
    running.add(started);
  }) as DrainHere;
  call.stop = async () => {
    stopped = true;
    await Promise.all(running);
  };
  return call;
}
