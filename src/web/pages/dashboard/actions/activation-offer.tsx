import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useActivateMutation, useBillingSettingsQuery } from '../../../api/billing.js';
import { Banner } from '../../../components/banner.js';
import { formatRubles } from '../../../lib/format.js';
import { errorNotice, successNotice, type Notice } from './notice.js';

const s = messages.actionScreens;

/**
 * A seller who has not activated the account yet (SPEC §2, §4): the one-off price and
 * 'Активировать'. Success reloads the profile, and My actions then shows the list.
 */
export function ActivationOffer({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const prices = useBillingSettingsQuery();
  const activate = useActivateMutation();

  // Success swaps this offer for the list (the profile says activated), so the answer
  // goes to the page through the promise: a callback of an unmounted hook never runs.
  const handleActivate = async () => {
    try {
      onNotice(successNotice((await activate.mutateAsync()).message));
    } catch (error) {
      onNotice(errorNotice(error, messages.billing.activationFailed));
    }
  };

  return (
    <section className="panel" aria-labelledby="activation-title">
      <h2 className="panel__title" id="activation-title">
        {s.activationTitle}
      </h2>
      {prices.isError && <Banner tone="error">{errorMessageOf(prices.error, messages.billing.tariffsLoadFailed)}</Banner>}
      {prices.data && <p>{fillMessage(s.activationText, { price: formatRubles(prices.data.account_activation_price) })}</p>}
      <p>
        <button type="button" className="button button--primary" disabled={activate.isPending} onClick={handleActivate}>
          {activate.isPending ? s.activating : s.activate}
        </button>
      </p>
    </section>
  );
}
