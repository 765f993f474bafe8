import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { formatRubles } from '../../../contract/format.js';
import { AppError } from '../../errors.js';
import type { BillingDeps } from './service.js';
import { payInvoiceAtDemoBank } from './demo-bank.js';

export const DEMO_BANK_PREFIX = '/__emulators/bank';

/**
 * «Демо-банк» (demo mode only): a page where a bank invoice from the cabinet is paid by its
 * number, as a seller's bank would, rendered here like the Robokassa checkout (no script, its own
 * stylesheet under the app's CSP). Its texts live here: a demo tool, not product text.
 */
export function demoBankRoutes(deps: BillingDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(formbody);

    app.get('/page.css', async (_request, reply) => reply.type('text/css').send(CSS));

    app.get('/', async (request, reply) => {
      const { number } = request.query as { number?: unknown };
      return sendPage(reply, 200, payForm(typeof number === 'string' ? number : ''));
    });

    app.post('/pay', async (request, reply) => {
      const { number } = (request.body ?? {}) as { number?: unknown };
      const typed = typeof number === 'string' ? number : '';
      try {
        const result = await payInvoiceAtDemoBank(deps, typed);
        return sendPage(
          reply,
          200,
          `<p class="${result.credited ? 'done' : 'note'}" role="status">${escapeHtml(result.message)}</p>` +
            `<p>Баланс продавца: ${escapeHtml(formatRubles(result.balance))}</p>` +
            '<p><a href="/dashboard/balance">Вернуться в кабинет</a></p>',
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return sendPage(reply, error.status, `<p class="error" role="alert">${escapeHtml(error.message)}</p>${payForm(typed)}`);
      }
    });
  };
}

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
        `<title>Демо-банк</title><link rel="stylesheet" href="${DEMO_BANK_PREFIX}/page.css"></head><body><main>` +
        '<span class="badge">Демо-режим: настоящие деньги не списываются</span><h1>Демо-банк</h1>' +
        `${body}</main></body></html>`,
    );
}

function payForm(number: string): string {
  return (
    `<form method="post" action="${DEMO_BANK_PREFIX}/pay">` +
    '<p>Оплата счёта из кабинета ScanApp: сумма берётся из счёта, деньги зачисляются на баланс продавца.</p>' +
    `<label for="number">Номер счёта</label><input id="number" name="number" required placeholder="СЧ-000001" value="${escapeHtml(number)}">` +
    '<button type="submit">Оплатить счёт</button></form>'
  );
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f9;color:#1b2330;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:32px;max-width:440px;width:calc(100% - 32px)}
h1{font-size:22px;margin:8px 0 12px}p{margin:8px 0;color:#4a5568}label{display:block;font-weight:600;margin:16px 0 6px}
input{box-sizing:border-box;width:100%;font:inherit;padding:10px 12px;border:1px solid #c5cdd9;border-radius:10px}
button{margin-top:16px;width:100%;font:inherit;font-weight:600;padding:12px;border-radius:10px;border:0;cursor:pointer;background:#2f6fed;color:#fff}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}a{color:#2f6fed}
.badge{display:inline-block;background:#fff4d6;color:#8a5a00;border-radius:6px;padding:2px 8px;font-size:12px}
.done{color:#146c2e;font-weight:600}.note{color:#8a5a00;font-weight:600}.error{color:#b42318;font-weight:600}`;
