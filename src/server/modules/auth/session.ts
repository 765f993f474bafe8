import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../http/session-first.js';
import { assertClaimedSeller, authenticate, type AuthDeps } from './service.js';

/**
 * The signed-in seller's id. A dashboard call may name a `user_id` (SPEC §7); it must be
 * the session's own, and a mismatch is refused without saying whether that user exists.
 */
export async function requireSeller(deps: AuthDeps, request: FastifyRequest, claimedUserId?: number): Promise<number> {
  return assertClaimedSeller(await authenticate(deps, bearerToken(request)), claimedUserId);
}
