import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';
import type { Metrics } from './metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus's scrape (text format). Registered only when METRICS_TOKEN is set; the bearer token
 * is compared in constant time (over digests, so its length is not told either).
 */
export function metricsRoutes(options: { metrics: Metrics; token: string }): FastifyPluginAsync {
  const expected = digest(`Bearer ${options.token}`);
  return async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization;
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        throw new AppError('unauthorized', messages.system.metricsTokenInvalid, { 'www-authenticate': 'Bearer' });
      }
      const text = await options.metrics.registry.metrics();
      return reply.type(options.metrics.registry.contentType).send(text);
    });
  };
}
