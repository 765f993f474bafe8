/**
 * What a cancel takes back of a receipt's points (the rule cancel_receipt.sql applies, stated here
 * for the dialog's preview): what is still held of the receipt first, then from the shopper's
 * available points up to the rest, never below zero; what the shopper already spent is not recovered.
 */
export function pointsToCancel(receipt: { pointsAwarded: number; held: number; balance: number }): {
  held: number;
  available: number;
  notRecovered: number;
} {
  const held = receipt.held;
  const available = Math.min(receipt.balance, Math.max(0, receipt.pointsAwarded - held));
  return { held, available, notRecovered: Math.max(0, receipt.pointsAwarded - held - available) };
}
