import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { describeTelegramError, fromGrammyError, isRetryable, kindOfFailure, TelegramError } from './errors.js';
import { botIdOf, isWellFormedBotToken } from './token.js';

const token = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-';

describe('Telegram failures', () => {
  it('sorts Telegram answers into the kinds callers act on', () => {
    expect(kindOfFailure(429, 'Too Many Requests: retry after 5')).toBe('rate_limited');
    expect(kindOfFailure(403, 'Forbidden: bot was blocked by the user')).toBe('blocked');
    expect(kindOfFailure(403, 'Forbidden: user is deactivated')).toBe('blocked');
    expect(kindOfFailure(400, 'Bad Request: chat not found')).toBe('chat_not_found');
    expect(kindOfFailure(400, 'Bad Request: message is too long')).toBe('bad_request');
    expect(kindOfFailure(401, 'Unauthorized')).toBe('unauthorized');
    expect(kindOfFailure(502, 'Bad Gateway')).toBe('server');
    expect(kindOfFailure(409, 'Conflict: terminated by other getUpdates request')).toBe('bad_request');
  });

  it("maps grammY's errors into one TelegramError with retry_after", () => {
    const limited = fromGrammyError(
      new GrammyError(
        "Call to 'sendMessage' failed!",
        { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } },
        'sendMessage',
        {},
      ),
      'sendMessage',
      token,
    );
    expect(limited).toMatchObject({
      kind: 'rate_limited',
      errorCode: 429,
      retryAfterSeconds: 7,
      message: 'Telegram sendMessage: 429 Too Many Requests: retry after 7',
    });
    const network = fromGrammyError(
      new HttpError("Network request for 'getMe' failed!", new Error(`request to http://127.0.0.1:8081/bot${token}/getMe failed`)),
      'getMe',
      token,
    );
    expect(network.kind).toBe('network');
    expect(network.message).toBe('Telegram getMe: network error: request to <url> failed');
    expect(() => fromGrammyError(new TypeError('a bug'), 'getMe', token)).toThrow(TypeError);
  });

  it('retries rate limits, server errors and network errors only', () => {
    const of = (kind: TelegramError['kind']) => new TelegramError({ kind, method: 'sendMessage', description: 'x' });
    expect(['rate_limited', 'server', 'network'].map((kind) => isRetryable(of(kind as TelegramError['kind'])))).toEqual([true, true, true]);
    expect(
      ['blocked', 'chat_not_found', 'bad_request', 'unauthorized'].map((kind) => isRetryable(of(kind as TelegramError['kind']))),
    ).toEqual([false, false, false, false]);
    expect(isRetryable(new Error('x'))).toBe(false);
  });

  it('explains every kind to the seller in Russian', () => {
    const of = (kind: TelegramError['kind'], description = 'x') =>
      describeTelegramError(new TelegramError({ kind, method: 'sendMessage', description }));
    expect(of('blocked')).toBe('Пользователь заблокировал бота');
    expect(of('blocked', "Forbidden: bot can't initiate conversation with a user")).toBe(
      'Покупатель не запускал этого бота: Telegram не разрешает боту писать первым',
    );
    expect(of('chat_not_found')).toBe('Чат не найден: пользователь ещё не писал боту');
    expect(of('rate_limited')).toBe('Telegram ограничил частоту отправки');
    expect(of('unauthorized')).toBe('Неверный токен бота');
    expect(of('server')).toBe('Telegram недоступен');
    expect(of('network')).toBe('Telegram недоступен');
    expect(of('bad_request', 'Bad Request: message is too long')).toBe('Telegram отклонил запрос: Bad Request: message is too long');
  });
});

describe('bot tokens', () => {
  it('recognises the BotFather format', () => {
    expect(isWellFormedBotToken(token)).toBe(true);
    expect(isWellFormedBotToken('123:short')).toBe(false);
    expect(isWellFormedBotToken(`abc:${'x'.repeat(35)}`)).toBe(false);
    expect(isWellFormedBotToken(`${token}x`)).toBe(false);
    expect(isWellFormedBotToken(` ${token}`)).toBe(false);
  });

  it('reads the bot id before the colon', () => {
    expect(botIdOf(token)).toBe(123456789);
    expect(() => botIdOf('no-colon')).toThrow();
  });
});
