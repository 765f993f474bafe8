/**
 * How a call to a marketplace's seller API failed, the same for Wildberries and Ozon, so the
 * import decides once: refused credentials stop it, a rate limit or a temporary failure waits,
 * an answer not in the documented shape stops it until the seller asks again.
 */
export type MarketplaceFailure =
  | { kind: 'credentials_refused' }
  /** The key is valid but lacks the category or role the call needs (Wildberries' «Статистика»). */
  | { kind: 'no_access' }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'temporary'; reason: string }
  | { kind: 'malformed'; reason: string };

export class MarketplaceApiError extends Error {
  constructor(readonly failure: MarketplaceFailure) {
    super(`marketplace API: ${failure.kind}${'reason' in failure ? ` (${failure.reason})` : ''}`);
    this.name = 'MarketplaceApiError';
  }
}

/** fetch with the client's timeout; a network failure or a timeout is temporary. */
export async function callMarketplace(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : `network: ${(error as Error).message}`;
    throw new MarketplaceApiError({ kind: 'temporary', reason });
  }
}

/** Seconds to wait from a 429's headers (`X-Ratelimit-Retry` on Wildberries, `Retry-After` in general); a minute when absent. */
export function retryAfterSeconds(response: Response): number {
  for (const header of ['x-ratelimit-retry', 'retry-after']) {
    const value = Number(response.headers.get(header));
    if (Number.isFinite(value) && value > 0) return Math.ceil(value);
  }
  return 60;
}

/** The answer's JSON, or a malformed failure. */
export async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new MarketplaceApiError({ kind: 'malformed', reason: `HTTP ${response.status} answer is not JSON` });
  }
}
