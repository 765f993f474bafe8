import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';

/** Headers of the reference's own answers that the app's reply sets itself. */
const HOP_HEADERS = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * The reference page at /api/v1/docs (Scalar), served whole from this server: its script is the
 * package's bundled file at /api/v1/docs/js/scalar.js, nothing is loaded from the internet (no
 * default fonts, no CDN). Its page starts the reference with an inline script, which the app's CSP
 * (`script-src 'self'`) forbids: this page alone gets a fresh nonce per answer, on its script tags
 * and in its CSP. Its components add `<style>` elements and `style` attributes of their own that no
 * nonce reaches, so this page's `style-src` adds 'unsafe-inline' (styles only; scripts still need
 * the nonce). The page shows only our own OpenAPI document, no text of a seller or a shopper.
 *
 * Scalar's plugin carries its 5 MB browser bundle inside its module, ≈ 19 MiB of an idle server's
 * heap (its source and the string in it) for a page few open: it is loaded on the page's first
 * request, into a Fastify instance of its own that this prefix's requests are handed to
 * (docs/decisions.md, Performance, "Memory at rest").
 */
export function referencePage(document: () => unknown): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html')) return payload;
      const nonce = randomBytes(16).toString('base64');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp
            .replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
            .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
        );
      }
      return payload.replaceAll('<script', `<script nonce="${nonce}"`);
    });

    let reference: Promise<FastifyInstance> | undefined;
    const loadReference = async () => {
      const { default: apiReference } = await import('@scalar/fastify-api-reference');
      const inner = Fastify();
      await inner.register(apiReference, {
        routePrefix: '/docs',
        configuration: {
          content: document,
          pageTitle: 'ScanApp API',
          withDefaultFonts: false,
          hideClientButton: true,
          telemetry: false,
        },
      });
      await inner.ready();
      return inner;
    };
    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      // A failed load (it should not) is tried again by the next request.
      const inner = await (reference ??= loadReference().catch((error: unknown) => {
        reference = undefined;
        throw error;
      }));
      const answer = await inner.inject({ method: 'GET', url: request.url.slice(app.prefix.length) });
      // A path the reference does not serve is the app's 404, in the app's shape.
      if (answer.statusCode === 404) {
        reply.callNotFound();
        return reply;
      }
      for (const [name, value] of Object.entries(answer.headers)) {
        if (HOP_HEADERS.has(name) || value === undefined) continue;
        // The reference's redirect (`/docs` to `/docs/`) names its own path: the app's is under this prefix.
        reply.header(name, name === 'location' && String(value).startsWith('/') ? `${app.prefix}${String(value)}` : value);
      }
      return reply.code(answer.statusCode).send(answer.payload);
    };
    app.get('/docs', { schema: { hide: true }, logLevel: 'warn' }, handOver);
    app.get('/docs/*', { schema: { hide: true }, logLevel: 'warn' }, handOver);
  };
}
