import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../contract/messages.js';
import type { Db } from '../../db/connection.js';
import { optOut } from './consent-repository.js';
import { isRecipientSignature, MAILING_LINK_PREFIX } from './links.js';
import { findMailingLinks, recordClick } from './repository.js';

const m = messages.mailingConsent;

const linkParamsSchema = z.object({
  mailingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  chatId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  signature: z.string().max(64),
});
type LinkParams = z.infer<typeof linkParamsSchema>;

/**
 * A recipient's own links under a mailing (links.ts): the button's counted redirect, and a
 * mailing bot's unsubscribe page (its bot receives no presses). Anything not signed for this
 * recipient of this mailing is a 404: the redirect never goes anywhere but the mailing's own target.
 */
export function mailingLinkRoutes(deps: { db: Db }): FastifyPluginAsync {
  return async (app) => {
    await app.register(formbody);
    // The app's CSP allows no inline style: the page's own stylesheet.
    app.get('/page.css', async (_request, reply) => reply.type('text/css').send(CSS));

    const verified = async (params: unknown) => {
      const parsed = linkParamsSchema.safeParse(params);
      if (!parsed.success) return undefined;
      const { mailingId, chatId, signature } = parsed.data;
      const mailing = await findMailingLinks(deps.db, mailingId);
      if (!mailing?.linkKey || !isRecipientSignature(mailing.linkKey, mailingId, chatId, signature)) return undefined;
      return { ...parsed.data, mailing };
    };

    app.get('/:mailingId/:chatId/:signature', async (request, reply) => {
      const link = await verified(request.params);
      const button = link?.mailing.button;
      if (!link || !button || !('url' in button)) return notFound(reply);
      await recordClick(deps.db, link.mailingId, link.chatId);
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(button.url, 302);
    });

    app.get('/:mailingId/:chatId/:signature/stop', async (request, reply) => {
      const link = await verified(request.params);
      if (!link) return notFound(reply);
      // Nothing changes on a GET: link scanners open addresses too; the shopper confirms with the button.
      return sendPage(
        reply,
        `<p>${m.pageText}</p><form method="post" action="${stopPath(link)}"><button type="submit">${m.unsubscribeButton}</button></form>`,
      );
    });

    app.post('/:mailingId/:chatId/:signature/stop', async (request, reply) => {
      const link = await verified(request.params);
      if (!link) return notFound(reply);
      await optOut(deps.db, link.mailing.sellerId, link.chatId);
      return sendPage(reply, `<p class="done" role="status">${m.pageDone}</p>`);
    });
  };
}

const stopPath = (link: LinkParams) => `${MAILING_LINK_PREFIX}/${link.mailingId}/${link.chatId}/${encodeURIComponent(link.signature)}/stop`;

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ message: m.linkNotFound });
}

function sendPage(reply: FastifyReply, body: string) {
  return reply
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
        `<title>${m.pageTitle}</title><link rel="stylesheet" href="${MAILING_LINK_PREFIX}/page.css"></head><body><main><h1>${m.pageTitle}</h1>${body}</main></body></html>`,
    );
}

const CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f9;color:#1b2330;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:32px;max-width:440px;width:calc(100% - 32px)}
h1{font-size:22px;margin:0 0 12px}p{margin:8px 0;color:#4a5568}
button{margin-top:16px;width:100%;font:inherit;font-weight:600;padding:12px;border-radius:10px;border:0;cursor:pointer;background:#2f6fed;color:#fff}
button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}.done{color:#146c2e;font-weight:600}`;
