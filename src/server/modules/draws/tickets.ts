import { itemNameContains } from '../../../contract/item-name.js';
import type { TicketRow, WindowReceipt } from './repository.js';

/**
 * A draw's tickets from the receipts of its window (in receipt order): one per receipt, or per
 * receipt with an item whose name contains `itemContains` (`itemNameContains`: any case, «ё» as
 * «е», runs of whitespace as one space, as the action's product keywords match). Shoppers are numbered in the order of their first ticket.
 */
export function ticketsOf(receipts: readonly WindowReceipt[], itemContains: string | null): TicketRow[] {
  const shoppers = new Map<string, number>();
  return receipts
    .filter((receipt) => itemContains === null || receipt.itemNames.some((name) => itemNameContains(name, itemContains)))
    .map((receipt, index) => {
      const shopper = shoppers.get(receipt.buyerTgId) ?? shoppers.size + 1;
      shoppers.set(receipt.buyerTgId, shopper);
      return { ticket: index + 1, receiptId: receipt.receiptId, buyerTgId: receipt.buyerTgId, shopper };
    });
}
