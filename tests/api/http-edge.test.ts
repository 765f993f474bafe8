import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { TELEGRAM_FRAME_ANCESTORS, TELEGRAM_SCRIPT_ORIGIN } from '../../src/server/http/security-headers.js';
import { ApiClient, createSeller, uniqueEmail } from '../support/api-client.js';
import { backends } from '../support/backends.js';

describe.each(backends())('HTTP edge on $name', (backend) => {
  const api = (token?: string) => new ApiClient(backend.url, undefined, token);

  describe('bad input is a clear 4xx, never a 500 or a stack trace', () => {
    it('malformed JSON', async () => {
      const answer = await api().request('POST', '/register', { rawBody: '{"name":"A",' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: messages.common.badJson });
    });

    it('an empty JSON body', async () => {
      const answer = await api().request('POST', '/login', { rawBody: '' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/[а-яА-Я]/);
    });

    it('a JSON value that is not an object', async () => {
      for (const rawBody of ['[1,2]', '"text"', '42', 'null']) {
        const answer = await api().request('POST', '/login', { rawBody });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toMatch(/[а-яА-Я]/);
      }
    });

    it('an oversized body', async () => {
      const email = uniqueEmail();
      const answer = await api().post('/register', { name: 'A', email, password: 'secret1', padding: 'x'.repeat(200_000) });
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ message: messages.common.bodyTooLarge });
      expect((await api().post('/login', { email, password: 'secret1' })).status).toBe(401);
    });

    it('a body that is not JSON', async () => {
      const answer = await api().request('POST', '/login', { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ message: messages.common.unsupportedMediaType });
    });

    it('prototype-pollution keys are ignored', async () => {
      const answer = await api().request('POST', '/login', { rawBody: '{"__proto__":{"x":1},"email":"a@b.ru","password":"p"}' });
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).not.toMatch(/at .*\.js/);
    });
  });

  describe('authentication before the body', () => {
    /** Changes anyone may ask for: every other changing call is a signed-in seller's. A new public one is added here on purpose. */
    const PUBLIC_CHANGES = [
      'POST /lk/api/check', // a bot platform's, with the action's API key
      'POST /lk/api/email/confirm',
      'POST /lk/api/login',
      'POST /lk/api/password/forgot',
      'POST /lk/api/password/reset',
      'POST /lk/api/public/shop/{token}/purchase',
      'POST /lk/api/public/shop/{token}/wheel/spin',
      'POST /lk/api/register',
      'POST /lk/api/team/invitations/accept', // the invitation's link is the proof
      'POST /lk/api/telegram/webhook/{botId}',
    ];

    /** Every POST, PUT, PATCH and DELETE of the API, from its OpenAPI document, with whether only a session may call it. */
    async function changingCalls(): Promise<Array<{ call: string; method: string; path: string; sessionOnly: boolean }>> {
      const document = await (await fetch(`${backend.url}/lk/api/docs`)).json();
      return Object.entries(document.paths as Record<string, Record<string, { security?: object[] }>>).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method) && path.startsWith('/lk/api/'))
          .map(([method, operation]) => ({
            call: `${method.toUpperCase()} ${path}`,
            method: method.toUpperCase(),
            path: path.slice('/lk/api'.length).replace(/\{[^}]+\}/g, '1'),
            sessionOnly:
              (operation.security ?? []).length > 0 && operation.security!.every((scheme) => Object.keys(scheme).join() === 'bearer'),
          })),
      );
    }

    it('every call only a signed-in seller may make answers 401 without a live session (none, or a made-up token), with no body or an empty one', async () => {
      const calls = await changingCalls();
      expect(
        calls
          .filter((call) => !call.sessionOnly)
          .map((call) => call.call)
          .sort(),
      ).toEqual([...PUBLIC_CHANGES].sort());
      const sessionOnly = calls.filter((call) => call.sessionOnly);
      expect(sessionOnly.map((call) => call.call)).toEqual(
        expect.arrayContaining([
          'POST /lk/api/draws/{id}/close',
          'POST /lk/api/shop/orders/{id}/fulfil',
          'POST /lk/api/mailing/{id}/cancel',
        ]),
      );
      const unauthorized = { status: 401, body: { message: messages.common.unauthorized } };
      const notLive = { status: 401, body: { message: messages.common.sessionExpired } };
      const madeUp = api('made-up-session-token');
      for (const { call, method, path } of sessionOnly) {
        const bare = await api().request(method, path);
        expect({ call, status: bare.status, body: bare.body }).toEqual({ call, ...unauthorized });
        const empty = await api().request(method, path, { rawBody: '' });
        expect({ call, status: empty.status, body: empty.body }).toEqual({ call, ...unauthorized });
        const forged = await madeUp.request(method, path);
        expect({ call, status: forged.status, body: forged.body }).toEqual({ call, ...notLive });
        const forgedEmpty = await madeUp.request(method, path, { rawBody: '' });
        expect({ call, status: forgedEmpty.status, body: forgedEmpty.body }).toEqual({ call, ...notLive });
      }
    });

    it('a signed-in seller’s call without its body keeps the body’s 400, and a public call is not asked for a session', async () => {
      const seller = await createSeller(backend.url);
      const closed = await seller.api.request('POST', '/draws/1/close', { rawBody: '' });
      expect(closed.status).toBe(400);
      expect(closed.body).toEqual({ message: messages.common.badJson });
      expect((await seller.api.request('POST', '/shop/orders/1/fulfil')).status).toBe(400);
      expect((await api().request('POST', '/login')).status).toBe(400);
    });
  });

  describe('routing', () => {
    it('answers an unknown API path with JSON 404, never the app', async () => {
      for (const path of ['/lk/api/unknown', '/lk/api/projects/1/nothing', '/lk/other']) {
        const response = await fetch(`${backend.url}${path}`);
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        expect(await response.json()).toEqual({ message: messages.common.notFound });
      }
    });

    it('serves index.html for client routes, and the Mini App its own page', async () => {
      const cabinetPage = await (await fetch(`${backend.url}/`)).text();
      for (const path of ['/', '/login', '/dashboard', '/dashboard/action/12', '/dashboard/action/12/edit', '/shop/abc']) {
        const response = await fetch(`${backend.url}${path}`);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/text\/html/);
        const html = await response.text();
        expect(html).toContain('<div id="root">');
        expect(html === cabinetPage, path).toBe(!path.startsWith('/shop/'));
      }
      const shopPage = await (await fetch(`${backend.url}/shop/abc`)).text();
      expect(shopPage).toContain('<meta name="robots" content="noindex" />');
      // Its scripts are preloaded by the page itself, not discovered one import after another.
      expect(shopPage).toMatch(/<link rel="modulepreload"/);
    });

    it('sends the built scripts pre-compressed and cached for a year', async () => {
      const html = await (await fetch(`${backend.url}/`)).text();
      const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      for (const encoding of ['br', 'gzip']) {
        const response = await fetch(`${backend.url}${script}`, { headers: { 'accept-encoding': encoding } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('cache-control')).toContain('immutable');
      }
      expect((await fetch(`${backend.url}/dashboard`)).headers.get('cache-control')).toBe('no-cache');
    });

    it('answers a missing asset with 404 instead of the app', async () => {
      const response = await fetch(`${backend.url}/assets/missing-file.js`);
      expect(response.status).toBe(404);
    });

    it('publishes the OpenAPI document built from the request schemas', async () => {
      const response = await fetch(`${backend.url}/lk/api/docs`);
      expect(response.status).toBe(200);
      const document = await response.json();
      expect(document.openapi).toMatch(/^3\./);
      const register = document.paths['/lk/api/register'].post;
      const schema = register.requestBody.content['application/json'].schema;
      expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
      expect(document.paths['/lk/api/profile'].get.parameters.map((p: { name: string }) => p.name)).toContain('user_id');
    });
  });

  describe('security headers', () => {
    it('sets CSP without inline scripts, nosniff, a referrer policy and no x-powered-by', async () => {
      for (const path of ['/', '/dashboard', '/lk/api/health']) {
        const response = await fetch(`${backend.url}${path}`);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self';");
        expect(csp).not.toContain('unsafe-inline');
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(csp).toContain("frame-ancestors 'none'");
        // The video sites demo_video_url may name, and only those.
        expect(csp).toContain("frame-src 'self' https://rutube.ru https://vkvideo.ru https://vk.com;");
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        expect(response.headers.get('x-powered-by')).toBeNull();
      }
    });

    it('lets Telegram frame the public shop, and only Telegram', async () => {
      const response = await fetch(`${backend.url}/shop/abc`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`frame-ancestors 'self' ${TELEGRAM_FRAME_ANCESTORS.join(' ')}`);
      expect(response.headers.get('x-frame-options')).toBeNull();
    });

    it("lets the public shop load Telegram's Mini App script, still without inline scripts", async () => {
      const response = await fetch(`${backend.url}/shop/abc`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`script-src 'self' ${TELEGRAM_SCRIPT_ORIGIN};`);
      expect(csp).not.toContain('unsafe-inline');
    });

    it('never sends a stack trace', async () => {
      const answer = await api().request('POST', '/register', { rawBody: '{bad' });
      expect(answer.text).not.toMatch(/stack|at Object|node_modules/);
    });
  });
});
