import { useId, useState, type FormEvent } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { BLOCK_REASON_MAX, blockReasonSchema, type BuyerBlock } from '../../../../contract/trust.js';
import { useBlockBuyerMutation, useUnblockBuyerMutation } from '../../../api/buyers.js';
import { Banner } from '../../../components/banner.js';
import { Dialog } from '../../../components/dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { Panel } from '../../../components/panel.js';
import { TextAreaField } from '../../../components/text-field.js';
import { formatDateTime } from '../../../lib/format.js';

const t = messages.trust;

/**
 * «Блокировка» on the buyer card: the block with its reason, who set it and when, and
 * «Разблокировать»; or what a block does and «Заблокировать», which asks for the reason. The
 * command button stays one element in one place, so the focus the dialog gives back to it
 * survives the switch from one command to the other.
 */
export function BlockPanel({ tgId, actionId, blocked }: { tgId: string; actionId: number; blocked: BuyerBlock | null }) {
  const unblock = useUnblockBuyerMutation(tgId, actionId);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleUnblock = () => {
    if (unblock.isPending) return;
    setNotice(null);
    unblock.mutate(undefined, {
      onSuccess: ({ message }) => setNotice(successNotice(message)),
      onError: (error) => setNotice(errorNotice(error, t.unblockFailed)),
    });
  };

  return (
    <Panel title={t.blockTitle}>
      {blocked ? (
        <div className="buyer-card__blocked" role="group" aria-label={t.blockedTitle}>
          <p className="buyer-card__blocked-title">{t.blockedTitle}</p>
          <p className="buyer-card__blocked-reason">{fillMessage(t.blockedReason, { reason: blocked.reason })}</p>
          <p className="buyer-card__blocked-when">
            {fillMessage(t.blockedWhen, { date: formatDateTime(blocked.blocked_at), who: blocked.blocked_by })}
          </p>
        </div>
      ) : (
        <p className="buyer-card__intro">{t.blockIntro}</p>
      )}
      <div className="button-row">
        <button
          type="button"
          className={blocked ? 'button button--secondary' : 'button button--destructive'}
          disabled={unblock.isPending}
          onClick={
            blocked
              ? handleUnblock
              : () => {
                  setNotice(null);
                  setAsking(true);
                }
          }
        >
          {blocked ? (unblock.isPending ? t.unblocking : t.unblockButton) : t.blockButton}
        </button>
      </div>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      {asking && (
        <BlockDialog
          tgId={tgId}
          actionId={actionId}
          onClose={() => setAsking(false)}
          onBlocked={(message) => {
            setAsking(false);
            setNotice(successNotice(message));
          }}
        />
      )}
    </Panel>
  );
}

/** The reason is required (1–500 characters), checked by the shared schema before sending; a refusal stays in the dialog. */
function BlockDialog({
  tgId,
  actionId,
  onClose,
  onBlocked,
}: {
  tgId: string;
  actionId: number;
  onClose: () => void;
  onBlocked: (message: string) => void;
}) {
  const block = useBlockBuyerMutation(tgId, actionId);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (block.isPending) return;
    const parsed = blockReasonSchema.safeParse(reason);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? t.blockReasonRequired);
    setProblem(null);
    block.mutate(parsed.data, {
      onSuccess: ({ message }) => onBlocked(message),
      onError: (error) => setProblem(errorNotice(error, t.blockFailed).text),
    });
  };

  return (
    <Dialog
      title={t.blockDialogTitle}
      onClose={onClose}
      actions={(close) => (
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {messages.common.cancel}
          </button>
          <button type="submit" form={formId} className="button button--destructive" disabled={block.isPending}>
            {block.isPending ? t.blocking : t.blockButton}
          </button>
        </>
      )}
    >
      <form id={formId} onSubmit={handleSubmit} noValidate>
        <TextAreaField
          label={t.blockReasonLabel}
          hint={t.blockReasonHint}
          error={problem}
          value={reason}
          rows={3}
          maxLength={BLOCK_REASON_MAX}
          autoFocus
          required
          onChange={(event) => setReason(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
