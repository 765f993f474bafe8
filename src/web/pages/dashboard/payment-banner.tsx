import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../contract/messages.js';
import { useRefreshBalance } from '../../api/payments.js';
import { announcePaymentResult, listenForPaymentResults, consumeSameTabPayment } from './top-up/payment-channel.js';
import { PAYMENT_NOTICE_HIDE_MS, paymentNoticeOf, withoutPaymentParams, type PaymentNotice } from './top-up/payment-notice.js';
import './payment-banner.css';

/**
 * The payment result notice (SPEC §2): `?payment=…&amount=…&invoice=…`, left by the
 * provider's return, becomes a closable banner that hides itself after 8 seconds. The
 * parameters leave the address at once, so a reload or a shared link does not repeat it.
 */
export function PaymentBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const refreshBalance = useRefreshBalance();
  const [notice, setNotice] = useState<PaymentNotice | null>(null);
  // This tab is the one the provider returned to (opened by the top-up): it may be closed.
  const [isReturnTab, setIsReturnTab] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = paymentNoticeOf(params);
    if (!found) return;
    setNotice(found);
    navigate({ pathname: location.pathname, search: withoutPaymentParams(params), hash: location.hash }, { replace: true });
    if (found.status === 'success') void refreshBalance();
    if (found.status !== 'pending') {
      announcePaymentResult(params.toString());
      if (!consumeSameTabPayment()) setIsReturnTab(true);
    }
  }, [location.pathname, location.search, location.hash, navigate, refreshBalance]);

  // The tab the seller paid from learns the result from the return tab.
  useEffect(
    () =>
      listenForPaymentResults((search) => {
        const found = paymentNoticeOf(new URLSearchParams(search));
        if (!found) return;
        setNotice(found);
        if (found.status === 'success') void refreshBalance();
      }),
    [refreshBalance],
  );

  // Each new notice (a new object) starts its own 8 seconds.
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), PAYMENT_NOTICE_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  return (
    <>
      {notice && <PaymentNoticeBanner notice={notice} onClose={() => setNotice(null)} />}
      {isReturnTab && (
        <div className="payment-return" role="status">
          <p>{messages.cabinetPolish.paymentTabDone}</p>
          {/* Browsers let a script close the tab a script opened; elsewhere the text stays. */}
          <button type="button" className="button button--secondary button--small" onClick={() => window.close()}>
            {messages.cabinetPolish.closeTab}
          </button>
        </div>
      )}
    </>
  );
}

function PaymentNoticeBanner({ notice, onClose }: { notice: PaymentNotice; onClose: () => void }) {
  return (
    <div className={`payment-banner payment-banner--${notice.status}`} role={notice.status === 'error' ? 'alert' : 'status'}>
      <div className="payment-banner__text">
        <p className="payment-banner__title">{notice.title}</p>
        {notice.details.map((detail) => (
          <p key={detail}>{detail}</p>
        ))}
      </div>
      <button type="button" className="payment-banner__close" onClick={onClose}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
        <span className="visually-hidden">{messages.topUpDialog.closeNotice}</span>
      </button>
    </div>
  );
}
