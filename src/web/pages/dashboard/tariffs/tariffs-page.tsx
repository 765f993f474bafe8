import { ACTION_SUBSCRIPTION_DAYS } from '../../../../contract/billing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useBillingSettingsQuery } from '../../../api/billing.js';
import { useSessionState } from '../../../auth/session.js';
import { Banner } from '../../../components/banner.js';
import { OperatorContactLink } from '../../../components/operator-contact-link.js';
import { formatDays, formatNumber, formatRubles } from '../../../lib/format.js';
import { Fact } from '../../../components/fact.js';
import { usePageTitle } from '../page-title.js';
import { currentReceiptPrice, tierRows } from './tier-rows.js';
import '../../../components/panel.css';
import './tariffs.css';
import { LoadingState } from '../../../components/list-state.js';

const s = messages.actionScreens;

/** /dashboard/tariffs (SPEC §2 Tariffs): every price from one billing-settings call. */
export function TariffsPage() {
  const title = usePageTitle();
  const scanned = useSessionState().session?.user.scanned_receipts ?? 0;
  const prices = useBillingSettingsQuery();

  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{title}</h1>
      {prices.isPending && <LoadingState>{messages.common.loading}</LoadingState>}
      {prices.isError && <Banner tone="error">{errorMessageOf(prices.error, messages.billing.tariffsLoadFailed)}</Banner>}
      {prices.data && (
        <>
          <div className="panel">
            <dl className="facts tariff-facts">
              <Fact term={s.activationPrice} value={formatRubles(prices.data.account_activation_price)} />
              <Fact
                term={fillMessage(s.subscriptionPrice, { days: formatDays(ACTION_SUBSCRIPTION_DAYS) })}
                value={formatRubles(prices.data.project_subscription_price)}
              />
              <Fact term={s.yourReceiptPrice} value={formatRubles(currentReceiptPrice(prices.data, scanned))} />
              <Fact term={s.yourScannedReceipts} value={formatNumber(scanned)} />
            </dl>
          </div>
          <div className="panel">
            <table className="tier-table">
              <caption className="panel__title">{s.tiersCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{s.tiersReceipts}</th>
                  <th scope="col">{s.tiersPrice}</th>
                </tr>
              </thead>
              <tbody>
                {tierRows(prices.data, scanned).map((row) => (
                  <tr
                    key={row.key}
                    className={row.current ? 'tier-table__current' : undefined}
                    aria-current={row.current ? 'true' : undefined}
                  >
                    <th scope="row">
                      {row.label}
                      {row.current && ' '}
                      {row.current && <span className="tier-table__marker">{s.tierCurrent}</span>}
                    </th>
                    <td>{formatRubles(row.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p>
        <OperatorContactLink className="button button--secondary">{messages.billing.demoRequest}</OperatorContactLink>
      </p>
    </section>
  );
}
