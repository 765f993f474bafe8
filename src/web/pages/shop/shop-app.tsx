import { useCallback, useEffect, useState } from 'react';
import type { BuyerAccount, PublicProduct } from '../../../contract/shop.js';
import {
  CLOSE_AFTER_PURCHASE_MS,
  fillText,
  ORDER_STATUS_LABELS,
  publicShopMessages as t,
  SHOP_TOKEN_PATTERN,
  WHEEL_QUERY,
} from '../../../contract/public-shop.js';
import { ScrollIndicator, useScrollIndicator } from '../../components/scroll-indicator.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { formatDayMonthTime, formatPercent } from '../../lib/format.js';
import { formatPoints } from '../../lib/format.js';
import { formatHeld, formatNearestExpiry } from './format.js';
import { FortuneWheel } from './fortune-wheel.js';
import { ProductCard } from './product-card.js';
import { ShopDrawsSection } from './shop-draws.js';
import { fetchAccount, fetchProducts, sendPurchase, ShopApiError } from './shop-api.js';
import { applyTheme, telegramUserId, waitForTelegram, type TelegramWebApp } from './telegram.js';

type Catalogue =
  { state: 'loading' } | { state: 'failed'; lines: string[] } | { state: 'ready'; shopName: string; products: PublicProduct[] };

type Buyer =
  | { state: 'waiting' }
  | { state: 'outside' }
  | { state: 'failed'; message: string }
  | { state: 'known'; webApp: TelegramWebApp; id: string; account: BuyerAccount | null };

type Notice = { kind: 'success' | 'error'; text: string } | null;

const messageOf = (error: unknown, fallback: string) => (error instanceof ShopApiError && error.serverMessage) || fallback;

/** The shop token from `/shop/{token}`; null when the address holds none that could be valid. */
export function shopTokenOf(pathname: string): string | null {
  const token = pathname.replace(/^\/shop\//, '').replace(/\/+$/, '');
  return SHOP_TOKEN_PATTERN.test(token) ? token : null;
}

/** The buyers' points shop, a Telegram Mini App (SPEC §2 Public shop). */
export function ShopApp({ token }: { token: string | null }) {
  const [catalogue, setCatalogue] = useState<Catalogue>(token ? { state: 'loading' } : { state: 'failed', lines: [t.linkInvalid] });
  const [buyer, setBuyer] = useState<Buyer>({ state: 'waiting' });
  const [confirming, setConfirming] = useState<PublicProduct | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  // The products are public: load them at once, without waiting for Telegram.
  useEffect(() => {
    if (!token) return;
    fetchProducts(token).then(
      (answer) => setCatalogue({ state: 'ready', shopName: answer.shop_name, products: answer.products }),
      (error: unknown) => {
        const invalid = error instanceof ShopApiError && (error.status === 404 || error.status === 400);
        setCatalogue({ state: 'failed', lines: invalid ? [t.linkInvalid, error.serverMessage ?? t.tokenNotFound] : [t.loadFailed] });
      },
    );
  }, [token]);

  // The buyer: Telegram's signed init data, then their balance and past requests.
  useEffect(() => {
    if (!token) return;
    let live = true;
    void waitForTelegram().then(async (webApp) => {
      if (!live) return;
      const id = webApp && telegramUserId(webApp);
      if (!webApp || !id) return setBuyer({ state: 'outside' });
      applyTheme(webApp);
      webApp.onEvent?.('themeChanged', () => applyTheme(webApp));
      webApp.ready?.();
      webApp.expand?.();
      setBuyer({ state: 'known', webApp, id, account: null });
      try {
        const account = await fetchAccount(token, webApp.initData);
        if (live) setBuyer({ state: 'known', webApp, id, account });
      } catch (error) {
        if (live) setBuyer({ state: 'failed', message: messageOf(error, t.telegramIdUnknown) });
      }
    });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    document.title = catalogue.state === 'ready' ? `${catalogue.shopName} — ${t.title}` : t.title;
  }, [catalogue]);

  const exchange = useCallback(async () => {
    const product = confirming;
    setConfirming(null);
    if (!product || !token || buyer.state !== 'known') return;
    setSending(true);
    setNotice(null);
    try {
      const answer = await sendPurchase(token, buyer.webApp.initData, product.id, buyer.id);
      // The exchange spent the soonest-expiring points first: the nearest expiry is read again, shown meanwhile as unknown.
      const orders = [answer.order, ...(buyer.account?.orders ?? [])];
      // An exchange spends only available points: the held ones stay as they were.
      const held = buyer.account?.held ?? [];
      setBuyer({ ...buyer, account: { points: answer.points, level: buyer.account?.level ?? null, nearest_expiry: null, held, orders } });
      void fetchAccount(token, buyer.webApp.initData).then(
        (account) => setBuyer((current) => (current.state === 'known' ? { ...current, account } : current)),
        () => undefined,
      );
      setNotice({ kind: 'success', text: answer.message });
      // SPEC §7: the Mini App closes 300 ms after a successful exchange request.
      setTimeout(() => buyer.webApp.close?.(), CLOSE_AFTER_PURCHASE_MS);
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error, t.purchaseFailed) });
    } finally {
      setSending(false);
    }
  }, [buyer, confirming, token]);

  const account = buyer.state === 'known' ? buyer.account : null;
  // The product list scrolls with the Mini App's page, so the indicator follows the window.
  const scroll = useScrollIndicator('window', 'y');
  return (
    <div className="shop">
      <header className="shop__header">
        <p className="shop__eyebrow">{t.title}</p>
        <h1 className="shop__name">{catalogue.state === 'ready' ? catalogue.shopName : t.title}</h1>
        <BuyerStatus buyer={buyer} />
      </header>
      <main className="shop__main">
        <div className="shop__notices" aria-live="polite">
          {notice ? (
            <p className={`shop-notice shop-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
              {notice.text}
            </p>
          ) : null}
        </div>
        {token && catalogue.state === 'ready' && <ShopDrawsSection token={token} />}
        {wheelOpened && token && buyer.state === 'known' ? (
          <FortuneWheel
            token={token}
            initData={buyer.webApp.initData}
            onPoints={(points) =>
              setBuyer((current) =>
                current.state === 'known' && current.account ? { ...current, account: { ...current.account, points } } : current,
              )
            }
          />
        ) : null}
        {catalogue.state === 'loading' ? (
          <p className="shop__placeholder" role="status">
            {t.loading}
          </p>
        ) : catalogue.state === 'failed' ? (
          <div className="shop-notice shop-notice--error" role="alert">
            {catalogue.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : catalogue.products.length === 0 ? (
          <p className="shop__placeholder">{t.empty}</p>
        ) : (
          <section aria-labelledby="shop-products-title">
            <h2 id="shop-products-title" className="visually-hidden">
              {t.productsLabel}
            </h2>
            <ScrollIndicator state={scroll} axis="y" fixed />
            <ul className="shop__grid">
              {firstAnnounced(catalogue.products, announcedId).map((product, index) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  index={index}
                  announced={product.id === announcedId}
                  points={account ? account.points : null}
                  busy={sending}
                  onExchange={setConfirming}
                />
              ))}
            </ul>
          </section>
        )}
        {account && account.orders.length > 0 ? (
          <section className="shop__orders" aria-labelledby="shop-orders-title">
            <h2 id="shop-orders-title">{t.ordersTitle}</h2>
            <ul>
              {account.orders.map((order) => (
                <li key={order.id} className="shop-order">
                  <span className="shop-order__title">{order.title}</span>
                  <span className="shop-order__meta">
                    {formatPoints(order.price_points)} · {formatDayMonthTime(order.created_at)}
                  </span>
                  <span className={`shop-order__status shop-order__status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
      {confirming ? <ConfirmDialog product={confirming} onConfirm={() => void exchange()} onCancel={() => setConfirming(null)} /> : null}
    </div>
  );
}

function BuyerStatus({ buyer }: { buyer: Buyer }) {
  if (buyer.state === 'waiting') return <p className="shop__buyer shop__buyer--hint">{t.waitingForTelegram}</p>;
  if (buyer.state === 'outside' || buyer.state === 'failed') {
    return (
      <p className="shop__buyer shop-notice shop-notice--error" role="alert">
        {buyer.state === 'outside' ? t.telegramIdUnknown : buyer.message}
      </p>
    );
  }
  const account = buyer.account;
  return (
    <div className="shop__buyer" aria-live="polite">
      <p className="shop__balance">
        {t.balance}: <strong>{account ? formatPoints(account.points) : '…'}</strong>
      </p>
      {account?.level && (
        <p className="shop__buyer-line">
          {fillText(t.level, { level: account.level.name, percent: formatPercent(account.level.points_percentage) })}
        </p>
      )}
      {account?.nearest_expiry && (
        <p className="shop__buyer-line">{formatNearestExpiry(account.nearest_expiry.points, account.nearest_expiry.expires_at)}</p>
      )}
      {account?.held.map((day) => (
        <p className="shop__buyer-line shop__buyer-line--held" key={day.release_at}>
          {formatHeld(day.points, day.release_at)}
        </p>
      ))}
    </div>
  );
}

/** Opened by the daily bonus's button (`/shop/<token>?wheel=1`): the wheel of fortune above the products. */
const wheelOpened = new URLSearchParams(window.location.search).has(WHEEL_QUERY);

/** The product an announcement's button names (`/shop/<token>?product=<id>`), if any. */
const announcedId = Number(new URLSearchParams(window.location.search).get('product')) || null;

/** The announced product first, the rest in the seller's order (an unknown or hidden id changes nothing). */
function firstAnnounced(products: PublicProduct[], id: number | null): PublicProduct[] {
  const announced = products.find((product) => product.id === id);
  return announced ? [announced, ...products.filter((product) => product !== announced)] : products;
}
