import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { VIDEO_FRAME_ORIGINS } from '../../contract/operator.js';

/** Telegram Web opens mini-apps in an iframe on these origins; nothing else may frame us. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'];
/** Telegram's Mini App script (TELEGRAM_WEB_APP_SCRIPT) comes from here; only the shop may load it. */
export const TELEGRAM_SCRIPT_ORIGIN = 'https://telegram.org';

/** `sameServerOrigins`: this server's other addresses in a demo (pictures may come from, and frame the shop from, either). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; sameServerOrigins?: string[] },
): Promise<void> {
  const sameServer = options.sameServerOrigins ?? [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...sameServer],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The landing's video player (demo_video_url), inserted only when the visitor presses play:
        // the same list of sites the setting accepts.
        frameSrc: ["'self'", ...VIDEO_FRAME_ORIGINS],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // helmet adds upgrade-insecure-requests by default, which breaks plain-HTTP deployments.
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });

  // The public shop runs inside Telegram as a mini-app: let Telegram frame it, nobody else,
  // and let it load Telegram's Mini App script (still no inline scripts).
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/shop/')) return;
    reply.removeHeader('x-frame-options');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header(
        'content-security-policy',
        csp
          .replace("frame-ancestors 'none'", `frame-ancestors 'self' ${[...sameServer, ...TELEGRAM_FRAME_ANCESTORS].join(' ')}`)
          .replace("script-src 'self'", `script-src 'self' ${TELEGRAM_SCRIPT_ORIGIN}`),
      );
    }
  });
}
