import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { messages } from '../../contract/messages.js';
import { listenWhileStarting, type StartingListener } from './starting-listener.js';

const health = {
  status: 'ok' as const,
  mode: 'production' as const,
  telegram_web_app_script: 'https://telegram.org/js/telegram-web-app.js',
  demo_mailbox: null,
};
let listener: StartingListener | undefined;

afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

it('answers the probes and a Russian 503 with Retry-After while starting, then hands every request to the app', async () => {
  listener = await listenWhileStarting({ port: 0, host: '127.0.0.1', health });
  const base = `http://127.0.0.1:${(listener.server.address() as AddressInfo).port}`;
  const answer = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, init);
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  };

  expect(await answer('/lk/api/health')).toEqual({ status: 200, retryAfter: null, body: health });
  expect(await answer('/lk/api/ready?probe=1')).toEqual({ status: 503, retryAfter: '5', body: { status: 'starting' } });
  const refused = { status: 503, retryAfter: '5', body: { message: messages.common.starting } };
  expect(await answer('/lk/api/auth/login', { method: 'POST', body: '{"email":"a@b.c"}' })).toEqual(refused);
  expect(await answer('/dashboard')).toEqual(refused);

  // The app built on this server takes over once opened, on the same port.
  listener.serverFactory((_request, response) => response.end(JSON.stringify({ from: 'app' })), {});
  expect(await answer('/lk/api/ready')).toMatchObject({ status: 503 });
  listener.open();
  expect(await answer('/lk/api/ready')).toEqual({ status: 200, retryAfter: null, body: { from: 'app' } });
});

it('refuses to open before an app was built on it', async () => {
  listener = await listenWhileStarting({ port: 0, host: '127.0.0.1', health });
  expect(() => listener!.open()).toThrow();
});
