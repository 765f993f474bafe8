import { stripUnacceptableText } from '../../db/acceptable-text.js';

/**
 * Client of the receipt lookup used by the product: the proverkacheka.com API,
 * `POST /api/v1/check/get` with `token` and `qrraw`. HTTP 200 with `code` in the body:
 * 0 invalid receipt, 1 ok (`data.json` holds it), 2 data not ready yet, 3 request limit,
 * 4 wait and retry, 5 other error.
 */
export type TaxLookup = { kind: 'found'; json: unknown } | { kind: 'invalid' } | { kind: 'unavailable'; reason: string };

/** How one call to the service ended: its answer's code by name, or how it failed. */
export type TaxCallOutcome = 'found' | 'invalid' | 'not_ready' | 'limit' | 'error' | 'timeout' | 'network' | 'http' | 'bad_answer';

const OUTCOME_BY_CODE: Record<number, TaxCallOutcome> = {
  0: 'invalid',
  1: 'found',
  2: 'not_ready',
  3: 'limit',
  4: 'not_ready',
  5: 'error',
};

export interface TaxClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** Waits before each retry on codes 2 and 4; their count bounds the attempts. */
  retryDelaysMs: number[];
  /** Each call's duration and outcome, for the metrics. */
  observe?: (seconds: number, outcome: TaxCallOutcome) => void;
}

export interface TaxClient {
  lookup(qrraw: string): Promise<TaxLookup>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createTaxClient(options: TaxClientOptions): TaxClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/api/v1/check/get`;

  async function once(qrraw: string): Promise<{ code: number; json?: unknown } | { failure: string }> {
    const started = performance.now();
    const answer = await call(qrraw);
    const outcome: TaxCallOutcome =
      'code' in answer
        ? (OUTCOME_BY_CODE[answer.code] ?? 'bad_answer')
        : answer.failure === 'timeout'
          ? 'timeout'
          : answer.failure.startsWith('network')
            ? 'network'
            : answer.failure.startsWith('HTTP')
              ? 'http'
              : 'bad_answer';
    options.observe?.((performance.now() - started) / 1000, outcome);
    return answer;
  }

  async function call(qrraw: string): Promise<{ code: number; json?: unknown } | { failure: string }> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: options.token, qrraw }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      return { failure: (error as Error).name === 'TimeoutError' ? 'timeout' : `network: ${(error as Error).message}` };
    }
    if (!response.ok) return { failure: `HTTP ${response.status}` };
    try {
      const body = (await response.json()) as { code?: unknown; data?: { json?: unknown } };
      if (typeof body.code !== 'number') return { failure: 'answer without code' };
      return { code: body.code, json: body.data?.json };
    } catch {
      return { failure: 'answer is not JSON' };
    }
  }

  return {
    async lookup(qrraw) {
      for (let attempt = 0; ; attempt++) {
        const answer = await once(qrraw);
        if ('failure' in answer) return { kind: 'unavailable', reason: answer.failure };
        if (answer.code === 1) {
          // Control characters (NUL above all) in a receipt would be refused by the database.
          return answer.json && typeof answer.json === 'object'
            ? { kind: 'found', json: stripUnacceptableText(answer.json) }
            : { kind: 'unavailable', reason: 'code 1 without data.json' };
        }
        if (answer.code === 0) return { kind: 'invalid' };
        const retryable = answer.code === 2 || answer.code === 4;
        const delay = options.retryDelaysMs[attempt];
        if (!retryable || delay === undefined) return { kind: 'unavailable', reason: `code ${answer.code}` };
        await sleep(delay);
      }
    },
  };
}
