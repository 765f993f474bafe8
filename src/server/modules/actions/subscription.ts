import { ACTION_SUBSCRIPTION_DAYS } from '../../../contract/billing.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A renewal adds a full period after the current end, or after now when it has already ended. */
export function nextSubscriptionEnd(currentEnd: Date | null, now: Date): Date {
  const from = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  return new Date(from.getTime() + ACTION_SUBSCRIPTION_DAYS * DAY_MS);
}

/**
 * The ledger reference of one subscription period: the action and the end date it
 * extends. A double-clicked or retried renewal names the same period, so it is charged once.
 */
export function subscriptionReference(actionId: number, extendsFrom: Date | null): string {
  return `action-subscription:${actionId}:${extendsFrom ? extendsFrom.toISOString() : 'new'}`;
}
