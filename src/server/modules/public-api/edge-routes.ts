import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../../contract/api-keys.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Problem } from '../../../contract/public-api.js';
import { toHttpError } from '../../http/errors.js';
import { bearerToken } from '../../http/session-first.js';
import { authenticateApiKey, requireScope, type ApiKeyDeps, type KeyHolder } from '../api-keys/service.js';
import { answerOnce, type Answer, type IdempotencyDeps } from './idempotency.js';
import { ApiProblem, PROBLEM_CONTENT_TYPE, problemOf } from './problem.js';
import type { RateLimiter } from './rate-limit.js';

// The seller API's HTTP edge (a routes file, as the edge's imports are only theirs): the key guard,
// the problem answers and the idempotent POST, which the route files of this module share.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a seller API route needs; routes without one (the document, the reference page) are open. */
    scope?: ApiKeyScope;
  }
}

const holders = new WeakMap<FastifyRequest, KeyHolder>();

/** The key of a request its guard let through. */
export function keyHolder(request: FastifyRequest): KeyHolder {
  const holder = holders.get(request);
  if (!holder) throw new Error('a seller API route without its scope');
  return holder;
}

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  return bearerToken(request) ?? (typeof header === 'string' && header ? header : undefined);
}

/**
 * Before the body: the key (401), its rate (429 with Retry-After), then the route's scope (403
 * naming it). A refused call is counted against its key's rate too, so probing scopes costs calls.
 */
export function guardKeys(
  api: FastifyInstance,
  deps: Pick<ApiKeyDeps, 'db' | 'now'> & { realNow: () => Date; limiter: RateLimiter },
): void {
  api.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.scope;
    if (!scope) return;
    const presented = presentedKey(request);
    if (!presented) throw new ApiProblem(401, messages.publicApi.keyMissing, { 'www-authenticate': 'Bearer' });
    const holder = await authenticateApiKey(deps, presented);
    const wait = deps.limiter.take(holder.keyId, deps.realNow().getTime());
    if (wait > 0)
      throw new ApiProblem(429, fillMessage(messages.publicApi.rateLimited, { seconds: wait }), { 'retry-after': String(wait) });
    requireScope(holder, scope);
    holders.set(request, holder);
  });
}

function toProblem(error: unknown): { problem: Problem; headers: Record<string, string> } {
  if (error instanceof ApiProblem) return { problem: problemOf(error.status, error.detail), headers: error.headers };
  const { status, message, headers } = toHttpError(error);
  return { problem: problemOf(status, message), headers };
}

/** The seller API's one error handler: every refusal as `application/problem+json`, with the cabinet's Russian text as `detail`. */
export function handleProblem(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { problem, headers } = toProblem(error);
  if (problem.status >= 500) request.log.error({ err: error }, 'seller API request failed');
  else request.log.info({ status: problem.status, reason: problem.detail }, 'seller API request refused');
  void reply.status(problem.status).headers(headers).type(PROBLEM_CONTENT_TYPE).send(problem);
}

/** A POST of the seller API, once per Idempotency-Key (idempotency.ts). */
export function idempotent(deps: IdempotencyDeps, request: FastifyRequest, reply: FastifyReply, work: () => Promise<Answer>) {
  return answerOnce(deps, keyHolder(request), request, reply, work, (error) => {
    const { problem } = toProblem(error);
    return { status: problem.status, body: problem };
  });
}
