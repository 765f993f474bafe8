import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { cancelReasonSchema, CANCEL_REASON_MAX } from '../../../../contract/receipt-cancel.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useCancelPreviewQuery, useCancelReceiptMutation } from '../../../api/receipts.js';
import { Banner } from '../../../components/banner.js';
import { Dialog } from '../../../components/dialog.js';
import { Fact } from '../../../components/fact.js';
import { TextAreaField } from '../../../components/text-field.js';
import { formatNumber } from '../../../lib/format.js';
import '../../../components/panel.css';

const m = messages.receiptCancel;

/**
 * Which receipt's cancel dialog is open, and where focus goes once it closes: back to the «Отменить
 * чек» button that opened it (the dialog does that), or, once the receipt reads «Отменён» and that
 * button is gone, to the fallback (its card or list, `fallbackRef`), so a keyboard user does not start again from the
 * top of the page. `shown` is what the list shows of the receipts: a new value once it is read again.
 */
export function useCancelDialog(shown: unknown) {
  const [receiptId, setReceiptId] = useState<number | null>(null);
  const opened = useRef(false);
  const fallback = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (receiptId !== null || !opened.current || document.activeElement !== document.body) return;
    opened.current = false;
    fallback.current?.focus();
  }, [receiptId, shown]);
  return {
    receiptId,
    open: (id: number) => {
      opened.current = true;
      setReceiptId(id);
    },
    close: () => setReceiptId(null),
    /** The ref of the element focus falls back to. */
    fallbackRef: (element: HTMLElement | null) => {
      fallback.current = element;
    },
  };
}

/**
 * «Отменить чек» (a return on the marketplace): what will come off (held, then available points,
 * and what the shopper already spent), that the check's fee stays, the reason (required: the
 * shopper reads it); once done, what the cancel took and could not.
 */
export function CancelReceiptDialog({ receiptId, onClose }: { receiptId: number; onClose: () => void }) {
  const preview = useCancelPreviewQuery(receiptId);
  const cancel = useCancelReceiptMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const title = fillMessage(m.dialogTitle, { id: receiptId });
  const done = cancel.data;
  const closeButton = useRef<HTMLButtonElement>(null);
  // The form and its buttons are gone once the answer shows: the keyboard goes on from «Закрыть».
  useEffect(() => {
    if (done) closeButton.current?.focus();
  }, [done]);

  if (done) {
    return (
      <Dialog
        title={title}
        onClose={onClose}
        actions={(close) => (
          <button ref={closeButton} type="button" className="button button--primary" onClick={close}>
            {m.close}
          </button>
        )}
      >
        <Banner tone="success">{done.message}</Banner>
        <PointsFacts
          caption={m.pointsCancelled}
          held={done.held_cancelled}
          available={done.available_cancelled}
          notRecovered={done.not_recovered}
        />
      </Dialog>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (cancel.isPending) return;
    const parsed = cancelReasonSchema.safeParse(reason);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? m.reasonRequired);
    setProblem(null);
    cancel.mutate({ receiptId, reason: parsed.data }, { onError: (failure) => setProblem(errorMessageOf(failure, m.failed)) });
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={(close) => (
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {m.keep}
          </button>
          <button type="submit" form={formId} className="button button--destructive" disabled={cancel.isPending}>
            {cancel.isPending ? m.submitting : m.submit}
          </button>
        </>
      )}
    >
      <p>{m.dialogIntro}</p>
      <p>{m.feeNotRefunded}</p>
      {preview.isPending ? (
        <p role="status">{m.previewLoading}</p>
      ) : preview.isError ? (
        <p role="status">{m.previewFailed}</p>
      ) : (
        <PointsFacts
          caption={m.previewCaption}
          awarded={preview.data.points_awarded}
          held={preview.data.held}
          available={preview.data.available}
          notRecovered={preview.data.not_recovered}
        />
      )}
      <form id={formId} onSubmit={handleSubmit} noValidate>
        <TextAreaField
          label={m.reasonLabel}
          hint={m.reasonHint}
          error={problem}
          value={reason}
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          required
          autoFocus
          onChange={(event) => setReason(event.target.value)}
        />
      </form>
    </Dialog>
  );
}

/** The points of a cancel, before (with the receipt's award) or after it. */
function PointsFacts({
  caption,
  awarded,
  held,
  available,
  notRecovered,
}: {
  caption: string;
  awarded?: number;
  held: number;
  available: number;
  notRecovered: number;
}) {
  return (
    <section aria-label={caption}>
      <dl className="facts">
        {awarded !== undefined && <Fact term={m.awarded} value={formatNumber(awarded)} />}
        <Fact term={m.fromHeld} value={formatNumber(held)} />
        <Fact term={m.fromAvailable} value={formatNumber(available)} />
        <Fact term={m.notRecoverable} value={formatNumber(notRecovered)} />
      </dl>
    </section>
  );
}
