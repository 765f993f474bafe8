import { ActionReceiptCheck } from './action-receipt-check.js';
import { ActionReceiptHistory } from './action-receipt-history.js';
import './receipts.css';

export { ActionReceiptCheck, ActionReceiptHistory };

/** The action page's receipt part (SPEC §2): the check form, then the action's receipts. */
export function ActionReceiptsSection({ actionId }: { actionId: number }) {
  return (
    <>
      <ActionReceiptCheck actionId={actionId} />
      <ActionReceiptHistory actionId={actionId} />
    </>
  );
}
