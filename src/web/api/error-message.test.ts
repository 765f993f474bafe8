import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.js';
import { extractErrorMessage } from './error-message.js';

const FALLBACK = 'Экранный запасной текст';

describe('extractErrorMessage follows the order of SPEC §8', () => {
  it('takes a body that is a plain JSON string', () => {
    expect(extractErrorMessage('"Акция не найдена"', FALLBACK)).toBe('Акция не найдена');
  });

  it('takes `detail` when it is a string', () => {
    expect(extractErrorMessage(JSON.stringify({ detail: 'Из detail', message: 'Из message' }), FALLBACK)).toBe('Из detail');
  });

  it('takes `detail.message` when `detail` is an object', () => {
    const body = { detail: { message: 'Из detail.message' }, message: 'Из message' };
    expect(extractErrorMessage(JSON.stringify(body), FALLBACK)).toBe('Из detail.message');
  });

  it('takes `message` when there is no usable `detail`', () => {
    const body = { detail: { code: 42 }, message: 'Неверный email или пароль', error: 'Из error' };
    expect(extractErrorMessage(JSON.stringify(body), FALLBACK)).toBe('Неверный email или пароль');
  });

  it('takes `error` as the last field', () => {
    expect(extractErrorMessage(JSON.stringify({ error: 'Из error' }), FALLBACK)).toBe('Из error');
  });

  it('skips empty and non-string fields on the way down', () => {
    const body = { detail: '  ', message: 17, error: 'Из error' };
    expect(extractErrorMessage(JSON.stringify(body), FALLBACK)).toBe('Из error');
  });

  it('uses a non-JSON body as the message, trimmed', () => {
    expect(extractErrorMessage('  Сервис временно недоступен\n', FALLBACK)).toBe('Сервис временно недоступен');
  });

  it('does not show an HTML error page as a message', () => {
    expect(extractErrorMessage('<!DOCTYPE html><html><body>502 Bad Gateway</body></html>', FALLBACK)).toBe(FALLBACK);
    expect(extractErrorMessage('<html><body>Bad Gateway</body></html>', FALLBACK)).toBe(FALLBACK);
  });

  it.each([
    ['an empty body', ''],
    ['a blank body', '   '],
    ['an empty JSON string', '""'],
    ['JSON without any of the fields', '{"status":500}'],
    ['a JSON array', '["Ошибка"]'],
    ['JSON null', 'null'],
    ['a JSON number', '500'],
  ])('falls back to the screen text for %s', (_case, body) => {
    expect(extractErrorMessage(body, FALLBACK)).toBe(FALLBACK);
  });

  it('falls back to the generic text when the screen has none', () => {
    expect(extractErrorMessage('{}')).toBe(messages.common.requestFailed);
    expect(extractErrorMessage('', '')).toBe(messages.common.requestFailed);
  });
});
