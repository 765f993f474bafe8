import { describe, expect, it } from 'vitest';
import { findUnacceptableText, isAcceptableText, stripUnacceptableText } from './acceptable-text.js';

describe('acceptable text', () => {
  it('accepts ordinary text, emoji and the line breaks of multi-line fields', () => {
    for (const text of ['Анна', 'line one\nline two\r\n\ttabbed', '🎉 скидка', '', 'a\u00a0b', '\u2028']) {
      expect(isAcceptableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL, other control characters, lone surrogates and non-characters', () => {
    for (const text of ['a\u0000b', '\u0007', '\u001b[31m', '\u007f', '\u0085', 'x\ud800', '\udc00y', '\ud83d', '\uffff']) {
      expect(isAcceptableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the first bad string anywhere in a nested value, keys included', () => {
    expect(findUnacceptableText({ name: 'ok', product_keywords: ['a', 'b\u0000'] }, 'body')).toBe('body.product_keywords.1');
    expect(findUnacceptableText({ ok: { 'bad\u0000key': 1 } }, 'body')).toBe('body.ok');
    expect(findUnacceptableText({ a: [1, true, null, { b: 'fine' }] }, 'body')).toBeUndefined();
    expect(findUnacceptableText('\u0000', 'query')).toBe('query');
    expect(findUnacceptableText(Object.assign(Object.create(null), { q: '\u0000' }), 'query')).toBe('query.q');
    expect(findUnacceptableText({ file: Buffer.from([0, 1, 2]) }, 'body')).toBeUndefined();
  });

  it('refuses nesting deeper than any request needs', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findUnacceptableText(deep, 'body')).toBeDefined();
  });

  it('cleans text from outside services instead of refusing it', () => {
    expect(stripUnacceptableText({ items: [{ name: 'Крем\u0000 для рук\ud800', sum: 100 }], 'k\u0001': 'v' })).toEqual({
      items: [{ name: 'Крем для рук\ufffd', sum: 100 }],
      k: 'v',
    });
  });
});
