import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { formatRubles } from '../../../contract/format.js';
import type { RobokassaSettings } from './client.js';
import { formatOutSum, noticeSignature, parseOutSum, paymentLinkSignature, pickShp, signaturesMatch } from './signature.js';

/**
 * A stand-in for Robokassa's checkout (demo mode), mounted under /__emulators/payments.
 * It checks the payment link's signature like Robokassa does, sends the ResultURL notice
 * (retrying until it is answered `OK{InvId}`), then returns the browser through SuccessURL
 * or FailURL. It keeps no state: the checkout form carries the signed link parameters.
 */
export interface RobokassaEmulatorOptions {
  settings: RobokassaSettings;
  resultUrl: string;
  successUrl: string;
  failUrl: string;
  /** Delays between notice attempts; Robokassa spaces them out over hours, tests use milliseconds. */
  retryDelaysMs?: number[];
}

export interface SentNotice {
  invId: string;
  attempt: number;
  status: number | null;
  answer: string;
  at: string;
}

const LINK_FIELDS = [
  'MerchantLogin',
  'OutSum',
  'InvId',
  'Description',
  'Receipt',
  'SignatureValue',
  'IsTest',
  'Recurring',
  'Culture',
  'Encoding',
];

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f9;color:#1b2330;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:32px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:20px;margin:0 0 4px}p{margin:8px 0;color:#4a5568}.sum{font-size:32px;font-weight:700;color:#1b2330;margin:16px 0}
.buttons{display:flex;gap:12px;margin-top:24px}button{flex:1;font:inherit;font-weight:600;padding:12px;border-radius:10px;border:0;cursor:pointer}
.pay{background:#2f6fed;color:#fff}.cancel{background:#e9edf5;color:#1b2330}button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.badge{display:inline-block;background:#fff4d6;color:#8a5a00;border-radius:6px;padding:2px 8px;font-size:12px}.error{color:#b42318}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/__emulators/payments/checkout.css"></head><body><main>${body}</main></body></html>`;
}

type Params = Record<string, string>;

function stringParams(source: unknown): Params {
  return Object.fromEntries(
    Object.entries((source ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function linkIsValid(settings: RobokassaSettings, params: Params): boolean {
  if (params.MerchantLogin !== settings.merchantLogin || parseOutSum(params.OutSum) === undefined || !params.InvId) return false;
  const expected = paymentLinkSignature({
    algorithm: settings.algorithm,
    merchantLogin: settings.merchantLogin,
    outSum: params.OutSum!,
    invId: params.InvId,
    receipt: params.Receipt,
    password1: settings.password1,
    shp: pickShp(params),
  });
  return signaturesMatch(expected, params.SignatureValue);
}

export function robokassaEmulator(options: RobokassaEmulatorOptions): FastifyPluginAsync {
  const { settings } = options;
  const retryDelays = options.retryDelaysMs ?? [500, 2000, 5000, 15000];
  const notices: SentNotice[] = [];

  async function sendNotice(params: Params, attempt: number): Promise<boolean> {
    // Robokassa reports the sum with six decimals and signs it as sent.
    const outSum = formatOutSum(parseOutSum(params.OutSum)!) + '0000';
    const shp = pickShp(params);
    const body = new URLSearchParams({
      OutSum: outSum,
      InvId: params.InvId!,
      SignatureValue: noticeSignature({
        algorithm: settings.algorithm,
        outSum,
        invId: params.InvId!,
        password: settings.password2,
        shp,
      }).toUpperCase(),
      PaymentMethod: 'BankCard',
      IncCurrLabel: 'BankCardPSR',
      EMail: '',
      Fee: '0.000000',
      IsTest: params.IsTest ?? '0',
      ...shp,
    });
    let status: number | null = null;
    let answer = '';
    try {
      const response = await fetch(options.resultUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      answer = (await response.text()).trim();
    } catch (error) {
      answer = (error as Error).message;
    }
    notices.push({ invId: params.InvId!, attempt, status, answer, at: new Date().toISOString() });
    return answer === `OK${params.InvId}`;
  }

  async function retryNotice(params: Params): Promise<void> {
    for (const [index, delay] of retryDelays.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (await sendNotice(params, index + 2)) return;
    }
  }

  function returnUrl(base: string, params: Params, signed: boolean): string {
    const outSum = params.OutSum!;
    const shp = pickShp(params);
    const query = new URLSearchParams({ OutSum: outSum, InvId: params.InvId!, Culture: 'ru', ...shp });
    if (signed)
      query.set(
        'SignatureValue',
        noticeSignature({ algorithm: settings.algorithm, outSum, invId: params.InvId!, password: settings.password1, shp }),
      );
    return `${base}?${query.toString()}`;
  }

  return async (app) => {
    await app.register(formbody);

    app.get('/checkout.css', async (_request, reply) => reply.type('text/css').send(CSS));

    const showCheckout = async (params: Params) => {
      if (!linkIsValid(settings, params)) {
        return {
          status: 400,
          html: page(
            'Ошибка оплаты',
            '<h1>Ошибка параметров платежа</h1><p class="error">Подпись ссылки на оплату неверна (SignatureValue).</p>',
          ),
        };
      }
      const hidden = Object.entries(params)
        .filter(([key]) => LINK_FIELDS.includes(key) || /^shp_/i.test(key))
        .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
        .join('');
      const amount = formatRubles(parseOutSum(params.OutSum)! / 100);
      const html = page(
        'Оплата заказа',
        `<span class="badge">Демо-режим: эмулятор Robokassa</span><h1>Оплата заказа № ${escapeHtml(params.InvId!)}</h1>` +
          `<p>${escapeHtml(params.Description ?? '')}</p><p class="sum">${escapeHtml(amount)}</p>` +
          `<form method="post" action="/__emulators/payments/checkout">${hidden}<div class="buttons">` +
          `<button class="pay" type="submit" name="action" value="pay">Оплатить</button>` +
          `<button class="cancel" type="submit" name="action" value="cancel">Отменить</button></div></form>`,
      );
      return { status: 200, html };
    };

    app.get('/Merchant/Index.aspx', async (request, reply) => {
      const { status, html } = await showCheckout(stringParams(request.query));
      return reply.status(status).type('text/html; charset=utf-8').send(html);
    });
    app.post('/Merchant/Index.aspx', async (request, reply) => {
      const { status, html } = await showCheckout(stringParams(request.body));
      return reply.status(status).type('text/html; charset=utf-8').send(html);
    });

    app.post('/checkout', async (request, reply) => {
      const params = stringParams(request.body);
      const { action, ...link } = params;
      if (!linkIsValid(settings, link))
        return reply.status(400).type('text/html; charset=utf-8').send(page('Ошибка оплаты', '<h1>Ошибка параметров платежа</h1>'));
      if (action !== 'pay') return reply.redirect(returnUrl(options.failUrl, link, false), 303);
      if (!(await sendNotice(link, 1))) void retryNotice(link);
      return reply.redirect(returnUrl(options.successUrl, link, true), 303);
    });

    /** Test and demo control: every notice sent and what the shop answered. */
    app.get('/notices', async () => notices);
  };
}
