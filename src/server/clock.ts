/**
 * The product's one clock. Every rule that decides by time (a receipt's age, a subscription's end,
 * expiry, reminders, the periodic jobs' "now") reads `now()`. In demo mode `POST /__emulators/clock`
 * moves it forward, like Stripe's test clocks, so a month of a loyalty programme can be shown in
 * seconds; in production it is real time and cannot move.
 */
export interface Clock {
  /** Real time plus the offset: what the rules call "now". Safe to pass on as a bare function. */
  readonly now: () => Date;
  readonly offsetSeconds: number;
  /** Moves the clock forward; a clock that cannot move (production) throws. */
  advance(seconds: number): void;
  /** Back to real time. */
  reset(): void;
}

export function createClock(options: { movable: boolean; base?: () => Date }): Clock {
  const base = options.base ?? (() => new Date());
  let offsetSeconds = 0;
  return {
    now: () => (offsetSeconds === 0 ? base() : new Date(base().getTime() + offsetSeconds * 1000)),
    get offsetSeconds() {
      return offsetSeconds;
    },
    advance(seconds) {
      if (!options.movable) throw new Error('the clock moves only in demo mode');
      if (!Number.isSafeInteger(seconds) || seconds <= 0) throw new Error(`cannot advance the clock by ${seconds} s`);
      offsetSeconds += seconds;
    },
    reset() {
      offsetSeconds = 0;
    },
  };
}
