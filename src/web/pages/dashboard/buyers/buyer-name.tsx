import type { Buyer } from '../../../../contract/receipts.js';
import './buyer-name.css';

/** The buyer's id and, once they wrote to the action's ScanApp bot, their Telegram first name and @username. */
export function BuyerName({ buyer }: { buyer: Pick<Buyer, 'buyer_id' | 'first_name' | 'username'> }) {
  const telegramName = [buyer.first_name, buyer.username && `@${buyer.username}`].filter(Boolean).join(' ');
  return (
    <span className="buyer-name">
      <span className="buyer-name__id">{buyer.buyer_id}</span>
      {/* A space, so the id and the name never run together as text (copying, reading). */}
      {telegramName && ' '}
      {telegramName && <span className="buyer-name__telegram">{telegramName}</span>}
    </span>
  );
}
