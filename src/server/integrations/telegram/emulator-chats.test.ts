import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botToken, startTelegramEmulator } from '../../../../tests/support/telegram-emulator.js';
import sharp from 'sharp';
import { messageUpdate } from './emulator-launch.js';
import { SHOPPER_MESSAGES_KEPT, TelegramEmulatorStore } from './emulator-store.js';
import { initDataSignature } from './web-app-init-data.js';

/** What Telegram allows a bot in a chat, and how a shopper opens its Mini Apps: the emulator as strict as Telegram. */
describe('Telegram emulator: chats and Mini App launches', () => {
  let emulator: Awaited<ReturnType<typeof startTelegramEmulator>>;
  let botId = 8_200_000_000;
  const shopper = { id: 7001, first_name: 'Анна', username: 'anna' };

  beforeAll(async () => {
    emulator = await startTelegramEmulator();
  });
  afterAll(() => emulator.close());

  const call = async (token: string, method: string, body: unknown) => {
    const response = await fetch(`${emulator.apiRoot}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const act = (id: number, action: Record<string, unknown>, from = shopper) =>
    emulator.control('POST', '/updates', { bot_id: id, from, ...action });
  /** A fresh bot the shopper has started; the emulator's per-chat limit is one message a second, so each test sends once per chat. */
  const startedBot = async () => {
    const token = botToken(++botId);
    await act(botId, { text: '/start' });
    return { token, id: botId };
  };
  const launchData = (url: string) => new URLSearchParams(new URL(url).hash.slice(1));

  it('refuses a bot writing first to a person, as Telegram does, until that person writes to it', async () => {
    const token = botToken(++botId);
    expect(await call(token, 'sendMessage', { chat_id: shopper.id, text: 'Скидка!' })).toEqual({
      status: 403,
      body: { ok: false, error_code: 403, description: "Forbidden: bot can't initiate conversation with a user" },
    });
    await act(botId, { text: '/start' });
    expect((await call(token, 'sendMessage', { chat_id: shopper.id, text: 'Здравствуйте!' })).status).toBe(200);
    // Starting one bot lets only that bot write.
    expect((await call(botToken(++botId), 'sendMessage', { chat_id: shopper.id, text: 'Скидка!' })).status).toBe(403);
  });

  it('opens an inline Mini App button with init data the bot signed for this shopper', async () => {
    const { token, id } = await startedBot();
    const markup = { inline_keyboard: [[{ text: 'Магазин', web_app: { url: 'http://127.0.0.1:3000/shop/abc' } }]] };
    expect((await call(token, 'sendMessage', { chat_id: shopper.id, text: 'Баллы: 10', reply_markup: markup })).status).toBe(200);
    const opened = await act(id, { press: 'Магазин' });
    const { url } = opened.body as { url: string };
    expect(url.startsWith('http://127.0.0.1:3000/shop/abc#')).toBe(true);
    const initData = new URLSearchParams(launchData(url).get('tgWebAppData')!);
    expect(JSON.parse(initData.get('user')!)).toMatchObject({ id: shopper.id, first_name: 'Анна', username: 'anna' });
    expect(initData.get('hash')).toBe(initDataSignature(initData, token));
    expect(initData.get('hash')).not.toBe(initDataSignature(initData, botToken(id + 1)));
  });

  it('opens a reply-keyboard Mini App button with no init data, as Telegram does', async () => {
    const { token, id } = await startedBot();
    const markup = { keyboard: [[{ text: 'Магазин', web_app: { url: 'https://shop.example/shop/abc' } }]], resize_keyboard: true };
    await call(token, 'sendMessage', { chat_id: shopper.id, text: 'Меню', reply_markup: markup });
    const { url } = (await act(id, { press: 'Магазин' })).body as { url: string };
    expect(launchData(url).has('tgWebAppData')).toBe(false);
    expect(launchData(url).get('tgWebAppVersion')).toBeTruthy();
  });

  it('opens the menu button with signed init data, and refuses when the bot set none', async () => {
    const { token, id } = await startedBot();
    expect((await act(id, { menu_button: true })).status).toBe(400);
    const menuButton = { type: 'web_app', text: 'Магазин', web_app: { url: 'https://shop.example/shop/xyz' } };
    expect((await call(token, 'setChatMenuButton', { menu_button: menuButton })).body).toEqual({ ok: true, result: true });
    expect((await emulator.control('GET', `/menu-button?bot_id=${id}&chat_id=${shopper.id}`)).body).toEqual(menuButton);
    expect((await call(token, 'getChatMenuButton', { chat_id: shopper.id })).body.result).toEqual(menuButton);
    const { url } = (await act(id, { menu_button: true })).body as { url: string };
    const initData = new URLSearchParams(launchData(url).get('tgWebAppData')!);
    expect(initData.get('hash')).toBe(initDataSignature(initData, token));
  });

  it('keeps the command list of each scope and language, and getMyCommands answers exactly it', async () => {
    const token = botToken(++botId);
    const commands = [
      { command: 'start', description: 'Начать' },
      { command: 'my_points_2', description: 'б'.repeat(256) },
    ];
    expect((await call(token, 'getMyCommands', {})).body).toEqual({ ok: true, result: [] });
    expect((await call(token, 'setMyCommands', { commands })).body).toEqual({ ok: true, result: true });
    expect((await call(token, 'getMyCommands', {})).body.result).toEqual(commands);
    expect((await call(token, 'getMyCommands', { scope: { type: 'default' } })).body.result).toEqual(commands);
    // Another language or scope has its own list: Telegram falls back only when showing, not in getMyCommands.
    expect((await call(token, 'getMyCommands', { language_code: 'ru' })).body.result).toEqual([]);
    expect((await call(token, 'getMyCommands', { scope: { type: 'all_private_chats' } })).body.result).toEqual([]);
    expect((await call(botToken(botId + 1), 'getMyCommands', {})).body.result).toEqual([]);
  });

  it('refuses a command list Telegram refuses: names a–z, 0–9, _ up to 32, descriptions 1–256, at most 100', async () => {
    const token = botToken(++botId);
    const refusal = async (commands: unknown, extra: Record<string, unknown> = {}) =>
      ((await call(token, 'setMyCommands', { commands, ...extra })).body as { description?: string }).description;
    for (const command of ['', 'Start', '/start', 'баллы', 'a'.repeat(33), 'my-points'])
      expect(await refusal([{ command, description: 'Описание' }])).toBe('Bad Request: BOT_COMMAND_INVALID');
    expect(await refusal([{ command: 'start', description: ' ' }])).toBe('Bad Request: command description must be non-empty');
    expect(await refusal([{ command: 'start', description: 'б'.repeat(257) }])).toBe('Bad Request: BOT_COMMAND_DESCRIPTION_INVALID');
    expect(await refusal([{ command: 'start' }])).toBe('Bad Request: can\'t parse BotCommand: Can\'t find field "description"');
    const many = Array.from({ length: 101 }, (_, index) => ({ command: `c${index}`, description: 'Описание' }));
    expect(await refusal(many)).toBe('Bad Request: BOT_COMMANDS_TOO_MUCH');
    expect(await refusal(many.slice(0, 100))).toBeUndefined();
    expect(await refusal([], { scope: { type: 'everyone' } })).toBe('Bad Request: unsupported bot command scope type');
    expect(await refusal([], { language_code: 'russian' })).toBe('Bad Request: invalid language code specified');
    expect((await call(token, 'getMyCommands', {})).body.result).toHaveLength(100);
  });

  it('turns a callback button press into a callback_query the bot answers once', async () => {
    const { token, id } = await startedBot();
    const sent = await call(token, 'sendMessage', {
      chat_id: shopper.id,
      text: 'Привет',
      reply_markup: { inline_keyboard: [[{ text: 'Мои баллы', callback_data: 'balance' }]] },
    });
    const pressed = await act(id, { press: 'Мои баллы' });
    expect(pressed.status).toBe(200);
    const [update] = (await call(token, 'getUpdates', { offset: (pressed.body as { update_id: number }).update_id })).body.result as Array<{
      callback_query: Record<string, unknown>;
    }>;
    expect(update!.callback_query).toMatchObject({
      from: { id: shopper.id },
      data: 'balance',
      message: { message_id: (sent.body.result as { message_id: number }).message_id, chat: { id: shopper.id, type: 'private' } },
    });
    const queryId = update!.callback_query.id;
    expect((await call(token, 'answerCallbackQuery', { callback_query_id: queryId })).body).toEqual({ ok: true, result: true });
    expect((await call(token, 'answerCallbackQuery', { callback_query_id: queryId })).status).toBe(400);
  });

  it('sends a reply-keyboard text button as the shopper’s message, and refuses a button the bot never showed', async () => {
    const { token, id } = await startedBot();
    await call(token, 'sendMessage', { chat_id: shopper.id, text: 'Меню', reply_markup: { keyboard: [[{ text: 'Мои баллы' }]] } });
    const pressed = await act(id, { press: 'Мои баллы' });
    const updates = (await call(token, 'getUpdates', { offset: (pressed.body as { update_id: number }).update_id })).body.result as Array<{
      message: { text: string };
    }>;
    expect(updates[0]!.message.text).toBe('Мои баллы');
    expect(await act(id, { press: 'Нет такой' })).toMatchObject({ status: 400 });
  });

  it('sends the presser’s own contact for a request_contact button, only from a private chat’s reply keyboard', async () => {
    const { token, id } = await startedBot();
    const button = { text: 'Поделиться номером', request_contact: true };
    const refused = async (reply_markup: unknown, chat_id = shopper.id) =>
      (await call(token, 'sendMessage', { chat_id, text: 'x', reply_markup })).body.description;
    expect(await refused({ inline_keyboard: [[button]] })).toBe('Bad Request: text buttons are unallowed in the inline keyboard');
    expect(await refused({ keyboard: [[button]] }, -100123)).toBe('Bad Request: BUTTON_TYPE_INVALID');
    await call(token, 'sendMessage', { chat_id: shopper.id, text: 'Номер?', reply_markup: { keyboard: [[button]] } });
    // A shopper whose phone the test did not give cannot share one.
    expect(await act(id, { press: button.text })).toMatchObject({ status: 400 });
    const pressed = await act(id, { press: button.text }, { ...shopper, phone_number: '79161234567' } as typeof shopper);
    const updates = (await call(token, 'getUpdates', { offset: (pressed.body as { update_id: number }).update_id })).body.result as Array<{
      message: { from: Record<string, unknown>; contact: unknown };
    }>;
    expect(updates[0]!.message.contact).toEqual({ phone_number: '79161234567', first_name: 'Анна', user_id: shopper.id });
    expect(updates[0]!.message.from).not.toHaveProperty('phone_number');
    // The chat keeps the card for the demo chat to show.
    const conversation = (await emulator.control('GET', `/conversation?bot_id=${id}&chat_id=${shopper.id}`)).body as unknown[];
    expect(conversation.at(-1)).toMatchObject({ from: 'shopper', contact: { phone_number: '79161234567', first_name: 'Анна' } });
  });

  it('refuses Mini App buttons without an http(s) address and callback data over 64 bytes', async () => {
    const { token } = await startedBot();
    const refused = async (reply_markup: unknown) =>
      (await call(token, 'sendMessage', { chat_id: shopper.id, text: 'x', reply_markup })).body;
    expect(await refused({ inline_keyboard: [[{ text: 'A', web_app: { url: 'javascript:alert(1)' } }]] })).toMatchObject({
      ok: false,
      error_code: 400,
    });
    expect(await refused({ keyboard: [[{ text: 'A', web_app: { url: 'ftp://shop' } }]] })).toMatchObject({ ok: false, error_code: 400 });
    expect(await refused({ inline_keyboard: [[{ text: 'A', callback_data: 'я'.repeat(33) }]] })).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: BUTTON_DATA_INVALID',
    });
    expect(
      (await call(token, 'setChatMenuButton', { menu_button: { type: 'web_app', text: 'A', web_app: { url: 'tg://x' } } })).status,
    ).toBe(400);
  });

  it('refuses a link button whose address is no http(s) or tg: link, as Telegram does', async () => {
    const { token } = await startedBot();
    const sent = async (url: unknown) =>
      (await call(token, 'sendMessage', { chat_id: shopper.id, text: 'x', reply_markup: { inline_keyboard: [[{ text: 'A', url }]] } }))
        .body;
    for (const url of ['javascript:alert(1)', 'ftp://files.example/a', 'не ссылка', 42])
      expect(await sent(url)).toEqual({ ok: false, error_code: 400, description: 'Bad Request: BUTTON_URL_INVALID' });
    expect(await sent('https://aurora.example/care')).toMatchObject({ ok: true });
  });

  it('refuses inline buttons Telegram refuses: empty text, a link that is not http(s), a Mini App outside a private chat', async () => {
    const { token } = await startedBot();
    const refused = async (reply_markup: unknown, chat_id = shopper.id) =>
      (await call(token, 'sendMessage', { chat_id, text: 'x', reply_markup })).body.description;
    expect(await refused({ inline_keyboard: [[{ text: ' ', url: 'https://example.com' }]] })).toBe('Bad Request: BUTTON_TEXT_INVALID');
    expect(await refused({ inline_keyboard: [[{ text: 'A', url: 'javascript:alert(1)' }]] })).toBe('Bad Request: BUTTON_URL_INVALID');
    expect(await refused({ inline_keyboard: [[{ text: 'A' }]] })).toBe('Bad Request: text buttons are unallowed in the inline keyboard');
    expect(await refused({ inline_keyboard: [[{ text: 'A', web_app: { url: 'https://shop.example' } }]] }, -100123)).toBe(
      'Bad Request: BUTTON_TYPE_INVALID',
    );
    // The same buttons in a private chat, under a photo too.
    const markup = {
      inline_keyboard: [[{ text: 'Магазин', web_app: { url: 'https://shop.example' } }], [{ text: 'Сайт', url: 'http://a.example/x' }]],
    };
    const sent = await call(token, 'sendPhoto', { chat_id: shopper.id, photo: 'https://example.com/a.png', reply_markup: markup });
    expect(sent.body).toMatchObject({ ok: true, result: { reply_markup: markup } });
  });

  it('keeps both sides of a chat in the chat’s order; presses of inline buttons and Mini App launches are no messages', async () => {
    const { token, id } = await startedBot();
    const markup = {
      inline_keyboard: [
        [{ text: 'Мои баллы', callback_data: 'balance' }],
        [{ text: 'Магазин', web_app: { url: 'https://shop.example/s' } }],
      ],
    };
    await call(token, 'sendMessage', { chat_id: shopper.id, text: 'Здравствуйте!', reply_markup: markup });
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await act(id, { photo_base64: photo.toString('base64'), caption: 'мой чек' });
    await act(id, { press: 'Мои баллы' });
    await act(id, { press: 'Магазин' });
    const conversation = (await emulator.control('GET', `/conversation?bot_id=${id}&chat_id=${shopper.id}`)).body as Array<
      Record<string, unknown>
    >;
    expect(conversation.map(({ from, message_id, text, caption }) => ({ from, message_id, text, caption }))).toEqual([
      { from: 'shopper', message_id: 1, text: '/start', caption: null },
      { from: 'bot', message_id: 2, text: 'Здравствуйте!', caption: null },
      { from: 'shopper', message_id: 3, text: null, caption: 'мой чек' },
    ]);
    expect(conversation[1]).toMatchObject({ reply_markup: markup });
    // The shopper's photo shows as Telegram's preview of it.
    const preview = await fetch(`${emulator.apiRoot}/shopper-photo?bot_id=${id}&file_id=${String(conversation[2]!.photo)}`);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(90);
    // Another bot's chat with the same shopper is another conversation; its files are not this bot's.
    expect((await emulator.control('GET', `/conversation?bot_id=${id + 1}&chat_id=${shopper.id}`)).body).toEqual([]);
    expect((await fetch(`${emulator.apiRoot}/shopper-photo?bot_id=${id + 1}&file_id=${String(conversation[2]!.photo)}`)).status).toBe(404);
    for (const query of [`bot_id=${id}`, `chat_id=${shopper.id}`, `bot_id=abc&chat_id=${shopper.id}`, `bot_id=${id}&chat_id=0`])
      expect((await emulator.control('GET', `/conversation?${query}`)).status).toBe(400);
    expect((await fetch(`${emulator.apiRoot}/shopper-photo?bot_id=${id}`)).status).toBe(400);
  });

  it(`keeps the newest ${SHOPPER_MESSAGES_KEPT} shoppers’ messages of all chats`, async () => {
    const store = new TelegramEmulatorStore();
    const user = { id: shopper.id, is_bot: false as const, first_name: 'Анна' };
    for (let index = 0; index <= SHOPPER_MESSAGES_KEPT; index += 1) {
      const update = messageUpdate(store, 1, user, { text: `№${index}` });
      if ('message' in update) store.keepShopperMessage(1, update.message);
    }
    expect(store.received).toHaveLength(SHOPPER_MESSAGES_KEPT);
    expect(store.received[0]!.text).toBe('№1');
    store.close();
  });

  it('takes exactly one of text, photo, press, menu_button or contact from a shopper', async () => {
    expect((await act(++botId, { text: '/start', press: 'A' })).status).toBe(400);
    expect((await act(botId, {})).status).toBe(400);
  });
});
