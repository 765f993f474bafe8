import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { mailOutbox } from '../../db/schema.js';
import { MailError, type MailClient, type OutgoingMail } from '../../integrations/mail/client.js';

export interface MailDeliveryDeps {
  db: Db;
  mail: Pick<MailClient, 'send'>;
  retryBaseMs: number;
  log: { warn(data: object, message: string): void };
}

const BATCH = 20;
/** A claimed mail is someone's for this long; a crash mid-send frees it then. */
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 12;
const MAX_DELAY_MS = 60 * 60 * 1000;

/** Writes a mail in the caller's transaction; the mail job sends it (queue the job after commit). */
export async function queueMail(db: Executor, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
}

/**
 * Sends due mails: claimed with SKIP LOCKED (instances share the work), sent, and on failure retried
 * with doubling waits. A refusal the mail server means for good (5xx for this mail), or too many
 * tries, ends as `failed` with the reason kept; nothing is dropped silently.
 */
export async function deliverDueMail(deps: MailDeliveryDeps): Promise<number> {
  const claimed = await claimDueMail(deps.db);
  for (const row of claimed) {
    try {
      await deps.mail.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body });
      await deps.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, textBody: '', htmlBody: '' })
        .where(eq(mailOutbox.id, Number(row.id)));
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      const giveUp = (error instanceof MailError && error.permanent) || row.attempts >= MAX_ATTEMPTS;
      deps.log.warn({ mailId: Number(row.id), attempts: row.attempts, error: message, giveUp }, 'mail not sent');
      const delay = Math.min(MAX_DELAY_MS, deps.retryBaseMs * 2 ** Math.max(0, row.attempts - 1));
      await deps.db
        .update(mailOutbox)
        .set({ status: giveUp ? 'failed' : 'pending', lastError: message, nextAttemptAt: new Date(Date.now() + delay) })
        .where(eq(mailOutbox.id, Number(row.id)));
    }
  }
  return claimed.length;
}

async function claimDueMail(db: Db) {
  const result = await db.execute(sql`
    UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + ${LEASE_MS} * interval '1 millisecond'
     WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
                   ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id, recipient, subject, text_body, html_body, attempts`);
  return rowsOf<{ id: string | number; recipient: string; subject: string; text_body: string; html_body: string; attempts: number }>(result);
}

export async function nextMailDueAt(db: Db): Promise<Date | null> {
  const result = await db.execute(sql`SELECT min(next_attempt_at) AS due FROM mail_outbox WHERE status = 'pending'`);
  const due = rowsOf<{ due: string | Date | null }>(result)[0]?.due;
  return due ? new Date(due) : null;
}
