import type { FastifyRequest } from 'fastify';
import { assertClaimedSeller, authenticate, type AuthDeps } from './service.js';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * The signed-in seller's id. A dashboard call may name a `user_id` (SPEC §7); it must be
 * the session's own, and a mismatch is refused without saying whether that user exists.
 */
export async function requireSeller(deps: AuthDeps, request: FastifyRequest, claimedUserId?: number): Promise<number> {
  return assertClaimedSeller(await authenticate(deps, bearerToken(request)), claimedUserId);
}
