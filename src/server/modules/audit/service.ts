import type { Transform } from 'node:stream';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilter, type AuditLogResponse } from '../../../contract/audit.js';
import { messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import type { AuditLogRow } from '../../db/schema.js';
import { attachment, csvDateTime, csvStream, csvText } from '../../csv.js';
import { moscowDay } from '../analytics/period.js';
import { entryRows, listEntries } from './repository.js';

export interface AuditDeps {
  db: Executor;
  now: () => Date;
}

function presentEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    actor: { user_id: row.actorUserId, api_key_id: row.actorApiKeyId, name: row.actorName },
    action: row.action,
    subject: row.subject,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}

/** «Журнал действий»: a page of the seller's entries, newest first. */
export async function getAuditLog(deps: AuditDeps, sellerId: number, filter: AuditFilter, before?: number): Promise<AuditLogResponse> {
  const rows = await listEntries(deps.db, sellerId, filter, before, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { entries: page.map(presentEntry), next_before: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null };
}

const a = messages.audit;
const actionTitle = (action: string) => (messages.auditActions as Record<string, string>)[action] ?? action;
const json = (value: unknown) => (value === null || value === undefined ? '' : csvText(JSON.stringify(value)));

/** The log's filter as CSV, newest first: when, who, what, the object, before and after. */
export function auditCsv(deps: AuditDeps, sellerId: number, filter: AuditFilter): { disposition: string; body: Transform } {
  const columns = [
    { header: a.columnWhen, value: (row: AuditLogRow) => csvDateTime(row.createdAt) },
    { header: a.columnActor, value: (row: AuditLogRow) => csvText(row.actorName) },
    { header: a.columnAction, value: (row: AuditLogRow) => actionTitle(row.action) },
    { header: a.columnSubject, value: (row: AuditLogRow) => csvText(row.subject) },
    { header: a.columnBefore, value: (row: AuditLogRow) => json(row.before) },
    { header: a.columnAfter, value: (row: AuditLogRow) => json(row.after) },
  ];
  return {
    disposition: attachment(`scanapp-audit-log-${moscowDay(deps.now())}.csv`),
    body: csvStream(columns, entryRows(deps.db, sellerId, filter)),
  };
}
