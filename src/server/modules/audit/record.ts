import { sql } from 'drizzle-orm';
import type { AuditAction } from '../../../contract/audit.js';
import type { Executor } from '../../db/connection.js';
import { auditLog, users } from '../../db/schema.js';

/** Who made a change: a person signed in to the cabinet, or an API key (named as the seller named it). */
export type AuditActor = { userId: number } | { apiKeyId: number; name: string };

export interface AuditRecord {
  sellerId: number;
  actor: AuditActor;
  action: AuditAction;
  /** What was changed, in words the owner reads («Покупатель 123456 в акции «Весна»»). */
  subject: string;
  /** The values before and after (null where there was or is nothing): plain JSON the cabinet shows. */
  before: unknown;
  after: unknown;
}

/**
 * Writes one entry of the seller's audit log. Called by a service inside the transaction of the
 * change it records, so the entry exists exactly when the change does; a person's name is the
 * one they have at that moment.
 */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  const actor =
    'userId' in record.actor
      ? {
          actorUserId: record.actor.userId,
          actorName: sql<string>`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${record.actor.userId})`,
        }
      : { actorApiKeyId: record.actor.apiKeyId, actorName: record.actor.name };
  await tx.insert(auditLog).values({
    sellerId: record.sellerId,
    ...actor,
    action: record.action,
    subject: record.subject,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
