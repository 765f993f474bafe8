import { formatRubles, kopecksToRubles, pluralRu } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { ReceiptStatus } from '../../../contract/receipts.js';
import type { ProjectRow } from '../../db/schema.js';

const r = messages.receipts;

/** The verdicts a check answers with; `cancelled` comes later, from the seller. */
export type CheckVerdict = Exclude<ReceiptStatus, 'cancelled'>;

/**
 * What the shopper is told: the action's own command text for the status (SPEC §3's five
 * commands and the weekly cap's), else a default. `{points}` in a success text is replaced by the
 * points awarded; `{limit}` and `{date}` in the cap's by the cap and the day the next receipt counts.
 * A success whose points the action's cap cut says so after the text, whoever wrote it: the
 * seller's own text cannot know when a receipt is over the cap.
 */
export function answerFor(
  status: CheckVerdict,
  action:
    | Pick<
        ProjectRow,
        | 'receiptValidityDays'
        | 'minTotalKopecks'
        | 'maxReceiptsPerWeek'
        | 'commandSuccess'
        | 'commandNotRecognized'
        | 'commandAlreadyScanned'
        | 'commandTooOld'
        | 'commandNoItems'
        | 'commandLimitReached'
      >
    | undefined,
  facts: { points?: number; nextReceiptOn?: string; cappedAt?: number | null } = {},
): string {
  const own = (text: string | null | undefined) => (text?.trim() ? text : undefined);
  const template = (() => {
    switch (status) {
      case 'success':
        return own(action?.commandSuccess) ?? r.defaultSuccess;
      case 'not_recognized':
        return own(action?.commandNotRecognized) ?? r.defaultNotRecognized;
      case 'already_scanned':
        return own(action?.commandAlreadyScanned) ?? r.defaultAlreadyScanned;
      case 'too_old':
        return own(action?.commandTooOld) ?? r.defaultTooOld;
      case 'no_items':
        return own(action?.commandNoItems) ?? r.defaultNoItems;
      case 'no_matching_product':
        return own(action?.commandNoItems) ?? r.defaultNoMatchingProduct;
      case 'below_min_total':
        return r.defaultBelowMinTotal;
      case 'subscription_inactive':
        return r.defaultInactive;
      case 'seller_balance_low':
        return r.defaultSellerBalanceLow;
      case 'prepayment':
        return r.defaultPrepayment;
      case 'limit_reached':
        return own(action?.commandLimitReached) ?? r.defaultLimitReached;
      case 'blocked':
        return r.defaultBlocked;
      case 'error':
      case 'failed':
        return r.checkFailed;
    }
  })();
  const values = {
    points: facts.points ?? 0,
    days: action?.receiptValidityDays ?? 0,
    // Formatted (Intl) only for a text that names it: every check's answer passes here.
    ...(template.includes('{min}') && { min: formatRubles(kopecksToRubles(action?.minTotalKopecks ?? 0)) }),
    limit: action?.maxReceiptsPerWeek ?? 0,
    date: facts.nextReceiptOn ?? '',
  };
  const text = fillMessage(template, values);
  if (status !== 'success' || facts.cappedAt === undefined || facts.cappedAt === null) return text;
  const cap = `${facts.cappedAt} ${pluralRu(facts.cappedAt, { one: r.pointsGenitiveOne, few: r.pointsGenitiveMany, many: r.pointsGenitiveMany })}`;
  return `${text}\n${fillMessage(r.pointsCapped, { cap })}`;
}
