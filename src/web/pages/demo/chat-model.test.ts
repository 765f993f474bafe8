import { describe, expect, it } from 'vitest';
import {
  botMessages,
  contactPhone,
  currentKeyboard,
  inlineKeyboard,
  isMiniAppClose,
  openedPage,
  readShopper,
  sentFile,
  type BotMessage,
} from './chat-model.js';

const answer = (at: string, reply_markup: unknown = null, text = 'ok'): BotMessage => ({
  message_id: 1,
  method: 'sendMessage',
  text,
  caption: null,
  photo: null,
  file_name: null,
  reply_markup,
  at,
});

describe('the demo chat keyboard', () => {
  it('is the latest answer’s reply keyboard; a Mini App button opens a page', () => {
    const keyboard = {
      keyboard: [[{ text: 'Мои баллы' }, { text: 'Магазин', web_app: { url: 'https://shop.example/s/1' } }]],
      resize_keyboard: true,
    };
    expect(currentKeyboard([answer('2026-01-01T00:00:00Z', keyboard), answer('2026-01-01T00:00:01Z')])).toEqual([
      [
        { text: 'Мои баллы', opensPage: false },
        { text: 'Магазин', opensPage: true },
      ],
    ]);
  });

  it('disappears when the bot removes it, and is empty before any keyboard', () => {
    const keyboard = { keyboard: [['Мои баллы']] };
    expect(currentKeyboard([answer('2026-01-01T00:00:00Z', keyboard)])).toEqual([[{ text: 'Мои баллы', opensPage: false }]]);
    expect(currentKeyboard([answer('2026-01-01T00:00:00Z', keyboard), answer('2026-01-01T00:00:01Z', { remove_keyboard: true })])).toEqual(
      [],
    );
    expect(currentKeyboard([answer('2026-01-01T00:00:00Z', { inline_keyboard: [] })])).toEqual([]);
  });

  it('reads the inline buttons under one message', () => {
    const markup = {
      inline_keyboard: [
        [{ text: 'Мои баллы', callback_data: 'balance' }],
        [{ text: 'Магазин', web_app: { url: 'https://shop.example/s/1' } }],
      ],
    };
    expect(inlineKeyboard(answer('2026-01-01T00:00:00Z', markup))).toEqual([
      [{ text: 'Мои баллы', opensPage: false }],
      [{ text: 'Магазин', opensPage: true }],
    ]);
    expect(inlineKeyboard(answer('2026-01-01T00:00:00Z', { keyboard: [['A']] }))).toEqual([]);
  });

  it('tells a press that opened a page, and a Mini App closing itself', () => {
    expect(openedPage({ ok: true, url: 'https://shop.example/s/1#tgWebAppData=x' })).toBe('https://shop.example/s/1#tgWebAppData=x');
    expect(openedPage({ ok: true, update_id: 5 })).toBeNull();
    expect(isMiniAppClose(JSON.stringify({ eventType: 'web_app_close', eventData: {} }))).toBe(true);
    expect(isMiniAppClose('not json')).toBe(false);
    expect(isMiniAppClose({ eventType: 'web_app_ready' })).toBe(false);
  });
});

describe('the demo chat conversation', () => {
  it('takes the keyboard from the bot’s side only', () => {
    const keyboard = { keyboard: [['Мои баллы']] };
    const shopperSaid = {
      from: 'shopper' as const,
      message_id: 2,
      text: 'Мои баллы',
      caption: null,
      photo: null,
      contact: null,
      at: '2026-01-01T00:00:01Z',
    };
    const entries = [{ from: 'bot' as const, ...answer('2026-01-01T00:00:00Z', keyboard) }, shopperSaid];
    expect(currentKeyboard(botMessages(entries))).toEqual([[{ text: 'Мои баллы', opensPage: false }]]);
  });
});

describe('the remembered shopper', () => {
  it('is read back, or replaced by a fresh one when missing or unreadable', () => {
    expect(readShopper(JSON.stringify({ id: 42, firstName: 'Ира', username: 'ira' }), () => 7)).toEqual({
      id: 42,
      firstName: 'Ира',
      username: 'ira',
    });
    expect(readShopper(null, () => 7)).toEqual({ id: 7, firstName: 'Покупатель', username: '' });
    expect(readShopper('{bad json', () => 7).id).toBe(7);
    expect(readShopper(JSON.stringify({ id: -1, firstName: 'Ира', username: '' }), () => 7).id).toBe(7);
  });
});

describe('what the demo chat shows for files and contacts', () => {
  it('shows a document as a file line and a video as a placeholder, each with its name; a text is neither', () => {
    const sent = (method: BotMessage['method'], file_name: string | null) => ({ ...answer('2026-01-01T00:00:00Z'), method, file_name });
    expect(sentFile(sent('sendDocument', 'guide.pdf'))).toEqual({ kind: 'document', name: 'guide.pdf' });
    expect(sentFile(sent('sendVideo', 'how-to.mp4'))).toEqual({ kind: 'video', name: 'how-to.mp4' });
    expect(sentFile(sent('sendVideo', null))).toEqual({ kind: 'video', name: null });
    expect(sentFile(sent('sendMessage', null))).toBeNull();
  });

  it('writes a contact’s phone with its plus, however Telegram handed it over', () => {
    expect(contactPhone({ phone_number: '79161234567' })).toBe('+79161234567');
    expect(contactPhone({ phone_number: '+79161234567' })).toBe('+79161234567');
  });
});
