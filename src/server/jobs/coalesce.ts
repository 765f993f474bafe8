export interface CoalescedCall {
  (): void;
  /** Drops a pending run (the instance is stopping). */
  cancel(): void;
}

/**
 * Runs `action` once, `delayMs` after the first call of a burst: a call per checked receipt
 * becomes at most one run per `delayMs`. The timer does not keep the process alive.
 */
export function coalesce(delayMs: number, action: () => void): CoalescedCall {
  let timer: NodeJS.Timeout | undefined;
  const call = (() => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      action();
    }, delayMs).unref();
  }) as CoalescedCall;
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
