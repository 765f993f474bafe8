import { kopecksToRubles } from '../../../contract/format.js';
import { messages } from '../../../contract/messages.js';
import { RECEIPT_STATUSES, shownReceiptStatus, type Receipt, type ReceiptStatus } from '../../../contract/receipts.js';
import type { ReceiptRow } from '../../db/schema.js';
import type { HistoryItem } from './repository.js';

const knownStatus = (status: string): ReceiptStatus =>
  (RECEIPT_STATUSES as readonly string[]).includes(status) ? (status as ReceiptStatus) : 'error';

export function presentReceipt(row: ReceiptRow, items: HistoryItem[]): Receipt {
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: row.projectName || messages.receipts.unknownProject,
    project_inns: row.projectInns,
    user_id_tg: row.buyerTgId,
    fiscalDriveNumber: row.fn,
    fiscalDocumentNumber: row.fd,
    fiscalSign: row.fp,
    totalSum: row.totalKopecks === null ? null : kopecksToRubles(row.totalKopecks),
    points_awarded: row.pointsAwarded,
    scanned_at: row.scannedAt.toISOString(),
    dateTime: row.issuedAt?.toISOString() ?? null,
    status: knownStatus(shownReceiptStatus(row)),
    points_rule: row.pointsRule,
    points_percentage: row.pointsPercentage,
    points_level: row.pointsLevel,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancel_reason: row.cancelReason,
    points_cancelled: row.pointsCancelled,
    message: row.message,
    retailPlace: row.retailPlace,
    seller: row.sellerName,
    items: items.map((item) => ({
      name: item.name,
      price: kopecksToRubles(item.priceKopecks),
      quantity: item.quantity,
      sum: kopecksToRubles(item.sumKopecks),
      providerInn: item.providerInn,
      status: item.status === 'counted' ? 'counted' : 'not_counted',
    })),
  };
}
