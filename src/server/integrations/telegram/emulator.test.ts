import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botToken, startTelegramEmulator } from '../../../../tests/support/telegram-emulator.js';
import type { SentMessage } from './emulator-store.js';

/** The Bot API's wire format, spoken without grammY: what any client (curl, another library) gets. */
describe('Telegram emulator wire format', () => {
  let emulator: Awaited<ReturnType<typeof startTelegramEmulator>>;
  let botId = 8_100_000_000;
  const nextToken = (secret?: string) => botToken(++botId, secret);

  beforeAll(async () => {
    emulator = await startTelegramEmulator({ everyChatStarted: true });
  });
  afterAll(() => emulator.close());

  const call = async (
    token: string,
    method: string,
    init?: RequestInit & { query?: Record<string, string> },
    apiRoot = emulator.apiRoot,
  ) => {
    const query = init?.query ? `?${new URLSearchParams(init.query)}` : '';
    const response = await fetch(`${apiRoot}/bot${token}/${method}${query}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  it('routes tokens whose secret has dashes and underscores, answering getMe by GET', async () => {
    const token = nextToken('-_AbCdEfGhIjKlMnOpQrStUvWxYz0123456'.slice(0, 35));
    expect(await call(token, 'getMe')).toEqual({
      status: 200,
      body: { ok: true, result: expect.objectContaining({ id: botId, is_bot: true, username: `demo_${botId}_bot` }) },
    });
  });

  it('answers 401 to a malformed token and 404 to an unknown method, as Telegram does', async () => {
    expect(await call('12345:short', 'getMe')).toEqual({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(await call(`abc:${'x'.repeat(35)}`, 'getMe')).toMatchObject({ status: 401 });
    expect(await call(nextToken(), 'sendTelepathy')).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: 'Not Found' },
    });
  });

  it('accepts parameters in the query string, a form body and a JSON body alike', async () => {
    const token = nextToken();
    expect(await call(token, 'sendMessage', { query: { chat_id: '1', text: 'из запроса' } })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const form: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ chat_id: '2', text: 'из формы', reply_markup: '{"remove_keyboard":true}' }),
    };
    expect(await call(token, 'sendMessage', form)).toMatchObject({
      status: 200,
      body: { ok: true, result: { chat: { id: 2, type: 'private' }, text: 'из формы' } },
    });
    expect(await call(token, 'SENDMESSAGE', json({ chat_id: 3, text: 'из JSON' }))).toMatchObject({ status: 200 });
    const log = (await emulator.control('GET', `/messages?bot_id=${botId}`)).body as SentMessage[];
    expect(log.map((m) => [m.chat_id, m.text, m.reply_markup])).toEqual([
      [1, 'из запроса', null],
      [2, 'из формы', { remove_keyboard: true }],
      [3, 'из JSON', null],
    ]);
  });

  it('validates sendMessage like Telegram', async () => {
    const token = nextToken();
    const refusal = async (body: unknown) => (await call(token, 'sendMessage', json(body))).body;
    expect(await refusal({ text: 'x' })).toEqual({ ok: false, error_code: 400, description: 'Bad Request: chat_id is empty' });
    expect(await refusal({ chat_id: 5 })).toMatchObject({ description: 'Bad Request: message text is empty' });
    expect(await refusal({ chat_id: 5, text: '' })).toMatchObject({ description: 'Bad Request: message text is empty' });
    expect(await refusal({ chat_id: 'abc', text: 'x' })).toMatchObject({ description: 'Bad Request: chat not found' });
    expect(await refusal({ chat_id: 1.5, text: 'x' })).toMatchObject({ description: 'Bad Request: chat not found' });
    expect(await refusal({ chat_id: 5, text: 'x', parse_mode: 'BBCode' })).toMatchObject({
      description: 'Bad Request: unsupported parse_mode',
    });
    expect(await refusal({ chat_id: 5, text: 'x', reply_markup: '{broken' })).toMatchObject({ error_code: 400 });
    // Nothing refused reaches the log.
    expect((await emulator.control('GET', `/messages?bot_id=${botId}`)).body).toEqual([]);
  });

  it('answers the text with its HTML parsed away, as Telegram does', async () => {
    const { body } = await call(nextToken(), 'sendMessage', json({ chat_id: 8, text: '<b>Скидка</b> &lt;10%&gt;', parse_mode: 'HTML' }));
    expect(body).toMatchObject({ ok: true, result: { text: 'Скидка <10%>' } });
  });

  it('accepts HTML, MarkdownV2 and legacy Markdown in any letter case', async () => {
    const token = nextToken();
    const modes = ['HTML', 'MarkdownV2', 'Markdown', 'html'];
    for (const [index, parse_mode] of modes.entries()) {
      expect(await call(token, 'sendMessage', json({ chat_id: 100 + index, text: 'Привет', parse_mode }))).toMatchObject({ status: 200 });
    }
  });

  it('answers 429 with retry_after in parameters', async () => {
    const token = nextToken();
    await call(token, 'sendMessage', json({ chat_id: 9, text: 'раз' }));
    expect(await call(token, 'sendMessage', json({ chat_id: 9, text: 'два' }))).toEqual({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } },
    });
  });

  it('takes a multipart upload under its own field name', async () => {
    const token = nextToken();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('chat_id', '77');
    form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'small.png');
    const { status, body } = await call(token, 'sendPhoto', { method: 'POST', body: form });
    expect(status).toBe(200);
    const photo = (body.result as { photo: { file_id: string; width: number; height: number; file_size: number }[] }).photo;
    // Smaller than Telegram's 90 px preview: one size only.
    expect(photo).toEqual([
      { file_id: expect.any(String), file_unique_id: expect.any(String), width: 64, height: 64, file_size: png.length },
    ]);
    expect(await call(token, 'sendPhoto', json({ chat_id: 78 }))).toMatchObject({
      body: { description: 'Bad Request: there is no photo in the request' },
    });
    expect(await call(token, 'sendPhoto', json({ chat_id: 79, photo: 'AgACunknown' }))).toMatchObject({
      body: { description: 'Bad Request: wrong file identifier/HTTP URL specified' },
    });
  });

  it('holds Telegram’s upload limits: 50 MB for a document or video, 10 MB for a photo', () => {
    expect(emulator.store.uploadLimits).toEqual({ fileBytes: 50 * 1024 * 1024, photoBytes: 10 * 1024 * 1024 });
  });

  // The refusals at limits of a few kilobytes: the same parser and checks as Telegram's 50 MB, whose
  // uploads took 4 s alone and over 20 s beside the rest of the suite.
  it('takes a document or video upload up to its limit, refuses a bigger one 413, and a photo over its own', async () => {
    const limits = { fileBytes: 64 * 1024, photoBytes: 16 * 1024 };
    const small = await startTelegramEmulator({ everyChatStarted: true, uploadLimits: limits });
    try {
      const token = nextToken();
      const upload = async (method: string, field: string, bytes: number, chatId: string) => {
        const form = new FormData();
        form.set('chat_id', chatId);
        form.set(field, new Blob([new Uint8Array(bytes)]), 'file.bin');
        return call(token, method, { method: 'POST', body: form }, small.apiRoot);
      };
      const sent = await upload('sendDocument', 'document', 1024, '80');
      expect(sent).toMatchObject({ status: 200, body: { result: { document: { file_name: 'file.bin', file_size: 1024 } } } });
      expect((await upload('sendVideo', 'video', limits.fileBytes, '81')).status).toBe(200);
      expect(await upload('sendDocument', 'document', limits.fileBytes + 1, '82')).toMatchObject({
        status: 413,
        body: { ok: false, error_code: 413, description: 'Request Entity Too Large' },
      });
      // A photo at its limit passes the size check and reaches the image's (zeros are no image).
      expect(await upload('sendPhoto', 'photo', limits.photoBytes, '83')).toMatchObject({
        status: 400,
        body: { description: 'Bad Request: IMAGE_PROCESS_FAILED' },
      });
      expect(await upload('sendPhoto', 'photo', limits.photoBytes + 1, '83')).toMatchObject({
        status: 413,
        body: { ok: false, error_code: 413, description: 'Request Entity Too Large' },
      });
      expect(
        await call(token, 'sendDocument', json({ chat_id: 84, document: 'https://example.com/guide.pdf' }), small.apiRoot),
      ).toMatchObject({
        status: 200,
        body: { result: { document: { file_name: 'guide.pdf' } } },
      });
      // The demo chat names each file the bot sent.
      const named = async (chatId: number) =>
        ((await (await fetch(`${small.apiRoot}/messages?chat_id=${chatId}`)).json()) as SentMessage[]).map((m) => m.file_name);
      expect([await named(80), await named(81), await named(84)]).toEqual([['file.bin'], ['file.bin'], ['guide.pdf']]);
    } finally {
      await small.close();
    }
  });

  it('blocks a chat for every bot until un-blocked', async () => {
    const [first, second] = [nextToken(), nextToken()];
    expect((await emulator.control('POST', '/blocked', { chat_id: 555 })).status).toBe(200);
    for (const token of [first, second]) {
      expect(await call(token, 'sendMessage', json({ chat_id: 555, text: 'x' }))).toEqual({
        status: 403,
        body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
      });
    }
    expect((await emulator.control('DELETE', '/blocked')).status).toBe(200);
    expect(emulator.store.blockedChats.size).toBe(0);
    expect((await emulator.control('POST', '/blocked', { chat_id: 'abc' })).status).toBe(400);
  });

  it('answers 502 to every Bot API call during an outage, and not after it ends', async () => {
    const token = nextToken();
    await emulator.control('POST', '/outage', { seconds: 30 });
    expect(await call(token, 'getMe')).toEqual({ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
    await emulator.control('POST', '/outage', { seconds: 0 });
    expect((await call(token, 'getMe')).status).toBe(200);
  });

  it('manages the webhook: setWebhook, getWebhookInfo, deleteWebhook', async () => {
    const token = nextToken();
    expect(await call(token, 'setWebhook', json({ url: 'http://127.0.0.1:9/hook', secret_token: 'bad secret!' }))).toMatchObject({
      body: { description: 'Bad Request: secret token contains unallowed characters' },
    });
    expect(
      await call(token, 'setWebhook', json({ url: 'http://127.0.0.1:9/hook', secret_token: 's3cret', allowed_updates: ['message'] })),
    ).toMatchObject({ body: { ok: true, result: true } });
    expect((await call(token, 'getWebhookInfo')).body.result).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      pending_update_count: 0,
      allowed_updates: ['message'],
    });
    expect(await call(token, 'deleteWebhook')).toMatchObject({ body: { ok: true, result: true } });
    expect((await call(token, 'getWebhookInfo')).body.result).toMatchObject({ url: '' });
  });

  it('refuses malformed shopper updates', async () => {
    expect((await emulator.control('POST', '/updates', { bot_id: 1, from: { id: 2, first_name: 'А' } })).status).toBe(400);
    expect(
      (
        await emulator.control('POST', '/updates', {
          bot_id: 1,
          from: { id: 2, first_name: 'А' },
          photo_base64: Buffer.from('text').toString('base64'),
        })
      ).status,
    ).toBe(400);
  });

  it('ends a waiting getUpdates with 409 when another one starts', async () => {
    const token = nextToken();
    const first = call(token, 'getUpdates', json({ timeout: 30 }));
    const id = botId;
    await expect.poll(() => emulator.store.updates.isPolling(id)).toBe(true);
    const second = await call(token, 'getUpdates', json({ timeout: 0 }));
    expect(second).toEqual({ status: 200, body: { ok: true, result: [] } });
    expect(await first).toMatchObject({
      status: 409,
      body: { description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' },
    });
  });
});
