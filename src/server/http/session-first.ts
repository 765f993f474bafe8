import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';

/** The session token a request carries (`Authorization: Bearer …`), if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** A route only a signed-in seller may call: every alternative of its OpenAPI `security` is the session (`bearer`). */
function requiresSession(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((alternative: object) => Object.keys(alternative).length === 1 && 'bearer' in alternative)
  );
}

/**
 * Authentication before the body: a request without a session token to such a route is refused
 * with 401 as it arrives, before its body is read, parsed or validated. Otherwise a POST without a
 * body (`/draws/{id}/close`) answered the body's 400, and an anonymous caller had its body parsed
 * and checked for nothing. The route's own `requireSeller` still checks the token itself (one
 * read of the session, after validation), so a request with a token keeps its answers.
 * Registered on the API scope (/lk/api); the route's `security`, which the OpenAPI document
 * shows, is the one statement of who may call it.
 */
export function registerSessionFirst(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!bearerToken(request) && requiresSession(request.routeOptions.schema?.security)) {
      throw new AppError('unauthorized', messages.common.unauthorized);
    }
  });
}
