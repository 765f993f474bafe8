import { vi } from 'vitest';
import { messages } from '../../src/contract/messages.js';

/** A mail as the demo catcher lists it (`GET /__emulators/mail/messages`). */
export type { CaughtMail } from '../../src/server/integrations/mail/emulator.js';
import type { CaughtMail } from '../../src/server/integrations/mail/emulator.js';

const { digestTitle } = messages.sellerNotices;
const DIGEST_SUBJECT = digestTitle.slice(0, digestTitle.indexOf('{'));

/**
 * The mails to an address, the sellers' daily digests left out unless asked for. Test receipts are
 * dated yesterday (receipts.ts, `freshReceipt`), and every move of the demo clock runs the digest's
 * job: a move to any time past 09:00 Moscow (a move of one second after 06:00 UTC) tells a seller of
 * such receipts «Итоги за …», which a case counting its own notices must not see. (The test servers
 * no longer run the job on the real clock as well: PERIODIC_JOBS=clock.)
 */
export async function mailsTo(baseUrl: string, to: string, options: { digests?: boolean } = {}): Promise<CaughtMail[]> {
  const response = await fetch(`${baseUrl}/__emulators/mail/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  const mails = (await response.json()) as CaughtMail[];
  return options.digests ? mails : mails.filter((mail) => !mail.subject.startsWith(DIGEST_SUBJECT));
}

/** Waits until `count` mails to the address have arrived (the mail job sends them in the background). */
export async function waitForMails(
  baseUrl: string,
  to: string,
  count = 1,
  timeoutMs = 15_000,
  options: { digests?: boolean } = {},
): Promise<CaughtMail[]> {
  return vi.waitFor(
    async () => {
      const mails = await mailsTo(baseUrl, to, options);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${to} so far`);
      return mails;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** The link a mail carries to one of the app's pages, e.g. `/reset-password`. */
export function linkIn(mail: CaughtMail, pagePath: string): URL {
  const match = mail.text.match(new RegExp(`https?://\\S+${pagePath}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${pagePath} link in the mail «${mail.subject}»:\n${mail.text}`);
  return new URL(match[0]);
}
