import { formatRubles } from '../../../lib/format.js';

/** '+23 000 ₽' for a credit, '−3 000 ₽' (a true minus sign) for a charge: the sign, not only the colour, tells them apart. */
export function signedRubles(amount: number): string {
  if (amount > 0) return `+${formatRubles(amount)}`;
  if (amount < 0) return `\u2212${formatRubles(-amount)}`;
  return formatRubles(0);
}
