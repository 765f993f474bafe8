import { useState } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useActivateMutation, useBillingSettingsQuery } from '../../../api/billing.js';
import { useSessionState } from '../../../auth/session.js';
import { Banner } from '../../../components/banner.js';
import { formatRubles } from '../../../lib/format.js';
import { ChargeSummary } from './charge-summary.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';

const s = messages.actionScreens;
const p = messages.cabinetPolish;

/**
 * A seller who has not activated the account yet (SPEC §2, §4): the one-off price and
 * 'Активировать'. Like creating and renewing an action, the charge is confirmed first,
 * in a dialog naming the price and the balance after it. Success reloads the profile,
 * and My actions then shows the list.
 */
export function ActivationOffer({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const prices = useBillingSettingsQuery();
  const activate = useActivateMutation();
  const balance = useSessionState().session?.user.balance;
  const [confirming, setConfirming] = useState(false);
  const price = prices.data?.account_activation_price;

  // Success swaps this offer for the list (the profile says activated), so the answer
  // goes to the page through the promise: a callback of an unmounted hook never runs.
  const handleConfirm = async () => {
    try {
      onNotice(successNotice((await activate.mutateAsync()).message));
    } catch (error) {
      onNotice(errorNotice(error, messages.billing.activationFailed));
    }
    setConfirming(false);
  };

  return (
    <section className="panel" aria-labelledby="activation-title">
      <h2 className="panel__title" id="activation-title">
        {s.activationTitle}
      </h2>
      {prices.isError && <Banner tone="error">{errorMessageOf(prices.error, messages.billing.tariffsLoadFailed)}</Banner>}
      {price !== undefined && <p>{fillMessage(s.activationText, { price: formatRubles(price) })}</p>}
      <p>
        <button type="button" className="button button--primary" disabled={activate.isPending || price === undefined} onClick={() => setConfirming(true)}>
          {activate.isPending ? s.activating : s.activate}
        </button>
      </p>
      {confirming && price !== undefined && (
        <ConfirmDialog
          title={p.activationConfirmTitle}
          pendingLabel={s.activating}
          pending={activate.isPending}
          onConfirm={handleConfirm}
          onClose={() => setConfirming(false)}
        >
          <p>{fillMessage(p.activationConfirmText, { price: formatRubles(price) })}</p>
          <ChargeSummary price={price} balance={balance} />
        </ConfirmDialog>
      )}
    </section>
  );
}
