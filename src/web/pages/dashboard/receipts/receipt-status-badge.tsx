import { receiptStatusLabel } from '../../../../contract/receipts.js';
import { receiptStatusTone } from './receipt-view.js';

/** The verdict in words and in colour (green accepted, amber refused, red failed). */
export function ReceiptStatusBadge({ status }: { status: string }) {
  return <span className={`receipt-status receipt-status--${receiptStatusTone(status)}`}>{receiptStatusLabel(status)}</span>;
}
