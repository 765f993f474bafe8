import { useState } from 'react';
import { messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useCancelMailingMutation } from '../../../api/mailing.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';

const s = messages.mailingScreen;

/** «Остановить рассылку», after a confirmation: recipients not yet sent to get nothing. */
export function CancelMailingButton({ mailingId }: { mailingId: number }) {
  const cancel = useCancelMailingMutation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {s.cancelMailing}
        </button>
      </div>
      {cancel.isError && <Banner tone="error">{errorMessageOf(cancel.error, s.cancelFailed)}</Banner>}
      {confirming && (
        <ConfirmDialog
          title={s.cancelTitle}
          confirmLabel={s.cancelMailing}
          pendingLabel={s.cancelling}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(mailingId, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          <p>{s.cancelText}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
