/**
 * VAT printed on a bank invoice. It follows ROBOKASSA_RECEIPT_TAX, the rate the card top-ups'
 * receipts declare, so both ways of paying state the same tax: `none` prints «Без НДС»; a rate
 * (`vat20`) or its calculated form for advance payments (`vat120`, i.e. 20/120) prints the VAT
 * included in the total.
 */
export interface InvoiceVat {
  /** Percent, or null when the operator does not charge VAT. */
  rate: number | null;
  /** VAT included in the total. */
  kopecks: number;
}

export function invoiceVat(receiptTax: string, totalKopecks: number): InvoiceVat {
  const match = /^vat(\d+)$/.exec(receiptTax);
  if (!match) return vatAtRate(null, totalKopecks);
  const code = Number(match[1]);
  return vatAtRate(code > 100 ? code - 100 : code, totalKopecks);
}

/** The VAT included in a total at a rate (an issued invoice keeps its rate). */
export function vatAtRate(rate: number | null, totalKopecks: number): InvoiceVat {
  return rate === null ? { rate: null, kopecks: 0 } : { rate, kopecks: Math.round((totalKopecks * rate) / (100 + rate)) };
}
