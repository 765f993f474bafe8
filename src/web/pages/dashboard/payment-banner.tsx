import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../contract/messages.js';
import { useRefreshBalance } from '../../api/payments.js';
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

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = paymentNoticeOf(params);
    if (!found) return;
    setNotice(found);
    navigate({ pathname: location.pathname, search: withoutPaymentParams(params), hash: location.hash }, { replace: true });
    if (found.status === 'success') void refreshBalance();
  }, [location.pathname, location.search, location.hash, navigate, refreshBalance]);

  // Each new notice (a new object) starts its own 8 seconds.
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), PAYMENT_NOTICE_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  return (
    <div className={`payment-banner payment-banner--${notice.status}`} role={notice.status === 'error' ? 'alert' : 'status'}>
      <div className="payment-banner__text">
        <p className="payment-banner__title">{notice.title}</p>
        {notice.details.map((detail) => (
          <p key={detail}>{detail}</p>
        ))}
      </div>
      <button type="button" className="payment-banner__close" onClick={() => setNotice(null)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
        <span className="visually-hidden">{messages.topUpDialog.closeNotice}</span>
      </button>
    </div>
  );
}
