import { describe, expect, it } from 'vitest';
import { open, seal, SecretsKeyError, secretsKey, type Keyring } from './sealed.js';

const keyA = secretsKey(Buffer.alloc(32, 1));
const keyB = secretsKey(Buffer.alloc(32, 2));
const token = '7123456789:AAH-seller-bot-token';

describe('sealed secrets', () => {
  it('a sealed value opens to the plain text, carries its key id and never the text', () => {
    const keyring: Keyring = { current: keyA };
    const sealed = seal(keyring, token);
    expect(sealed).toMatch(new RegExp(`^v1:${keyA.id}:[\\w-]+:[\\w-]+:[\\w-]+$`));
    expect(keyA.id).toMatch(/^[0-9a-f]{8}$/);
    expect(sealed).not.toContain(token);
    expect(open(keyring, sealed)).toBe(token);
    // A fresh IV each time: equal tokens do not give equal values.
    expect(seal(keyring, token)).not.toBe(sealed);
  });

  it('a plain value (stored before sealing) reads as it is', () => {
    expect(open({ current: keyA }, token)).toBe(token);
  });

  it('a value under the previous key still opens; under an unknown key it is refused, naming both keys', () => {
    const sealedUnderA = seal({ current: keyA }, token);
    expect(open({ current: keyB, previous: keyA }, sealedUnderA)).toBe(token);
    expect(() => open({ current: keyB }, sealedUnderA)).toThrow(SecretsKeyError);
    expect(() => open({ current: keyB }, sealedUnderA)).toThrow(
      `key ${keyA.id}, which neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS (${keyB.id})`,
    );
  });

  it('an altered value is refused, not opened to garbage', () => {
    const keyring: Keyring = { current: keyA };
    const [prefix, id, iv, tag, ciphertext] = seal(keyring, token).split(':');
    const flipped = (part: string) => Buffer.from(part, 'base64url').map((byte, i) => (i === 0 ? byte ^ 1 : byte));
    const altered = [prefix, id, iv, tag, Buffer.from(flipped(ciphertext!)).toString('base64url')].join(':');
    expect(() => open(keyring, altered)).toThrow(/altered/);
    const badTag = [prefix, id, iv, Buffer.from(flipped(tag!)).toString('base64url'), ciphertext].join(':');
    expect(() => open(keyring, badTag)).toThrow(/altered/);
    expect(() => open(keyring, `v1:${keyA.id}:only-two`)).toThrow(/malformed/);
  });

  it('a key is 32 bytes', () => {
    expect(() => secretsKey(Buffer.alloc(16))).toThrow(SecretsKeyError);
  });
});
