import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TTL_HOURS } from '../../../contract/public-api.js';
import type { Db } from '../../db/connection.js';
import type { KeyHolder } from '../api-keys/service.js';
import * as repo from './idempotency-repository.js';
import { ApiProblem, PROBLEM_CONTENT_TYPE } from './problem.js';

const m = messages.publicApi;
export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000;

export interface IdempotencyDeps {
  db: Db;
  /** The product's clock: the 24 hours a key is kept follow the demo clock like every other period. */
  now: () => Date;
}

/** What a POST answers: its status and body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** The same method, path, query and (validated) body: a replay; anything else under the same key is another request. */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Runs a POST once per Idempotency-Key: the first request claims the key, does the work and stores
 * its answer (a success or a refusal of the request itself, 4xx); a replay with the same request
 * gets that answer again (status and body) without the work; the same key with another request is
 * 422; a replay while the first is still at work is 409. A 5xx frees the key, since nothing it
 * answered is lasting. Without the header every request is its own.
 */
export async function answerOnce(
  deps: IdempotencyDeps,
  holder: KeyHolder,
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<Answer>,
  /** The answer a thrown refusal gets (the edge's problem). */
  refusalOf: (error: unknown) => Answer,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const idempotencyKey = typeof header === 'string' ? header : undefined;
  if (idempotencyKey === undefined) return send(reply, await work());

  const hash = requestHash(request);
  const now = deps.now();
  const claimed = await repo.claimIdempotencyKey(deps.db, {
    apiKeyId: holder.keyId,
    idempotencyKey,
    requestHash: hash,
    at: now,
    expiredBefore: new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
  });
  if (!claimed) {
    const stored = await repo.readStoredAnswer(deps.db, holder.keyId, idempotencyKey);
    if (!stored || stored.requestHash !== hash) throw new ApiProblem(422, m.idempotencyKeyReused);
    if (stored.status === null) throw new ApiProblem(409, m.idempotencyInProgress, { 'retry-after': '1' });
    reply.header('idempotent-replayed', 'true');
    return send(reply, { status: stored.status, body: stored.response });
  }

  let answer: Answer;
  try {
    answer = await work();
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.status >= 500) await repo.releaseIdempotencyKey(deps.db, holder.keyId, idempotencyKey);
    else await repo.storeAnswer(deps.db, holder.keyId, idempotencyKey, refusal.status, refusal.body);
    throw error;
  }
  await repo.storeAnswer(deps.db, holder.keyId, idempotencyKey, answer.status, answer.body);
  return send(reply, answer);
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  if (answer.status >= 400) reply.type(PROBLEM_CONTENT_TYPE);
  return reply.status(answer.status).send(answer.body);
}
