export interface ThrottledCall {
  (): void;
  /** Drops a run still waiting for the end of its interval (the instance is stopping). */
  cancel(): void;
}

/**
 * Runs `action` at once on a call, then at most once per `intervalMs`: the calls made inside an
 * interval become one run at its end. A call per checked receipt or stored update becomes at
 * most one run per interval, and none is lost. The timer does not keep the process alive.
 */
export function throttle(intervalMs: number, action: () => void): ThrottledCall {
  let timer: NodeJS.Timeout | undefined;
  let calledMeanwhile = false;
  const run = () => {
    action();
    timer = setTimeout(() => {
      timer = undefined;
      if (calledMeanwhile) {
        calledMeanwhile = false;
        run();
      }
    }, intervalMs).unref();
  };
  const call = (() => {
    if (timer) calledMeanwhile = true;
    else run();
  }) as ThrottledCall;
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    calledMeanwhile = false;
  };
  return call;
}
