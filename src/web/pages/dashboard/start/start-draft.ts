import { POINTS_HOLD_PROPOSED_DAYS } from '../../../../contract/trust.js';

/**
 * What the seller entered in the guided start, kept in this tab's sessionStorage: the card
 * payment leaves the page for the checkout and comes back to /dashboard, where the start goes on.
 */
export interface StartDraft {
  name: string;
  inns: string;
  token: string;
  /** Days the points are held for the marketplaces' return window, as typed. */
  holdDays: string;
  /** Set just before leaving for the checkout: on return, a balance that now covers the start launches it. */
  awaitingPayment: boolean;
}

const KEY = 'scanapp.guidedStart';

export function readDraft(userId: number): StartDraft | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(`${KEY}.${userId}`) ?? 'null') as Partial<StartDraft> | null;
    if (!stored || typeof stored.name !== 'string' || typeof stored.inns !== 'string' || typeof stored.token !== 'string') return null;
    return {
      name: stored.name,
      inns: stored.inns,
      token: stored.token,
      holdDays: typeof stored.holdDays === 'string' ? stored.holdDays : String(POINTS_HOLD_PROPOSED_DAYS),
      awaitingPayment: stored.awaitingPayment === true,
    };
  } catch {
    return null;
  }
}

export function saveDraft(userId: number, draft: StartDraft | null): void {
  try {
    if (draft) sessionStorage.setItem(`${KEY}.${userId}`, JSON.stringify(draft));
    else sessionStorage.removeItem(`${KEY}.${userId}`);
  } catch {
    // Private mode: the start still works within the page.
  }
}
