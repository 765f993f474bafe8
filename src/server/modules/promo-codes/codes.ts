import { PROMO_CODES_PER_ACTION } from '../../../contract/promo-codes.js';

/** Without 0/O and 1/I/L, so a shopper retyping a code from a phone screen cannot confuse two letters. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 31^8 ≈ 8.5·10^11 codes per prefix: guessing one of 100 000 issued takes millions of tries. */
export const GENERATED_CODE_LENGTH = 8;

export type RandomBytes = (size: number) => Uint8Array;

/**
 * `count` distinct codes `PREFIX` + 8 random characters. Bytes at or above the alphabet's largest
 * multiple are thrown away, so every character is equally likely (no modulo bias).
 */
export function generateCodes(prefix: string, count: number, randomBytes: RandomBytes): string[] {
  const limit = Math.floor(256 / CODE_ALPHABET.length) * CODE_ALPHABET.length;
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = prefix;
    while (code.length < prefix.length + GENERATED_CODE_LENGTH) {
      for (const byte of randomBytes(GENERATED_CODE_LENGTH * 2)) {
        if (byte < limit && code.length < prefix.length + GENERATED_CODE_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
      }
    }
    codes.add(code);
  }
  return [...codes];
}

/** True when the pool, after an upload, holds more codes than an action may. */
export const exceedsPool = (total: number) => total > PROMO_CODES_PER_ACTION;
