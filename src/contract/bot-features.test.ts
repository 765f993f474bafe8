import { describe, expect, it } from 'vitest';
import { BOT_FEATURE_GUIDES, BOT_FEATURE_KEYS } from './bot-features.js';

describe('what a seller is told about each bot function', () => {
  it('every function of the settings has a card line and a help entry, and no entry names a function that is not there', () => {
    expect(Object.keys(BOT_FEATURE_GUIDES).sort()).toEqual([...BOT_FEATURE_KEYS].sort());
    for (const key of BOT_FEATURE_KEYS) {
      const guide = BOT_FEATURE_GUIDES[key];
      for (const [part, text] of Object.entries(guide)) expect(text.trim(), `${key}.${part}`).not.toBe('');
      expect(guide.tryInDemo, key).toContain('демо-чате');
    }
  });

  it('tells each function apart: no two share a name, a line or a help text', () => {
    for (const part of ['name', 'summary', 'shopperSees', 'tryInDemo'] as const) {
      const texts = BOT_FEATURE_KEYS.map((key) => BOT_FEATURE_GUIDES[key][part]);
      expect(new Set(texts).size, part).toBe(texts.length);
    }
  });
});
