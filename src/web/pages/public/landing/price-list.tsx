import { useEffect, useState } from 'react';
import { BILLING_SETTING_KEYS, RECEIPT_TIERS, type BillingSettingKey } from '../../../../contract/tariffs.js';
import { API_BASE } from '../../../../contract/constants.js';
import { pricing } from '../../../content/landing.js';
import { formatNumber, formatRubles } from '../../../lib/format.js';

type Prices = Record<BillingSettingKey, number>;

/** The live prices (`GET /lk/api/billing/settings`, public): a plain fetch, as the landing's other live data. */
function usePrices(): Prices | null | undefined {
  const [prices, setPrices] = useState<Prices | null>();
  useEffect(() => {
    let current = true;
    const query = new URLSearchParams({ setting_key: BILLING_SETTING_KEYS.join(',') });
    fetch(`${API_BASE}/billing/settings?${query}`, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, { value: number }>>) : null))
      .then((body) => {
        if (!current) return;
        const complete = body && BILLING_SETTING_KEYS.every((key) => typeof body[key]?.value === 'number');
        setPrices(complete ? (Object.fromEntries(BILLING_SETTING_KEYS.map((key) => [key, body[key]!.value])) as Prices) : null);
      })
      .catch(() => current && setPrices(null));
    return () => {
      current = false;
    };
  }, []);
  return prices;
}

/** «Цены»: activation, the monthly price of an action and the receipt tiers, as the service charges them now. */
export function PriceList() {
  const prices = usePrices();
  if (prices === null) return null;
  return (
    <section className="landing-section price-list" id="prices" aria-labelledby="prices-title">
      <div className="landing-container">
        <h2 className="landing-section__title" id="prices-title">
          {pricing.title}
        </h2>
        <p className="landing-section__lead">{pricing.lead}</p>
        {prices && (
          <div className="price-list__grid">
            <dl className="price-list__main">
              <div>
                <dt>{pricing.activation}</dt>
                <dd>{formatRubles(prices.account_activation_price)}</dd>
              </div>
              <div>
                <dt>{pricing.subscription}</dt>
                <dd>{formatRubles(prices.project_subscription_price)}</dd>
              </div>
            </dl>
            <table className="price-list__tiers">
              <caption>{pricing.tiersCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{pricing.tierReceipts}</th>
                  <th scope="col">{pricing.tierPrice}</th>
                </tr>
              </thead>
              <tbody>
                {RECEIPT_TIERS.map((tier) => (
                  <tr key={tier.key}>
                    <th scope="row">
                      {tier.max === null
                        ? `${pricing.over} ${formatNumber(tier.min - 1)}`
                        : `${formatNumber(tier.min)}–${formatNumber(tier.max)}`}
                    </th>
                    <td>{formatRubles(prices[tier.key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="price-list__note">{pricing.note}</p>
      </div>
    </section>
  );
}
