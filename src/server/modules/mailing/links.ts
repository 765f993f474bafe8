import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Each recipient's own links under a mailing: the button's redirect (a press counted once per
// recipient) and a mailing bot's unsubscribe page. A link is `/m/<mailing>/<chat>/<signature>`,
// signed with the mailing's random key, so nobody can count a click or opt someone out by
// making a link up, and the redirect only ever goes to the mailing's own stored target.

/** Where the links are served, outside the API (rootRoutes). */
export const MAILING_LINK_PREFIX = '/m';
const SIGNATURE_LENGTH = 22;

export function newLinkKey(): string {
  return randomBytes(24).toString('base64url');
}

function signature(linkKey: string, mailingId: number, chatId: number): string {
  return createHmac('sha256', linkKey).update(`${mailingId}:${chatId}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

export function recipientLink(publicUrl: string, link: { key: string; mailingId: number; chatId: number }): string {
  return `${publicUrl}${MAILING_LINK_PREFIX}/${link.mailingId}/${link.chatId}/${signature(link.key, link.mailingId, link.chatId)}`;
}

export function unsubscribeLink(publicUrl: string, link: { key: string; mailingId: number; chatId: number }): string {
  return `${recipientLink(publicUrl, link)}/stop`;
}

/** Whether `given` is the signature of this recipient's links (constant time). */
export function isRecipientSignature(linkKey: string, mailingId: number, chatId: number, given: string): boolean {
  const expected = Buffer.from(signature(linkKey, mailingId, chatId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
