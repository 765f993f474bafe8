import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, requiresSession } from '../../http/session-first.js';
import { assertClaimedSeller, authenticate, type AuthDeps } from './service.js';

/** The seller each request's session was read as, by the check before its body (one read per request). */
const sessionSellers = new WeakMap<FastifyRequest, number>();

/**
 * The signed-in seller's id. A dashboard call may name a `user_id` (SPEC §7); it must be
 * the session's own, and a mismatch is refused without saying whether that user exists.
 */
export async function requireSeller(deps: AuthDeps, request: FastifyRequest, claimedUserId?: number): Promise<number> {
  return assertClaimedSeller(sessionSellers.get(request) ?? (await authenticate(deps, bearerToken(request))), claimedUserId);
}

/**
 * Authentication before the body, on every /lk/api route only a signed-in seller may call: a
 * request without a token, or with one that is not a live session (expired, revoked, made up), is
 * refused with 401 as it arrives, before its body is read, parsed or validated. Otherwise a POST
 * without a body (`/draws/{id}/close`) answered the body's 400 to a caller who may not call it at
 * all, and an anonymous caller had its body parsed and checked for nothing. The seller found is
 * kept for the route's `requireSeller`, so the session is still read once per request.
 */
export function authenticateFirst(deps: AuthDeps) {
  return (api: FastifyInstance): void => {
    api.addHook('onRequest', async (request) => {
      if (requiresSession(request)) sessionSellers.set(request, await authenticate(deps, bearerToken(request)));
    });
  };
}
