import { z } from './zod-setup.js';
import { errorResponseSchema } from './errors.js';
import { fillMessage, messages } from './messages.js';

// The demo test clock (`/__emulators/clock`, demo mode only): moves the server's time forward and
// runs every periodic job once, like Stripe's test clocks.

/** One advance moves the clock by at most ten years (365-day years: the rules count days, not calendar years). */
export const CLOCK_MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 60 * 60;

const advanceInvalid = fillMessage(messages.clock.advanceInvalid, { max: String(CLOCK_MAX_ADVANCE_SECONDS) });

export const advanceClockSchema = z.object(
  {
    advance_seconds: z
      .number({ error: advanceInvalid })
      .int(advanceInvalid)
      .min(1, advanceInvalid)
      .max(CLOCK_MAX_ADVANCE_SECONDS, advanceInvalid),
  },
  { error: advanceInvalid },
);

export const clockStateSchema = z.object({
  offset_seconds: z.number().int(),
  /** The server's time as the rules read it, ISO 8601. */
  now: z.string(),
});

export const clockAdvancedSchema = clockStateSchema.extend({
  /** The periodic jobs run once after the move, in the order they ran. */
  ran: z.array(z.string()),
});

/** A failed periodic job names itself (`job`); any other failure answers the message alone. */
export const clockFailedSchema = errorResponseSchema.extend({ job: z.string().optional() });
