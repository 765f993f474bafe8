/**
 * Renews a lease while work runs: `beat` every `everyMs` (never two at once), so leases can be a
 * few seconds long and work a dead instance held is free again soon, while a slow send or check
 * on a live one keeps its rows. The timer does not keep the process alive.
 */
export interface Heartbeat {
  /** Ends the beats and waits for one in progress. */
  stop(): Promise<void>;
}

export function heartbeat(options: { beat: () => Promise<void>; everyMs: number; onError: (error: unknown) => void }): Heartbeat {
  let beating: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (beating) return;
    beating = options
      .beat()
      .catch(options.onError)
      .finally(() => (beating = undefined));
  }, options.everyMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}
