import { describe, expect, it } from 'vitest';
import { MAILING_MAX_RECIPIENTS, TELEGRAM_CAPTION_LIMIT, TELEGRAM_TEXT_LIMIT } from '../../src/contract/mailing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { waitForMails } from '../support/mail.js';
import { createFundedSeller, verifyData } from '../support/operator.js';
import { shopperActs, shopperSays } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { blockChat, eventually, newBotToken, newChatId, startChats, telegramMessages } from '../support/telegram.js';

const m = messages.mailing;
const consent = messages.mailingConsent;
const masked = (token: string) => `${token.slice(0, 5)}…${token.slice(-4)}`;

async function sellerWithBot(url: string): Promise<{ seller: Seller; token: string; botId: string }> {
  const seller = await createSeller(url);
  const { token, botId } = newBotToken();
  const saved = await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: token });
  if (saved.status !== 200) throw new Error(saved.text);
  return { seller, token, botId };
}

const send = (seller: Seller, body: Record<string, unknown>) =>
  seller.api.post('/mailing/send', { user_id: seller.id, message: 'Привет!', image_url: null, parse_mode: null, ...body });

async function finished(seller: Seller, id: number) {
  return eventually(
    async () => {
      const { body } = await seller.api.get(`/mailing/${id}`);
      return body.mailing.status === 'sending' ? undefined : body.mailing;
    },
    60_000,
    `mailing ${id} to finish`,
  );
}

/** A seller with one action that has its own shoppers' bot (and money for one more action). */
async function sellerWithActionBot(url: string): Promise<{ seller: Seller; projectId: number; token: string; botId: string }> {
  const seller = await createFundedSeller(url, 2 * BILLING_DEFAULTS.project_subscription_price + 100);
  const { token, botId } = newBotToken();
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529', telegram_bot_token: token });
  if (created.status !== 201) throw new Error(created.text);
  return { seller, projectId: created.body.project_id, token, botId };
}

const startBot = (url: string, botId: string, chatId: string) => startChats(url, botId, [chatId]);

/** Chats that started the bot, ready to receive its mailing. */
async function startedChats(url: string, botId: string, count: number): Promise<string[]> {
  const chats = Array.from({ length: count }, newChatId);
  await startChats(url, botId, chats);
  return chats;
}

/** What a bot sent with a mailing's text (its greetings on /start left aside). */
async function mailed(url: string, botId: string, text: string) {
  return (await telegramMessages(url, { bot_id: botId })).filter((message) => message.text === text);
}

describe.each(backends())('mailings on $name', (backend) => {
  const url = backend.url;

  describe('the bot token', () => {
    it('is checked with Telegram, saved, and shown only masked with the bot name', async () => {
      const seller = await createSeller(url);
      const { token, botId } = newBotToken();
      const saved = await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: `  ${token} ` });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ message: 'Токен сохранён.', bot_token: masked(token), bot_username: expect.stringContaining(botId) });
      expect((await seller.api.get('/mailing/settings')).body).toEqual({ bot_token: masked(token), bot_username: saved.body.bot_username });
      const profile = await seller.api.get('/profile');
      expect(profile.body.user.mailing_bot_token).toBe(masked(token));
      expect(profile.text).not.toContain(token);
    });

    it.each([
      ['empty', '', m.tokenRequiredToSave],
      ['blank', '   ', m.tokenRequiredToSave],
      ['missing', undefined, m.tokenRequiredToSave],
      ['malformed', 'not-a-token', m.tokenMalformed],
      ['short secret', '123456:abc', m.tokenMalformed],
    ])('a %s token is refused and nothing is saved', async (_name, token, message) => {
      const seller = await createSeller(url);
      const answer = await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: token });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
      expect((await seller.api.get('/mailing/settings')).body).toEqual({ bot_token: null, bot_username: null });
    });

    it('needs a session, and the session’s own user id', async () => {
      const seller = await createSeller(url);
      const other = await createSeller(url);
      const { token } = newBotToken();
      expect((await seller.api.post('/mailing/settings', { bot_token: token }, { token: null })).status).toBe(401);
      expect((await seller.api.post('/mailing/settings', { user_id: other.id, bot_token: token })).status).toBe(403);
      expect((await other.api.get('/mailing/settings')).body.bot_token).toBeNull();
    });
  });

  describe('sending', () => {
    it('delivers a small mailing within the request: the answer is final', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const chats = await startedChats(url, botId, 3);
      const answer = await send(seller, {
        bot_token: masked(token),
        recipient_ids: chats,
        message: '<b>Скидка</b> 10%',
        parse_mode: 'HTML',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: true,
        sent: 3,
        failed: 0,
        errors: [],
        status: 'done',
        total: 3,
        pending: 0,
        has_image: false,
        parse_mode: 'HTML',
      });
      const delivered = await telegramMessages(url, { bot_id: botId });
      expect(delivered.map((message) => String(message.chat_id)).sort()).toEqual([...chats].sort());
      expect(
        delivered.every(
          (message) => message.method === 'sendMessage' && message.text === '<b>Скидка</b> 10%' && message.parse_mode === 'HTML',
        ),
      ).toBe(true);
      // The seller hears it finished, once, with its figures and the way to the mailings.
      const [notice] = await waitForMails(url, seller.email);
      expect(notice!.subject).toBe(messages.sellerNotices.mailingFinishedTitle);
      expect(notice!.text).toContain('Рассылка «<b>Скидка</b> 10%» отправлена: доставлено 3 из 3, не доставлено 0.');
      expect(notice!.text).toContain(`${url}/dashboard/mailing`);
    });

    it('reports a recipient who blocked the bot as a per-recipient error, in Russian', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const [ok, blocked] = await startedChats(url, botId, 2);
      await blockChat(url, blocked!);
      const answer = await send(seller, { bot_token: masked(token), recipient_ids: [ok, blocked] });
      expect(answer.body).toMatchObject({
        success: false,
        sent: 1,
        failed: 1,
        status: 'done',
        errors: [{ chat_id: blocked, error: m.errorBlocked }],
      });
    });

    it('reports a recipient who never started the bot as a per-recipient error, as Telegram refuses it', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const [started] = await startedChats(url, botId, 1);
      const stranger = newChatId();
      const answer = await send(seller, { bot_token: masked(token), recipient_ids: [started, stranger] });
      expect(answer.body).toMatchObject({
        success: false,
        sent: 1,
        failed: 1,
        status: 'done',
        errors: [{ chat_id: stranger, error: m.errorNotStarted }],
      });
    });

    it('accepts ids as text split on spaces, commas and semicolons, without repeats', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const [a, b] = await startedChats(url, botId, 2);
      const answer = await send(seller, { bot_token: masked(token), recipient_ids: `${a}, ${b};${a}\n${b}` });
      expect(answer.body).toMatchObject({ total: 2, sent: 2 });
      expect(await telegramMessages(url, { bot_id: botId })).toHaveLength(2);
    });

    it('sends a picture by its address with the text as caption', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const answer = await send(seller, {
        bot_token: masked(token),
        recipient_ids: await startedChats(url, botId, 1),
        image_url: 'https://example.com/sale.jpg',
        message: 'Распродажа',
      });
      expect(answer.body).toMatchObject({ sent: 1, has_image: true });
      const [message] = await telegramMessages(url, { bot_id: botId });
      expect(message).toMatchObject({ method: 'sendPhoto', caption: 'Распродажа', photo: 'https://example.com/sale.jpg' });
    });

    it('delivers a large mailing in the background, each recipient exactly once, with progress figures', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const chats = await startedChats(url, botId, 90);
      const answer = await send(seller, { bot_token: masked(token), recipient_ids: chats });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'sending', total: 90, success: true });
      const done = await finished(seller, answer.body.id);
      expect(done).toMatchObject({ status: 'done', sent: 90, failed: 0, pending: 0, eta_seconds: 0 });
      const delivered = await telegramMessages(url, { bot_id: botId });
      expect(delivered).toHaveLength(90);
      expect(new Set(delivered.map((message) => String(message.chat_id))).size).toBe(90);
      const history = (await seller.api.get('/mailing/history')).body.mailings;
      expect(history[0]).toMatchObject({ id: answer.body.id, status: 'done', sent: 90, total: 90, text: 'Привет!' });
      expect(JSON.stringify(history)).not.toContain(token);
    });

    it('can be cancelled: nobody left gets the message', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const answer = await send(seller, { bot_token: masked(token), recipient_ids: await startedChats(url, botId, 400) });
      await eventually(async () => ((await seller.api.get(`/mailing/${answer.body.id}`)).body.mailing.sent > 0 ? true : undefined));
      const cancelled = await seller.api.post(`/mailing/${answer.body.id}/cancel`, { user_id: seller.id });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.message).toBe(m.cancelled);
      expect(cancelled.body.mailing.status).toBe('cancelled');
      const settledSent = await eventually(async () => {
        const { mailing } = (await seller.api.get(`/mailing/${answer.body.id}`)).body;
        return mailing.pending === 0 ? mailing.sent : undefined;
      });
      expect(settledSent).toBeLessThan(400);
      // What Telegram got is exactly what the mailing counts as sent, and nothing comes later.
      expect(await telegramMessages(url, { bot_id: botId })).toHaveLength(settledSent);
      expect((await seller.api.post(`/mailing/${answer.body.id}/cancel`, {})).body).toEqual({ message: m.alreadyFinished });
    });

    it('uses the saved token for its mask only: another mask is refused', async () => {
      const { seller } = await sellerWithBot(url);
      const answer = await send(seller, { bot_token: masked(newBotToken().token), recipient_ids: [newChatId()] });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(m.tokenMalformed);
      const fresh = await createSeller(url);
      expect((await send(fresh, { bot_token: 'something', recipient_ids: [newChatId()] })).body).toEqual({ message: m.tokenNotSaved });
    });

    it('accepts a full token typed for this mailing', async () => {
      const seller = await createSeller(url);
      const { token, botId } = newBotToken();
      const answer = await send(seller, { bot_token: token, recipient_ids: await startedChats(url, botId, 1) });
      expect(answer.body).toMatchObject({ sent: 1 });
      expect(await telegramMessages(url, { bot_id: botId })).toHaveLength(1);
    });
  });

  describe('refusals write nothing', () => {
    const long = (length: number) => 'я'.repeat(length);
    it.each([
      ['no token', { bot_token: '' }, m.tokenRequiredToSend],
      ['no recipients', { recipient_ids: [] }, m.recipientsRequired],
      ['recipients text without numbers', { recipient_ids: 'abc; ,' }, m.recipientsRequired],
      ['a recipient that is not a number', { recipient_ids: ['123', 'abc'] }, m.recipientInvalid],
      ['no text', { message: '   ' }, m.messageRequired],
      [
        'text over Telegram’s limit',
        { message: long(TELEGRAM_TEXT_LIMIT + 1) },
        `Текст длиннее ${TELEGRAM_TEXT_LIMIT} символов: Telegram не примет такое сообщение.`,
      ],
      [
        'caption over Telegram’s limit',
        { message: long(TELEGRAM_CAPTION_LIMIT + 1), image_url: 'https://example.com/a.jpg' },
        `С картинкой текст не длиннее ${TELEGRAM_CAPTION_LIMIT} символов (ограничение Telegram на подпись). Сократите текст или уберите картинку.`,
      ],
      ['an unknown parse mode', { parse_mode: 'Markdown' }, m.parseModeInvalid],
      ['a picture that is not a web address', { image_url: 'javascript:alert(1)' }, m.imageUrlInvalid],
      [
        'more ids typed or ticked than one mailing takes (a segment has no such cap)',
        // As text (the shortest ids): the JSON body's 64 KiB would refuse a longer list before its cap does.
        { recipient_ids: Array.from({ length: MAILING_MAX_RECIPIENTS + 1 }, (_, index) => String(index + 1)).join(' ') },
        fillMessage(m.tooManyRecipients, { max: '10 000' }),
      ],
    ])('%s', async (_name, override, message) => {
      const { seller, token, botId } = await sellerWithBot(url);
      const answer = await send(seller, { bot_token: masked(token), recipient_ids: [newChatId()], ...override });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
      expect((await seller.api.get('/mailing/history')).body.mailings).toEqual([]);
      expect(await telegramMessages(url, { bot_id: botId })).toEqual([]);
    });

    it('text at exactly Telegram’s limit is accepted', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const answer = await send(seller, {
        bot_token: masked(token),
        recipient_ids: await startedChats(url, botId, 1),
        message: long(TELEGRAM_TEXT_LIMIT),
      });
      expect(answer.body).toMatchObject({ sent: 1 });
    });
  });

  describe('through an action’s own bot', () => {
    it('reaches shoppers who wrote only to the action’s bot, and the history names the action', async () => {
      const { seller, projectId, botId } = await sellerWithActionBot(url);
      const mailingBot = newBotToken();
      expect((await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: mailingBot.token })).status).toBe(200);
      const chats = [newChatId(), newChatId()];
      for (const chat of chats) await startBot(url, botId, chat);
      const answer = await send(seller, { project_id: projectId, recipient_ids: chats, message: 'Скидка для своих' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ project_id: projectId, project_name: 'Aurora' });
      // The bot has just greeted them, so Telegram's one message a second per chat may hold the mailing back a moment.
      expect(await finished(seller, answer.body.id)).toMatchObject({
        success: true,
        sent: 2,
        failed: 0,
        status: 'done',
        project_id: projectId,
        project_name: 'Aurora',
      });
      expect((await mailed(url, botId, 'Скидка для своих')).map((message) => String(message.chat_id)).sort()).toEqual([...chats].sort());
      expect(await telegramMessages(url, { bot_id: mailingBot.botId })).toEqual([]);
      const history = (await seller.api.get('/mailing/history')).body.mailings;
      expect(history[0]).toMatchObject({ id: answer.body.id, project_id: projectId, project_name: 'Aurora' });
      expect(JSON.stringify(history)).not.toContain(mailingBot.token);
    });

    it('goes through the action’s bot even when a mailing bot token is sent too; without project_id the mailing bot sends', async () => {
      const { seller, projectId, botId } = await sellerWithActionBot(url);
      const mailingBot = newBotToken();
      await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: mailingBot.token });
      const chat = newChatId();
      await startBot(url, botId, chat);
      await startBot(url, mailingBot.botId, chat);
      const viaAction = await send(seller, {
        project_id: projectId,
        bot_token: masked(mailingBot.token),
        recipient_ids: [chat],
        message: 'Через акцию',
      });
      expect(await finished(seller, viaAction.body.id)).toMatchObject({ sent: 1, project_id: projectId });
      const viaMailingBot = await send(seller, {
        bot_token: masked(mailingBot.token),
        recipient_ids: [chat],
        message: 'Через бота рассылок',
      });
      expect(await finished(seller, viaMailingBot.body.id)).toMatchObject({ sent: 1, project_id: null, project_name: null });
      expect(await mailed(url, botId, 'Через акцию')).toHaveLength(1);
      expect(await mailed(url, mailingBot.botId, 'Через бота рассылок')).toHaveLength(1);
      expect(await mailed(url, botId, 'Через бота рассылок')).toEqual([]);
    });

    // 150 shoppers start the bot first, each an update the bot answers: on a loaded machine that alone nears 30 s.
    it('reads the action’s token at each batch: removing the bot stops the rest of the mailing', { timeout: 90_000 }, async () => {
      const { seller, projectId, botId } = await sellerWithActionBot(url);
      const chats = Array.from({ length: 150 }, newChatId);
      for (const chat of chats) await startBot(url, botId, chat);
      const answer = await send(seller, { project_id: projectId, recipient_ids: chats, message: 'Большая рассылка' });
      expect(answer.body).toMatchObject({ status: 'sending', total: 150, project_id: projectId });
      await eventually(async () => ((await seller.api.get(`/mailing/${answer.body.id}`)).body.mailing.sent > 0 ? true : undefined));
      const removed = await seller.api.request('PUT', `/projects/${projectId}`, { body: { telegram_bot_token: null } });
      expect(removed.status).toBe(200);
      const done = await finished(seller, answer.body.id);
      expect(done.status).toBe('failed');
      expect(done.sent).toBeLessThan(150);
      expect(done.sent + done.failed).toBe(150);
      expect(done.errors[0]).toMatchObject({ error: m.errorActionBotGone });
      // Every message the old bot sent is counted, and nothing went out after the bot was removed.
      expect(await mailed(url, botId, 'Большая рассылка')).toHaveLength(done.sent);
    });

    it('is refused for an action without a bot, another seller’s or a deleted action, and a malformed id — nothing written', async () => {
      const { seller, projectId, botId } = await sellerWithActionBot(url);
      const plain = await seller.api.post('/projects', { name: 'Без бота', project_inns: '072196655529' });
      expect(plain.status).toBe(201);
      const other = await sellerWithActionBot(url);
      const chat = newChatId();
      const noBot = await send(seller, { project_id: plain.body.project_id, recipient_ids: [chat] });
      expect(noBot.status).toBe(400);
      expect(noBot.body).toEqual({ message: m.actionHasNoBot });
      const foreign = await send(seller, { project_id: other.projectId, recipient_ids: [chat] });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ message: messages.actions.notFound });
      for (const bad of ['abc', -1, 1.5]) {
        const malformed = await send(seller, { project_id: bad, recipient_ids: [chat] });
        expect(malformed.status).toBe(400);
        expect(malformed.body).toEqual({ message: m.projectInvalid });
      }
      expect((await seller.api.request('DELETE', `/projects/${projectId}`)).status).toBe(200);
      const deleted = await send(seller, { project_id: projectId, recipient_ids: [chat] });
      expect(deleted.status).toBe(404);
      expect((await seller.api.get('/mailing/history')).body.mailings).toEqual([]);
      expect(await telegramMessages(url, { bot_id: botId })).toEqual([]);
      expect(await telegramMessages(url, { bot_id: other.botId })).toEqual([]);
    });
  });

  describe('consent to mailings (38-ФЗ ст. 18)', () => {
    it('an opt-out by the button and by /stop is skipped and counted; /menu opts back in; a receipt still gets its answer', async () => {
      const { seller, projectId, botId } = await sellerWithActionBot(url);
      const bot = { botId };
      const [pressing, stopping, staying] = await startedChats(url, botId, 3);
      const first = await send(seller, { project_id: projectId, recipient_ids: [pressing, stopping, staying], message: 'Первая' });
      expect(await finished(seller, first.body.id)).toMatchObject({ sent: 3, opted_out: 0 });
      const [message] = await mailed(url, botId, 'Первая');
      expect(message!.reply_markup).toEqual({ inline_keyboard: [[{ text: consent.unsubscribeButton, callback_data: 'mailing:stop' }]] });

      const optedOut = fillMessage(consent.optedOut, { name: 'Aurora' });
      expect((await shopperSays(url, bot, pressing!, { press: consent.unsubscribeButton })).map((x) => x.text)).toEqual([optedOut]);
      expect((await shopperSays(url, bot, stopping!, { text: '/stop' })).map((x) => x.text)).toEqual([optedOut]);

      const second = await send(seller, { project_id: projectId, recipient_ids: [pressing, stopping, staying], message: 'Вторая' });
      expect(await finished(seller, second.body.id)).toMatchObject({ total: 3, sent: 1, failed: 0, opted_out: 2, success: true });
      expect((await mailed(url, botId, 'Вторая')).map((x) => String(x.chat_id))).toEqual([staying]);
      const history = (await seller.api.get('/mailing/history')).body.mailings;
      expect(history.map((x: { opted_out: number }) => x.opted_out)).toEqual([2, 0]);

      // A receipt is no advertising: its answer still reaches a shopper who opted out.
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      const [answer] = await shopperSays(url, bot, stopping!, { text: qr });
      expect(answer!.text).toContain('Начислено');

      // Opted out, /menu offers to opt back in; after it, the menu no longer does and mailings reach them again.
      const [menu] = await shopperSays(url, bot, pressing!, { text: '/menu' });
      expect(JSON.stringify(menu!.reply_markup)).toContain(consent.optBackInButton);
      const [back] = await shopperSays(url, bot, pressing!, { press: consent.optBackInButton });
      expect(back!.text).toBe(fillMessage(consent.optedBackIn, { name: 'Aurora' }));
      const [menuAgain] = await shopperSays(url, bot, pressing!, { text: '/menu' });
      expect(JSON.stringify(menuAgain!.reply_markup)).not.toContain(consent.optBackInButton);
      const third = await send(seller, { project_id: projectId, recipient_ids: [pressing, stopping], message: 'Третья' });
      expect(await finished(seller, third.body.id)).toMatchObject({ sent: 1, opted_out: 1 });
      expect((await mailed(url, botId, 'Третья')).map((x) => String(x.chat_id))).toEqual([pressing]);
    });

    it('a link button counts each recipient’s first press through a redirect to its own target; forged links are 404', async () => {
      const { seller, projectId, botId } = await sellerWithActionBot(url);
      const [reader, other] = await startedChats(url, botId, 2);
      const target = 'https://aurora.example/sale?utm=tg';
      const sent = await send(seller, {
        project_id: projectId,
        recipient_ids: [reader, other],
        message: 'Распродажа',
        button: { text: 'Смотреть', url: target },
      });
      await finished(seller, sent.body.id);
      const [message] = (await mailed(url, botId, 'Распродажа')).filter((x) => String(x.chat_id) === reader);
      const link = (message!.reply_markup as { inline_keyboard: { url?: string }[][] }).inline_keyboard[0]![0]!.url!;
      expect(link).toMatch(new RegExp(`^${url}/m/${sent.body.id}/${reader}/[\\w-]{22}$`));
      // The shopper presses it in Telegram: the emulator opens the address.
      const pressed = await shopperActs(url, botId, reader!, { press: 'Смотреть' });
      expect(pressed.body.url).toBe(link);
      for (let press = 0; press < 2; press++) {
        const opened = await fetch(link, { redirect: 'manual' });
        expect([opened.status, opened.headers.get('location')]).toEqual([302, target]);
      }
      const signature = link.split('/').at(-1)!;
      const forged = [
        `${url}/m/${sent.body.id}/${other}/${signature}`,
        `${url}/m/${sent.body.id}/${reader}/${'A'.repeat(22)}`,
        `${url}/m/${sent.body.id + 1000}/${reader}/${signature}`,
        `${url}/m/${sent.body.id}/${reader}/${signature}x`,
        `${url}/m/abc/${reader}/${signature}`,
      ];
      for (const address of forged) {
        const answer = await fetch(address, { redirect: 'manual' });
        expect([answer.status, answer.headers.get('location')], address).toEqual([404, null]);
        expect(await answer.json()).toEqual({ message: consent.linkNotFound });
      }
      const figures = (await seller.api.get(`/mailing/${sent.body.id}`)).body.mailing;
      expect(figures).toMatchObject({ sent: 2, clicks: 1, opted_out: 0 });
      // The figures agree with the recipients' rows (`admin verify`'s invariants), opted-out and clicked ones included.
      expect((await verifyData(url)).violations).toEqual([]);
    });

    it('a mailing bot’s message carries the recipient’s unsubscribe page: a GET changes nothing, the button opts out', async () => {
      const { seller, token, botId } = await sellerWithBot(url);
      const [leaving, staying] = await startedChats(url, botId, 2);
      const first = await send(seller, { bot_token: masked(token), recipient_ids: [leaving, staying], message: 'Через бота рассылок' });
      expect(await finished(seller, first.body.id)).toMatchObject({ sent: 2 });
      const [message] = (await mailed(url, botId, 'Через бота рассылок')).filter((x) => String(x.chat_id) === leaving);
      const page = (await shopperActs(url, botId, leaving!, { press: consent.unsubscribeButton })).body.url!;
      expect(page).toMatch(new RegExp(`^${url}/m/${first.body.id}/${leaving}/[\\w-]{22}/stop$`));
      expect(message!.reply_markup).toEqual({ inline_keyboard: [[{ text: consent.unsubscribeButton, url: page }]] });
      const shown = await fetch(page);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain(consent.pageText);
      const again = await send(seller, { bot_token: masked(token), recipient_ids: [leaving], message: 'Ещё раз' });
      expect(await finished(seller, again.body.id)).toMatchObject({ sent: 1, opted_out: 0 });

      const done = await fetch(page, { method: 'POST' });
      expect([done.status, await done.text()]).toEqual([200, expect.stringContaining(consent.pageDone)]);
      expect((await fetch(page.replace(`/${leaving}/`, `/${staying}/`), { method: 'POST' })).status).toBe(404);
      const last = await send(seller, { bot_token: masked(token), recipient_ids: [leaving, staying], message: 'После отписки' });
      expect(await finished(seller, last.body.id)).toMatchObject({ total: 2, sent: 1, opted_out: 1 });
      expect((await mailed(url, botId, 'После отписки')).map((x) => String(x.chat_id))).toEqual([staying]);
    });
  });

  it('another seller’s mailing is not found, for reading and for cancelling', async () => {
    const { seller, token } = await sellerWithBot(url);
    const other = await createSeller(url);
    const { body } = await send(seller, { bot_token: masked(token), recipient_ids: [newChatId()] });
    expect((await other.api.get(`/mailing/${body.id}`)).status).toBe(404);
    expect((await other.api.post(`/mailing/${body.id}/cancel`, {})).body).toEqual({ message: m.notFound });
    expect((await other.api.get('/mailing/history')).body.mailings).toEqual([]);
    expect((await seller.api.get(`/mailing/${body.id}?user_id=${other.id}`)).status).toBe(403);
    expect((await seller.api.get('/mailing/abc')).status).toBe(400);
  });
});
