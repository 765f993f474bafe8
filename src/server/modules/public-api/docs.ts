import { randomBytes } from 'node:crypto';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyPluginAsync } from 'fastify';

/**
 * The reference page at /api/v1/docs (Scalar), served whole from this server: its script is the
 * package's bundled file at /api/v1/docs/js/scalar.js, nothing is loaded from the internet (no
 * default fonts, no CDN). Its page starts the reference with an inline script, which the app's CSP
 * (`script-src 'self'`) forbids: this page alone gets a fresh nonce per answer, on its script tags
 * and in its CSP. Its components add `<style>` elements and `style` attributes of their own that no
 * nonce reaches, so this page's `style-src` adds 'unsafe-inline' (styles only; scripts still need
 * the nonce). The page shows only our own OpenAPI document, no text of a seller or a shopper.
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
    await app.register(apiReference, {
      routePrefix: '/docs',
      logLevel: 'warn',
      configuration: {
        content: document,
        pageTitle: 'ScanApp API',
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
      },
    });
  };
}
