/** The part of a browser tab (a `window.open` result) the payment flow uses. */
export interface PaymentTab {
  opener: unknown;
  location: { href: string };
  close(): void;
}

/** Raised when the server answered without a usable payment address. */
export class NoPaymentUrlError extends Error {
  constructor() {
    super('the deposit answer has no usable payment_url');
    this.name = 'NoPaymentUrlError';
  }
}

/**
 * SPEC §4 Top-up: the tab was opened blank inside the click (so pop-up blockers allow it);
 * once the payment link arrives the tab goes there. Without a link (a refusal, an empty or
 * non-web address) the tab is closed and the error is passed on for the dialog to show.
 * `tab` is null when the browser blocked it: then this page goes to the payment instead.
 */
export async function sendToPayment({
  tab,
  createLink,
  origin,
  goHere,
}: {
  tab: PaymentTab | null;
  createLink: () => Promise<{ payment_url: string }>;
  /** The app's origin: a relative payment address (the demo checkout) is resolved against it. */
  origin: string;
  goHere: (url: string) => void;
}): Promise<void> {
  let url: string | null;
  try {
    url = webAddress((await createLink()).payment_url, origin);
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (!url) {
    tab?.close();
    throw new NoPaymentUrlError();
  }
  if (!tab) {
    goHere(url);
    return;
  }
  // The provider's page must not be able to reach back into the cabinet (reverse tabnabbing).
  tab.opener = null;
  tab.location.href = url;
}

/** Only http(s) addresses: a `javascript:` one would run inside our blank, same-origin tab. */
export function webAddress(raw: string, origin: string): string | null {
  if (!raw.trim()) return null;
  try {
    const url = new URL(raw, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
