/**
 * Russian taxpayer numbers (ИНН): 10 digits for an organisation, 12 for a person or an
 * individual entrepreneur (ИП). The last one or two digits are check digits computed by the
 * FNS rule: each is the weighted sum of the digits before it, mod 11, mod 10. Pure, so the
 * web form, the server and the actions' INN lists can share it.
 */
const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  return (weights.reduce((sum, weight, index) => sum + weight * digits[index]!, 0) % 11) % 10;
}

/** True for a 10- or 12-digit INN whose check digits are right; region code 00 does not exist. */
export function isValidInn(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn) || inn.startsWith('00')) return false;
  const digits = [...inn].map(Number);
  if (digits.length === 10) return checkDigit(digits, WEIGHTS_10) === digits[9];
  return checkDigit(digits, WEIGHTS_11) === digits[10] && checkDigit(digits, WEIGHTS_12) === digits[11];
}
