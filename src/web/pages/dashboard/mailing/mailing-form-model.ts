import {
  MAILING_INLINE_RECIPIENTS,
  MAILING_MAX_RECIPIENTS,
  mergeRecipientIds,
  messageLengthError,
  parseRecipientIds,
} from '../../../../contract/mailing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { formatNumber } from '../../../lib/format.js';

const m = messages.mailing;

/** The send form's fields a validation message can point at (and focus). */
export type MailingField = 'token' | 'recipients' | 'segment' | 'message';

export interface MailingFormError {
  /** null: nothing on the form to fix (an unknown user). */
  field: MailingField | null;
  message: string;
}

export interface MailingFormState {
  botToken: string;
  /** The action whose own bot sends: no mailing bot token is needed then. */
  projectId: number | null;
  userId: number | undefined;
  recipientIds: readonly string[];
  /** Absent when the mailing goes to ticked / typed IDs; null: «Сегменту» with none chosen yet. */
  segmentId?: number | null;
  message: string;
  hasImage: boolean;
}

/** SPEC §5: the typed IDs (numbers only) merged with the ticked buyers, without duplicates. */
export function recipientsOf(typedText: string, tickedBuyerIds: Iterable<string>): string[] {
  return mergeRecipientIds(parseRecipientIds(typedText), [...tickedBuyerIds]);
}

/**
 * The token the mailing goes out with: a token typed on this screen wins, else the saved
 * bot's mask, which the server maps back to the saved token (the full one never reaches the browser).
 */
export function tokenForSending(savedMaskedToken: string | null | undefined, typedToken: string): string {
  return typedToken.trim() || savedMaskedToken || '';
}

/** The first problem in SPEC §5's order (token, user, recipients, text), then Telegram's limits. */
export function firstFormError(form: MailingFormState): MailingFormError | null {
  if (form.projectId === null && !form.botToken.trim()) return { field: 'token', message: m.tokenRequiredToSend };
  if (form.userId === undefined) return { field: null, message: m.userUnknown };
  if (form.segmentId === null) return { field: 'segment', message: messages.segments.segmentRequired };
  if (form.segmentId === undefined && form.recipientIds.length === 0) return { field: 'recipients', message: m.recipientsRequired };
  if (form.recipientIds.length > MAILING_MAX_RECIPIENTS) {
    return { field: 'recipients', message: fillMessage(m.tooManyRecipients, { max: formatNumber(MAILING_MAX_RECIPIENTS) }) };
  }
  if (!form.message.trim()) return { field: 'message', message: m.messageRequired };
  const tooLong = messageLengthError(form.message, form.hasImage);
  return tooLong ? { field: 'message', message: tooLong } : null;
}

/** More than a handful of recipients: the seller confirms before the mailing starts. */
export function needsConfirmation(recipientCount: number): boolean {
  return recipientCount > MAILING_INLINE_RECIPIENTS;
}
