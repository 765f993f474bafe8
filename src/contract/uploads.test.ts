import { describe, expect, it } from 'vitest';
import { optionalImageUrlSchema } from './uploads.js';

const schema = optionalImageUrlSchema('плохая ссылка');
const problemOf = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('an optional picture link (mailing image, product image)', () => {
  it('reads nothing, null or an empty string as no picture', () => {
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse('  ')).toBeNull();
  });

  it('keeps an http(s) address, trimmed', () => {
    expect(schema.parse(' https://x.test/a.png ')).toBe('https://x.test/a.png');
    expect(schema.parse('http://x.test/a.png')).toBe('http://x.test/a.png');
  });

  it("refuses other schemes, spaces, over 2000 characters and non-strings with the screen's message", () => {
    expect(problemOf('ftp://x.test/a.png')).toBe('плохая ссылка');
    expect(problemOf('https://x.test/a b.png')).toBe('плохая ссылка');
    expect(problemOf(`https://x.test/${'a'.repeat(2000)}`)).toBe('плохая ссылка');
    expect(problemOf(42)).toBe('плохая ссылка');
  });
});
