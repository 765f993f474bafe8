import { useId, useState, type FormEvent, type Ref } from 'react';
import { Link } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { rejectReasonSchema, type ModerationItem } from '../../../../contract/moderation.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useModerationDecisionMutation, useModerationPicture } from '../../../api/moderation.js';
import { Banner } from '../../../components/banner.js';
import { Dialog } from '../../../components/dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { TextAreaField } from '../../../components/text-field.js';
import { formatDate, formatDateTime, formatNumber, formatRubles } from '../../../lib/format.js';
import { buyerCardPath } from '../buyers/buyer-card-path.js';
import { BuyerName } from '../buyers/buyer-name.js';

const m = messages.moderation;

function statusText(item: ModerationItem): string {
  if (item.status === 'approved') return fillMessage(m.statusApproved, { points: item.points ?? 0 });
  if (item.status === 'rejected') return fillMessage(m.statusRejected, { reason: item.reason ?? '' });
  return m.statusPending;
}

/**
 * One item of the queue: its picture, comment and shopper with their receipts; the verdict buttons
 * while it waits. The card takes focus (`ref`, tabIndex −1) when «Показать ещё» brings it in.
 */
export function ModerationCard({
  item,
  actionId,
  onDecided,
  ref,
}: {
  item: ModerationItem;
  actionId: number;
  onDecided: (notice: Notice) => void;
  ref?: Ref<HTMLElement> | undefined;
}) {
  const headingId = useId();
  const decide = useModerationDecisionMutation(actionId);
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shopper = item.buyer.name ?? item.buyer.username ?? item.buyer.tg_id;

  const handleApprove = () => {
    setError(null);
    decide.mutate(
      { itemId: item.id },
      {
        onSuccess: (answer) => onDecided(successNotice(answer.message)),
        onError: (failure) => setError(errorMessageOf(failure, m.decideFailed)),
      },
    );
  };

  return (
    <article ref={ref} tabIndex={-1} className={`panel moderation-card moderation-card--${item.status}`} aria-labelledby={headingId}>
      <Picture item={item} shopper={shopper} />
      <div className="moderation-card__body">
        <h2 className="moderation-card__title" id={headingId}>
          {item.kind_label} №{item.id}
        </h2>
        <p className="moderation-card__status">{statusText(item)}</p>
        <p className="moderation-card__shopper">
          {m.shopper}:{' '}
          <Link to={buyerCardPath(item.buyer.tg_id, actionId)}>
            <BuyerName buyer={{ buyer_id: item.buyer.tg_id, first_name: item.buyer.name, username: item.buyer.username }} />
          </Link>
        </p>
        <p className="moderation-card__sent">{fillMessage(m.sentAt, { date: formatDateTime(item.created_at) })}</p>
        <blockquote className="moderation-card__comment">{item.comment ?? m.noComment}</blockquote>
        <Receipts item={item} />
        {error && <Banner tone="error">{error}</Banner>}
        {item.status === 'pending' && (
          <div className="moderation-card__actions">
            <button type="button" className="button button--primary" disabled={decide.isPending} onClick={handleApprove}>
              {decide.isPending ? m.deciding : m.approve}
            </button>
            <button type="button" className="button button--secondary" disabled={decide.isPending} onClick={() => setRejecting(true)}>
              {m.reject}
            </button>
          </div>
        )}
      </div>
      {rejecting && (
        <RejectDialog
          item={item}
          actionId={actionId}
          onClose={() => setRejecting(false)}
          onRejected={(notice) => {
            setRejecting(false);
            onDecided(notice);
          }}
        />
      )}
    </article>
  );
}

function Picture({ item, shopper }: { item: ModerationItem; shopper: string }) {
  const source = useModerationPicture(item.image_url);
  if (source === undefined) return <p className="moderation-card__picture moderation-card__picture--note">{m.pictureLoading}</p>;
  if (source === null) return <p className="moderation-card__picture moderation-card__picture--note">{m.pictureFailed}</p>;
  return <img className="moderation-card__picture" src={source} alt={fillMessage(m.pictureAlt, { kind: item.kind_label, shopper })} />;
}

function Receipts({ item }: { item: ModerationItem }) {
  return (
    <div className="moderation-card__receipts">
      <p>{fillMessage(m.receiptsTitle, { count: item.successful_receipts, rewarded: item.rewarded })}</p>
      {item.receipts.length === 0 ? (
        <p className="moderation-card__no-receipts">{m.noReceipts}</p>
      ) : (
        <ul>
          {item.receipts.map((receipt) => (
            <li key={receipt.id}>
              {fillMessage(m.receiptLine, {
                id: receipt.id,
                date: formatDate(receipt.scanned_at),
                total: receipt.total === null ? '—' : formatRubles(receipt.total),
                points: formatNumber(receipt.points_awarded),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** «Отклонить»: the reason is required (the shopper is told it), checked by the shared schema before sending. */
function RejectDialog({
  item,
  actionId,
  onClose,
  onRejected,
}: {
  item: ModerationItem;
  actionId: number;
  onClose: () => void;
  onRejected: (notice: Notice) => void;
}) {
  const decide = useModerationDecisionMutation(actionId);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    const parsed = rejectReasonSchema.safeParse(reason);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? m.reasonRequired);
    setProblem(null);
    decide.mutate(
      { itemId: item.id, reject: { reason: parsed.data } },
      {
        onSuccess: (answer) => onRejected(successNotice(answer.message)),
        onError: (failure) => setProblem(errorNotice(failure, m.decideFailed).text),
      },
    );
  };

  return (
    <Dialog
      title={m.rejectTitle}
      onClose={onClose}
      actions={(close) => (
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {m.cancel}
          </button>
          <button type="submit" form={formId} className="button button--destructive" disabled={decide.isPending}>
            {decide.isPending ? m.deciding : m.reject}
          </button>
        </>
      )}
    >
      <form id={formId} onSubmit={handleSubmit} noValidate>
        <TextAreaField
          label={m.reasonLabel}
          hint={m.reasonHint}
          error={problem}
          value={reason}
          rows={3}
          autoFocus
          onChange={(event) => setReason(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
