import type { FastifyRequest } from 'fastify';

/** The address this product is reached at, for one request: links, payment returns, pictures. */
export type PublicUrlOf = (request: FastifyRequest) => string;

/** A host as a browser sends it: a name or an IPv4/IPv6 address, with an optional port. */
const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * With PUBLIC_URL set, always it (what the operator configured; the request chooses nothing).
 * In demo mode without it, the address the browser used, so a demo opened at 127.0.0.1 instead
 * of localhost (or at the machine's address) gets its links and payment returns there.
 */
export function publicUrlResolver(config: { publicUrl: string; publicUrlFollowsRequest: boolean }): PublicUrlOf {
  if (!config.publicUrlFollowsRequest) return () => config.publicUrl;
  return (request) => {
    const host = request.host;
    return HOST_PATTERN.test(host) ? `${request.protocol}://${host}` : config.publicUrl;
  };
}

/** The same server reached by its loopback names on this port: what a demo may be opened at. */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}
