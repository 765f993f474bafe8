import { useId, useState, type Ref } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { Receipt } from '../../../../contract/receipts.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { formatDate, formatDateTime, formatNumber, formatRubles } from '../../../lib/format.js';
import { CancelReceiptDialog, useCancelDialog } from './cancel-receipt-dialog.js';
import { ReceiptItemsTable } from './receipt-items-table.js';
import { ReceiptStatusBadge } from './receipt-status-badge.js';
import { receiptDateLabel, receiptRuleText } from './receipt-view.js';

const s = messages.receiptScreens;
const c = messages.receiptCancel;

/**
 * One checked receipt: when, whose, how much, the verdict; its goods fold out. An accepted one can
 * be cancelled (a return: «Отменить чек»); a cancelled one says when, why and what came off.
 * The card takes focus (`ref`, tabIndex −1) when 'Показать ещё' brings it in, or when its cancel
 * dialog closes and the button that opened it is gone.
 */
export function ReceiptCard({
  receipt,
  showProject,
  headingLevel,
  ref,
}: {
  receipt: Receipt;
  showProject: boolean;
  headingLevel: 2 | 3;
  ref?: Ref<HTMLElement>;
}) {
  const [itemsOpen, setItemsOpen] = useState(false);
  const headingId = useId();
  const itemsId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = formatDate(receipt.dateTime ?? receipt.scanned_at);
  const rule = receiptRuleText(receipt);
  const cancelDialog = useCancelDialog(receipt.status);
  const articleRef = (element: HTMLElement | null) => {
    cancelDialog.fallbackRef(element);
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  return (
    <article ref={articleRef} className="receipt-card" aria-labelledby={headingId} tabIndex={-1}>
      <header className="receipt-card__header">
        <Heading id={headingId} className="receipt-card__title">
          {receiptDateLabel(receipt)}
        </Heading>
        <span className="receipt-card__badges">
          <ReceiptStatusBadge status={receipt.status} />
          {receipt.repeat && (
            <StatusBadge tone="warning" title={messages.cabinetPolish.repeatHint}>
              {messages.cabinetPolish.repeatBadge}
            </StatusBadge>
          )}
        </span>
      </header>
      {receipt.repeat && <p className="receipt-card__message">{messages.cabinetPolish.repeatHint}</p>}
      <dl className="receipt-card__facts">
        {showProject && <Fact term={s.fieldProject} value={receipt.project_name || messages.receipts.unknownProject} />}
        <Fact term={s.fieldBuyer} value={receipt.user_id_tg} />
        <Fact term={s.fieldTotal} value={receipt.totalSum === null ? s.notAvailable : formatRubles(receipt.totalSum)} />
        <Fact term={s.fieldPoints} value={formatNumber(receipt.points_awarded)} />
        {receipt.points_cancelled !== null && <Fact term={c.pointsCancelled} value={formatNumber(receipt.points_cancelled)} />}
        {rule && <Fact term={messages.points.ruleField} value={rule} />}
        <Fact term={s.fieldFiscalDrive} value={receipt.fiscalDriveNumber ?? s.notAvailable} />
      </dl>
      {receipt.cancelled_at !== null && (
        <p className="receipt-card__cancelled">
          {fillMessage(c.cancelledLine, { date: formatDateTime(receipt.cancelled_at), reason: receipt.cancel_reason ?? '' })}
        </p>
      )}
      {receipt.message && <p className="receipt-card__message">{receipt.message}</p>}
      {(receipt.items.length > 0 || receipt.status === 'success') && (
        <div className="receipt-card__actions">
          {receipt.items.length > 0 && (
            <button
              type="button"
              className="button button--secondary button--small receipt-card__toggle"
              aria-expanded={itemsOpen}
              aria-controls={itemsId}
              onClick={() => setItemsOpen((open) => !open)}
            >
              {fillMessage(s.showItems, { count: receipt.items.length })}
            </button>
          )}
          {receipt.status === 'success' && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={fillMessage(c.cancelButtonFor, { id: receipt.id })}
              onClick={() => cancelDialog.open(receipt.id)}
            >
              {c.cancelButton}
            </button>
          )}
        </div>
      )}
      {receipt.items.length > 0 && (
        <div id={itemsId} hidden={!itemsOpen}>
          {itemsOpen && <ReceiptItemsTable items={receipt.items} caption={fillMessage(s.itemsCaption, { date })} />}
        </div>
      )}
      {cancelDialog.receiptId !== null && <CancelReceiptDialog receiptId={cancelDialog.receiptId} onClose={cancelDialog.close} />}
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="receipt-card__fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
