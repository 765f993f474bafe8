/**
 * The payment result travels from the tab the provider returned to (the one the top-up
 * opened) to every other cabinet tab, so the tab the seller paid from shows the banner and
 * the new balance without a reload. The message is the return's own query string; each
 * receiving tab reads it with the same rules as its address (`paymentNoticeOf`).
 */
const CHANNEL_NAME = 'scanapp-payment-result';

interface PaymentResultMessage {
  kind: 'payment-result';
  search: string;
}

const isResult = (data: unknown): data is PaymentResultMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as PaymentResultMessage).kind === 'payment-result' &&
  typeof (data as PaymentResultMessage).search === 'string';

/** Tells the other tabs; a browser without BroadcastChannel still has the session storage sync for the balance. */
export function announcePaymentResult(search: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage({ kind: 'payment-result', search } satisfies PaymentResultMessage);
  channel.close();
}

/** Calls `onResult` with the query string of each result another tab announces; returns the unsubscribe. */
export function listenForPaymentResults(onResult: (search: string) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isResult(event.data)) onResult(event.data.search);
  };
  return () => channel.close();
}

const SAME_TAB_KEY = 'scanapp.paymentInThisTab';

/** The checkout is opened in this very tab (the guided start): its return is not a separate tab to close. */
export function markSameTabPayment(): void {
  try {
    sessionStorage.setItem(SAME_TAB_KEY, '1');
  } catch {
    // Private mode: the return shows the «close this tab» note, which is only superfluous.
  }
}

/** Whether this tab left for the checkout itself; the mark is used once. */
export function consumeSameTabPayment(): boolean {
  try {
    const marked = sessionStorage.getItem(SAME_TAB_KEY) === '1';
    sessionStorage.removeItem(SAME_TAB_KEY);
    return marked;
  } catch {
    return false;
  }
}
