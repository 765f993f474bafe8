import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contract/messages.js';

/** Paths that belong to the server, never to the single-page app. */
const SERVER_PREFIXES = ['/lk/', '/__emulators/'];
/** Prometheus's scrape: without METRICS_TOKEN a plain 404, never the app's page a scraper would misread. */
const SERVER_PATHS = ['/metrics'];

/**
 * Serves the Vite build: hashed assets cached for a year, every client route
 * (e.g. /dashboard/action/12) answered with index.html, the buyers' Mini App (/shop/abc)
 * with its own shop.html.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each text file (vite.config.ts).
      preCompressed: true,
      // Our own cache headers (below) instead of the plugin's "public, max-age=0".
      cacheControl: false,
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built: run `npm run build`');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (!built || !isPage || SERVER_PATHS.includes(pathname) || SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return reply.status(404).send({ message: messages.common.notFound });
    }
    const page = pathname.startsWith('/shop/') ? 'shop.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
  });
}
