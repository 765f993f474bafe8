import { z } from './zod-setup.js';
import { calendarDaySchema } from './analytics.js';
import { userIdSchema } from './auth.js';
import { bigIdParam, intIdParam } from './ids.js';
import { messages } from './messages.js';

const a = messages.audit;

/**
 * The audit log (docs/decisions.md, "The audit log"): GET /audit-log and its CSV export
 * GET /audit-log/export.csv, the owner's only. Newest first, by a keyset cursor: `before` is the
 * previous page's `next_before`.
 */

/** Every kind of change the log records; a new audited change adds its kind and its title here. */
export const AUDIT_ACTIONS = Object.keys(messages.auditActions) as (keyof typeof messages.auditActions)[];
export type AuditAction = keyof typeof messages.auditActions;

export const AUDIT_PAGE_SIZE = 50;

const filterFields = {
  user_id: userIdSchema.optional(),
  actor: intIdParam(a.actorInvalid).optional(),
  action: z.enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]], { error: a.actionInvalid }).optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
};
const periodInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const periodReversed = { message: a.periodInvalid, path: ['to'] };

/** Filters of the page and of its export: who, what kind, Moscow days from and to (both included). */
export const auditFilterSchema = z.object(filterFields).refine(periodInOrder, periodReversed);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = z
  .object({ ...filterFields, before: bigIdParam(a.cursorInvalid).optional() })
  .refine(periodInOrder, periodReversed);

export const auditActorSchema = z.object({
  /** The person, while their account exists. */
  user_id: z.number().int().nullable(),
  /** An API key's id, for a change made by a key. */
  api_key_id: z.number().int().nullable(),
  /** The name at the time of the change. */
  name: z.string(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: auditActorSchema,
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema), next_before: z.number().int().nullable() });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
