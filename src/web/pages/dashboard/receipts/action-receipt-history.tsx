import { messages } from '../../../../contract/messages.js';
import { useReceiptHistoryQuery } from '../../../api/receipts.js';
import { Panel } from '../../../components/panel.js';
import '../../../components/panel.css';
import { ReceiptList } from './receipt-list.js';

/** The action's receipts, newest first, with 'Показать ещё' (SPEC §2 Action page). */
export function ActionReceiptHistory({ actionId }: { actionId: number }) {
  const query = useReceiptHistoryQuery(actionId);
  return (
    <Panel title={messages.receiptScreens.actionHistoryTitle}>
      <ReceiptList query={query} emptyText={messages.receipts.actionHistoryEmpty} showProject={false} headingLevel={3} />
    </Panel>
  );
}
