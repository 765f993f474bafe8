import { describe, expect, it } from 'vitest';
import { isValidInn } from './inn.js';

describe('INN check digits', () => {
  it.each(['7707083893', '7830002293', '3664069397', '500100732259'])('accepts the real INN %s', (inn) => {
    expect(isValidInn(inn)).toBe(true);
  });

  it.each([
    ['7707083894', 'a wrong check digit of a 10-digit INN'],
    ['500100732250', 'a wrong last check digit of a 12-digit INN'],
    ['500100732219', 'a wrong first check digit of a 12-digit INN'],
    ['0000000000', 'region 00 (checksum alone would pass)'],
    ['000000000000', 'the demo sample of twelve zeros'],
    ['770708389', 'nine digits'],
    ['77070838930', 'eleven digits'],
    ['77070838 93', 'a space inside'],
    ['77O7083893', 'a letter'],
    ['', 'nothing'],
  ])('refuses %s: %s', (inn) => {
    expect(isValidInn(inn)).toBe(false);
  });

  it('finds every single-digit typo in a valid 10-digit INN', () => {
    const inn = '7707083893';
    for (let position = 2; position < inn.length; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === inn[position]) continue;
        const typo = `${inn.slice(0, position)}${digit}${inn.slice(position + 1)}`;
        expect(isValidInn(typo), typo).toBe(false);
      }
    }
  });
});
