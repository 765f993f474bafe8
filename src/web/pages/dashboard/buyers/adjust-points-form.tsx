import { useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../../contract/messages.js';
import { adjustDeltaSchema, adjustReasonSchema, ADJUST_REASON_MAX } from '../../../../contract/points.js';
import { ApiError, errorMessageOf } from '../../../api/api-error.js';
import { useAdjustPointsMutation } from '../../../api/buyers.js';
import { Banner } from '../../../components/banner.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { Panel } from '../../../components/panel.js';
import { TextAreaField, TextField } from '../../../components/text-field.js';

const c = messages.buyerCard;
const m = messages.points;

type Field = 'amount' | 'reason';

/** A fresh Idempotency-Key (getRandomValues works on plain-HTTP addresses too, unlike randomUUID). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Which field a refusal is about: the server's message goes under it; null: above the form. */
function fieldOfRefusal(error: unknown): Field | null {
  if (!(error instanceof ApiError)) return null;
  if (error.message === m.adjustReasonRequired) return 'reason';
  // A deduction below zero (409) is about the amount too; a reused key is not.
  if (error.message === m.adjustDeltaInvalid || (error.status === 409 && error.message !== m.idempotencyKeyReused)) return 'amount';
  return null;
}

/**
 * «Начислить / списать баллы»: a signed amount and a required reason, checked by the shared
 * schemas before sending. One Idempotency-Key per submission of the same values: a double
 * click or a retry after a lost answer moves the points once; a success starts a new key.
 */
export function AdjustPointsForm({ tgId, actionId }: { tgId: string; actionId: number }) {
  const adjust = useAdjustPointsMutation(tgId, actionId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const pending = useRef<{ values: string; key: string } | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const showProblem = (field: Field, message: string) => {
    setProblem({ field, message });
    (field === 'amount' ? amountRef : reasonRef).current?.focus();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (adjust.isPending) return;
    setNotice(null);
    const delta = adjustDeltaSchema.safeParse(amount.replace('−', '-'));
    if (!delta.success) return showProblem('amount', delta.error.issues[0]?.message ?? m.adjustDeltaInvalid);
    const why = adjustReasonSchema.safeParse(reason);
    if (!why.success) return showProblem('reason', why.error.issues[0]?.message ?? m.adjustReasonRequired);
    setProblem(null);

    const values = `${delta.data}\n${why.data}`;
    if (pending.current?.values !== values) pending.current = { values, key: newIdempotencyKey() };
    adjust.mutate(
      { delta: delta.data, reason: why.data, idempotencyKey: pending.current.key },
      {
        onSuccess: ({ message }) => {
          pending.current = null;
          setAmount('');
          setReason('');
          setNotice(successNotice(message));
        },
        onError: (error) => {
          const field = fieldOfRefusal(error);
          if (field) showProblem(field, errorMessageOf(error, c.adjustFailed));
          else setNotice(errorNotice(error, c.adjustFailed));
        },
      },
    );
  };

  return (
    <Panel title={c.adjustTitle}>
      <p className="buyer-card__intro">{c.adjustIntro}</p>
      <form className="buyer-card__adjust" onSubmit={handleSubmit} noValidate>
        <TextField
          ref={amountRef}
          label={c.amountLabel}
          type="number"
          step={1}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          hint={c.amountHint}
          error={problem?.field === 'amount' ? problem.message : null}
          required
        />
        <TextAreaField
          ref={reasonRef}
          label={c.reasonLabel}
          value={reason}
          maxLength={ADJUST_REASON_MAX}
          onChange={(event) => setReason(event.target.value)}
          error={problem?.field === 'reason' ? problem.message : null}
          required
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={adjust.isPending}>
            {adjust.isPending ? c.adjusting : c.adjustSubmit}
          </button>
        </div>
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      </form>
    </Panel>
  );
}
