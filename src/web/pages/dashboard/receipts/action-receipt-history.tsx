import { useId } from 'react';
import { messages } from '../../../../contract/messages.js';
import { useReceiptHistoryQuery } from '../../../api/receipts.js';
import { ReceiptList } from './receipt-list.js';

/** The action's receipts, newest first, with 'Показать ещё' (SPEC §2 Action page). */
export function ActionReceiptHistory({ actionId }: { actionId: number }) {
  const headingId = useId();
  const query = useReceiptHistoryQuery(actionId);
  return (
    <section className="receipts-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="receipts-panel__title">
        {messages.receiptScreens.actionHistoryTitle}
      </h2>
      <ReceiptList query={query} emptyText={messages.receipts.actionHistoryEmpty} showProject={false} headingLevel={3} />
    </section>
  );
}
