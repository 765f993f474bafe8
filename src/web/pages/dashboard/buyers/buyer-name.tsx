import type { Buyer } from '../../../../contract/receipts.js';

/** The buyer's id and, once they wrote to the action's ScanApp bot, their Telegram first name and @username. */
export function BuyerName({ buyer }: { buyer: Pick<Buyer, 'buyer_id' | 'first_name' | 'username'> }) {
  const telegramName = [buyer.first_name, buyer.username && `@${buyer.username}`].filter(Boolean).join(' ');
  return (
    <span className="buyer-name">
      <span className="buyer-name__id">{buyer.buyer_id}</span>
      {telegramName && <span className="buyer-name__telegram">{telegramName}</span>}
    </span>
  );
}
