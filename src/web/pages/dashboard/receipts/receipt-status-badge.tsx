import { receiptStatusLabel } from '../../../../contract/receipts.js';
import { StatusBadge, type StatusTone } from '../../../components/status-badge.js';
import { receiptStatusTone, type ReceiptTone } from './receipt-view.js';

const BADGE_TONES: Record<ReceiptTone, StatusTone> = {
  success: 'success',
  refused: 'warning',
  failed: 'danger',
  unknown: 'neutral',
};

/** The verdict in words and in colour (green accepted, amber refused, red failed). */
export function ReceiptStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={BADGE_TONES[receiptStatusTone(status)]}>{receiptStatusLabel(status)}</StatusBadge>;
}
