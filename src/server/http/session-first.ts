import type { FastifyRequest } from 'fastify';

/** The session token a request carries (`Authorization: Bearer …`), if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * A route only a signed-in seller may call: every alternative of its OpenAPI `security` is the
 * session (`bearer`). The route's `security`, which the OpenAPI document shows, is the one
 * statement of who may call it.
 */
export function requiresSession(request: FastifyRequest): boolean {
  const security: unknown = request.routeOptions.schema?.security;
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((alternative: object) => Object.keys(alternative).length === 1 && 'bearer' in alternative)
  );
}
