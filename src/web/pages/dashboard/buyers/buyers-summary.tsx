import { messages } from '../../../../contract/messages.js';
import type { BuyersResponse } from '../../../../contract/receipts.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { formatNumber, formatRubles } from '../../../lib/format.js';

const s = messages.receiptScreens;

/** Totals over every buyer that matches the filters, not only the rows shown. */
export function BuyersSummary({ summary }: { summary: BuyersResponse['summary'] }) {
  const cards = [
    [s.summaryBuyers, formatNumber(summary.buyers_count)],
    [s.summaryReceipts, formatNumber(summary.successful_receipts)],
    [s.summaryAmount, formatRubles(summary.total_amount)],
  ] as const;
  return <FigureCards className="buyers-summary" figures={cards} />;
}
