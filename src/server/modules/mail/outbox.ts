import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import { claimDue, CLAIM_LEASE_MS, nextDueAt, outboxRetry, renewClaims, type OutboxTable } from '../../db/outbox.js';
import { deliverClaimed, finishOutboxRow } from '../../db/outbox-pass.js';
import { mailOutbox } from '../../db/schema.js';
import { MailError, type MailClient, type OutgoingMail } from '../../integrations/mail/client.js';

export interface MailDeliveryDeps {
  db: Db;
  mail: Pick<MailClient, 'send'>;
  retryBaseMs: number;
  log: { warn(data: object, message: string): void };
}

const BATCH = 20;

export const mailOutboxTable: OutboxTable = {
  table: mailOutbox,
  key: [mailOutbox.id],
  status: mailOutbox.status,
  doneStatus: 'sent',
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
};

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
  const claimed = await claimDue<ClaimedMail>(deps.db, mailOutboxTable, {
    limit: BATCH,
    leaseMs: CLAIM_LEASE_MS,
    orderBy: [mailOutbox.id],
    returning: [mailOutbox.id, mailOutbox.recipient, mailOutbox.subject, mailOutbox.textBody, mailOutbox.htmlBody, mailOutbox.attempts],
  });
  return deliverClaimed(claimed, {
    send: (row) => deps.mail.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body }),
    // A sent mail's bodies are blanked: they hold a live link.
    finish: (row, outcome) =>
      finishOutboxRow(
        deps.db,
        mailOutboxTable,
        sql`${mailOutbox.id} = ${Number(row.id)}`,
        outcome,
        sql`sent_at = now(), text_body = '', html_body = ''`,
      ),
    isFinal: (error) => error instanceof MailError && error.permanent,
    retry: outboxRetry(deps.retryBaseMs, { maxAttempts: 12 }),
    warn: (row, error, giveUp) =>
      deps.log.warn({ mailId: Number(row.id), attempts: row.attempts, error: error.slice(0, 500), giveUp }, 'mail not sent'),
    renew: (open) =>
      renewClaims(
        deps.db,
        mailOutboxTable,
        open.map((row) => Number(row.id)),
        CLAIM_LEASE_MS,
      ),
    renewFailed: (error) => deps.log.warn({ err: error }, 'could not renew the claims of mails being sent'),
  });
}

interface ClaimedMail {
  id: string | number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

export async function nextMailDueAt(db: Db): Promise<Date | null> {
  return nextDueAt(db, mailOutboxTable);
}
