import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelegramClient } from '../../src/server/integrations/telegram/client.js';
import type { SentMessage } from '../../src/server/integrations/telegram/emulator-store.js';
import { ROOT, startServer, type RunningServer } from '../support/server-process.js';
import { botToken } from '../support/telegram-emulator.js';

/** The emulator as the built app mounts it in demo mode (it keeps no data in the database). */
describe('Telegram emulator in the demo-mode app', () => {
  let server: RunningServer;
  const token = botToken(6_200_000_001);
  const photo = readFileSync(path.join(ROOT, 'src/web/public/og-image.jpg'));

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('answers the real client at /__emulators/telegram, uploads above the app’s JSON body limit included', async () => {
    const telegram = createTelegramClient({ apiRoot: `${server.url}/__emulators/telegram`, timeoutMs: 10_000 });
    expect((await telegram.getMe(token)).username).toBe('demo_6200000001_bot');
    expect(photo.length).toBeGreaterThan(64 * 1024);
    // The shopper writes first: Telegram lets a bot write only to people who started it.
    await fetch(`${server.url}/__emulators/telegram/updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot_id: 6_200_000_001, from: { id: 3001, first_name: 'Анна' }, text: '/start' }),
    });
    const sent = await telegram.sendPhoto(token, { chat_id: 3001, photo: { data: photo, filename: 'og.jpg' }, caption: 'Новинка' });
    const log = (await (await fetch(`${server.url}/__emulators/telegram/messages?chat_id=3001`)).json()) as SentMessage[];
    expect(log).toEqual([expect.objectContaining({ method: 'sendPhoto', photo: `upload:${sent.photo_file_id}`, caption: 'Новинка' })]);
  });

  it('takes a shopper’s photo larger than the app’s JSON body limit', async () => {
    const response = await fetch(`${server.url}/__emulators/telegram/updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot_id: 6_200_000_001, from: { id: 3002, first_name: 'Анна' }, photo_base64: photo.toString('base64') }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, update_id: expect.any(Number) });
  });
});
