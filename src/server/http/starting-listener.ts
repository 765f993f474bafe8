import http from 'node:http';
import type { HealthResponse } from '../../contract/auth.js';
import { API_BASE } from '../../contract/constants.js';
import { messages } from '../../contract/messages.js';

/** What a client is told to wait before it asks again while the server starts. */
const RETRY_AFTER_SECONDS = 5;

/** Fastify's settings of the server it would have made itself (serverFactory's second argument). */
export interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

export interface StartingListener {
  server: http.Server;
  /**
   * Fastify's `serverFactory`: the app is built on this server, which already listens; its
   * handler takes over at `open`.
   */
  serverFactory: (handler: http.RequestListener, options: ServerTimeouts) => http.Server;
  /** From now on the app answers every request (call once it is ready). */
  open(): void;
  /** Stops accepting connections and ends the idle ones (the app's own close leaves a server it did not start listening). */
  close(): Promise<void>;
}

/**
 * Listens on the app's one port before the database is migrated and the app built, so a balancer
 * sees `/lk/api/ready` answer 503 `{"status":"starting"}` (not a refused connection) and an
 * orchestrator sees `/lk/api/health` alive; every other request is a 503 with `Retry-After` and
 * the Russian message. Once opened, the app answers everything, on the same connections.
 */
export async function listenWhileStarting(options: { port: number; host: string; health: HealthResponse }): Promise<StartingListener> {
  let app: http.RequestListener | undefined;
  let appHandler: http.RequestListener | undefined;
  const starting: http.RequestListener = (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const [status, body] =
      path === `${API_BASE}/health`
        ? [200, options.health]
        : path === `${API_BASE}/ready`
          ? [503, { status: 'starting' }]
          : [503, { message: messages.common.starting }];
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...(status === 503 && { 'retry-after': String(RETRY_AFTER_SECONDS) }),
    });
    response.end(request.method === 'HEAD' ? undefined : text);
  };
  const server = http.createServer((request, response) => (app ?? starting)(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    serverFactory(handler, settings) {
      appHandler = handler;
      // As Fastify sets up a server of its own.
      if (settings.keepAliveTimeout) server.keepAliveTimeout = settings.keepAliveTimeout;
      if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
      if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout);
      if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      return server;
    },
    open() {
      if (!appHandler) throw new Error('the app was not built on the starting listener');
      app = appHandler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
