import { useId } from 'react';
import { Link } from 'react-router';
import { ACTION_SUBSCRIPTION_DAYS } from '../../../../contract/billing.js';
import { BOT_FEATURE_GUIDES, BOT_FEATURE_KEYS, type BotFeatureGuide } from '../../../../contract/bot-features.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useBillingSettingsQuery } from '../../../api/billing.js';
import { Banner } from '../../../components/banner.js';
import { LoadingState } from '../../../components/list-state.js';
import { formatDays, formatRubles } from '../../../lib/format.js';
import { usePageTitle } from '../page-title.js';
import { tierRows } from '../tariffs/tier-rows.js';
import '../../../components/panel.css';
import './help.css';

const h = messages.helpPage;

/** /dashboard/help: the seller's guide. Prices are the live billing settings, never numbers in the text. */
export function HelpPage() {
  return (
    <section className="dashboard-page help-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p>{h.intro}</p>
      <HelpSection title={h.earnTitle} text={h.earn} />
      <HelpSection title={h.checkTitle} text={h.check} />
      <section className="panel" aria-labelledby="help-prices">
        <h2 className="panel__title" id="help-prices">
          {h.pricesTitle}
        </h2>
        <Prices />
      </section>
      <HelpSection title={fillMessage(h.suspendedTitle, { status: messages.actions.suspended })} text={h.suspended} />
      <HelpSection title={h.tokenTitle} text={h.token} />
      <HelpSection title={h.shopTitle} text={h.shop} />
      <section className="panel" aria-labelledby="help-features">
        <h2 className="panel__title" id="help-features">
          {h.featuresTitle}
        </h2>
        <p>{h.featuresIntro}</p>
        {BOT_FEATURE_KEYS.map((key) => (
          <BotFeatureHelp key={key} guide={BOT_FEATURE_GUIDES[key]} />
        ))}
      </section>
      <HelpSection title={h.mailingTitle} text={h.mailing} />
      <HelpSection title={h.invoiceTitle} text={h.invoice} />
    </section>
  );
}

/** A section's text: paragraphs separated by line breaks in the catalogue. */
function HelpSection({ title, text }: { title: string; text: string }) {
  return (
    <section className="panel">
      <h2 className="panel__title">{title}</h2>
      {text.split('\n').map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}

/** One bot function: what the shopper sees, and how the seller tries it in the demo chat. */
function BotFeatureHelp({ guide }: { guide: BotFeatureGuide }) {
  const titleId = useId();
  return (
    <section className="help-page__feature" aria-labelledby={titleId}>
      <h3 className="help-page__feature-title" id={titleId}>
        {guide.name}
      </h3>
      <dl className="help-page__facts">
        <dt>{h.shopperSees}</dt>
        <dd>{guide.shopperSees}</dd>
        <dt>{h.tryInDemo}</dt>
        <dd>{guide.tryInDemo}</dd>
      </dl>
    </section>
  );
}

function Prices() {
  const prices = useBillingSettingsQuery();
  if (prices.isPending) return <LoadingState>{h.pricesLoading}</LoadingState>;
  if (prices.isError) return <Banner tone="error">{errorMessageOf(prices.error, messages.billing.tariffsLoadFailed)}</Banner>;
  const receiptPrices = tierRows(prices.data, 0).map((row) => row.price);
  return (
    <>
      <ul className="help-page__list">
        <li>{fillMessage(h.priceActivation, { price: formatRubles(prices.data.account_activation_price) })}</li>
        <li>
          {fillMessage(h.priceSubscription, {
            price: formatRubles(prices.data.project_subscription_price),
            days: formatDays(ACTION_SUBSCRIPTION_DAYS),
          })}
        </li>
        <li>
          {fillMessage(h.priceReceipt, { min: formatRubles(Math.min(...receiptPrices)), max: formatRubles(Math.max(...receiptPrices)) })}
        </li>
      </ul>
      <p>
        <Link to="/dashboard/tariffs">{h.pricesLink}</Link>
      </p>
    </>
  );
}
