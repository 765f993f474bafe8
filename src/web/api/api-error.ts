import { insufficientFundsResponseSchema } from '../../contract/errors.js';

/** A call the server refused or that never reached it; `message` is ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's parsed JSON body, for structured fields beside `message` (e.g. a 402's `shortfall`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** How many rubles a charge refused for lack of balance (402) was missing; undefined for any other failure. */
export function shortfallOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 402) return undefined;
  const parsed = insufficientFundsResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data.shortfall : undefined;
}

/** The text a screen shows for a failed call: the server's, or the screen's fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
