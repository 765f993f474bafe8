import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../contract/messages.js';
import { roleAllows, type TeamRole } from '../../../contract/team.js';
import { AppError } from '../../errors.js';
import { bearerToken, requiresSession } from '../../http/session-first.js';
import { routeRequirement, type RouteRequirement } from './permissions.js';
import { findTeamRole } from './repository.js';
import { authenticate, type AuthDeps } from './service.js';

/** Who is calling (the session's person) and for which seller, in which role. */
export interface SellerAccess {
  /** The signed-in person: the actor the audit log names. */
  personId: number;
  /** The seller the call acts for: the person's own account, or a team they are in. */
  sellerId: number;
  role: TeamRole;
  /** The seller was named by `?user_id=` (every route reads it), not defaulted to the person. */
  namedInQuery: boolean;
}

/** Each request's access, found by the check before its body (one read per request). */
const accesses = new WeakMap<FastifyRequest, SellerAccess>();

/**
 * The role check, in one place (docs/decisions.md, "A team with roles"): may `personId` make
 * this call for `sellerId`? Their own account makes them its owner; otherwise they must be in
 * the seller's team, with a role the route's line in the permission table allows. A seller
 * they are not in the team of hears the same 403 whether or not it exists.
 */
async function resolveAccess(
  deps: Pick<AuthDeps, 'db'>,
  request: FastifyRequest,
  personId: number,
  seller: { id: number; namedInQuery: boolean },
): Promise<SellerAccess> {
  const requirement: RouteRequirement = routeRequirement(request.method, request.routeOptions.url ?? request.url);
  const access = { personId, sellerId: seller.id, namedInQuery: seller.namedInQuery };
  if (requirement === 'self') {
    if (seller.id !== personId) throw new AppError('forbidden', messages.common.forbidden);
    return { ...access, role: 'owner' };
  }
  const role = seller.id === personId ? 'owner' : await findTeamRole(deps.db, seller.id, personId);
  if (!role) throw new AppError('forbidden', messages.common.forbidden);
  if (!roleAllows(role, requirement)) {
    throw new AppError('forbidden', requirement === 'owner' ? messages.team.ownerOnly : messages.team.managerOnly);
  }
  return { ...access, role };
}

/** `?user_id=` as the call names it; a malformed one is left to the route's own validation. */
function sellerNamedInQuery(request: FastifyRequest): number | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.user_id;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

async function accessBeforeBody(deps: AuthDeps, request: FastifyRequest): Promise<SellerAccess> {
  const personId = await authenticate(deps, bearerToken(request));
  const named = sellerNamedInQuery(request);
  return resolveAccess(deps, request, personId, { id: named ?? personId, namedInQuery: named !== undefined });
}

/**
 * The signed-in person's access for the seller the call names: `?user_id=` (read before the
 * body), or a `user_id` in the body (SPEC §7) when the query names none. A body naming another
 * seller than the query is refused.
 */
export async function requireAccess(deps: AuthDeps, request: FastifyRequest, claimedUserId?: number): Promise<SellerAccess> {
  const access = accesses.get(request) ?? (await accessBeforeBody(deps, request));
  accesses.set(request, access);
  if (claimedUserId === undefined || claimedUserId === access.sellerId) return access;
  if (access.namedInQuery) throw new AppError('forbidden', messages.common.forbidden);
  const claimed = await resolveAccess(deps, request, access.personId, { id: claimedUserId, namedInQuery: false });
  accesses.set(request, claimed);
  return claimed;
}

/** The id of the seller the call acts for, once the role check has let it through. */
export async function requireSeller(deps: AuthDeps, request: FastifyRequest, claimedUserId?: number): Promise<number> {
  return (await requireAccess(deps, request, claimedUserId)).sellerId;
}

/**
 * Authentication and the role check before the body, on every /lk/api route only a signed-in
 * person may call: a request without a token, or with one that is not a live session, is refused
 * with 401 as it arrives, and a call the person may not make for the seller `?user_id=` names
 * (their own account by default) with 403, before its body is read, parsed or validated, so a
 * forbidden call writes nothing. The access found is kept for the route's `requireSeller`.
 */
export function authenticateFirst(deps: AuthDeps) {
  return (api: FastifyInstance): void => {
    api.addHook('onRequest', async (request) => {
      if (requiresSession(request)) accesses.set(request, await accessBeforeBody(deps, request));
    });
  };
}
