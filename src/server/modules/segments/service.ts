import { kopecksToRubles, rublesToKopecks } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { levelAt } from '../../../contract/points.js';
import { SEGMENT_BUYERS_PER_PAGE, type Segment, type SegmentBuyersPage, type SegmentConditions } from '../../../contract/segments.js';
import type { Db, Executor } from '../../db/connection.js';
import type { SegmentCondition } from '../../platform/manifest.js';
import type { ProjectRow, SegmentRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findLiveProject } from '../actions/repository.js';
import { changedValues } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import * as repo from './repository.js';

// Segments of an action's shoppers: saved conditions, counted afresh at every read.

const m = messages.segments;

export interface SegmentDeps {
  db: Db;
  now: () => Date;
  /** The conditions the functions' modules answer (their manifests' `segmentConditions`). */
  segmentConditions: readonly SegmentCondition[];
}

const notFound = () => new AppError('not_found', m.notFound);
const actionNotFound = () => new AppError('not_found', messages.actions.notFound);

/**
 * The conditions in database terms, checked against the action: its level by name here, a
 * survey or draw by id in its module (another action's is refused, not silently matched by nobody).
 */
async function filterOf(deps: SegmentDeps, action: ProjectRow, conditions: SegmentConditions, now: Date): Promise<repo.SegmentFilter> {
  const scope = { db: deps.db, sellerId: action.userId, projectId: action.id, now };
  const matches = (await Promise.all(deps.segmentConditions.map((condition) => condition.matches(scope, conditions)))).flat();
  const filter: repo.SegmentFilter = { sellerId: action.userId, projectId: action.id, now, matches };
  if (conditions.item_contains !== undefined) filter.itemNameIds = await repo.itemNameIds(deps.db, action.id, conditions.item_contains);
  if (conditions.total_min !== undefined) filter.minKopecks = rublesToKopecks(conditions.total_min);
  if (conditions.total_max !== undefined) filter.maxKopecks = rublesToKopecks(conditions.total_max);
  if (conditions.level !== undefined) filter.levelKopecks = levelRange(action, conditions.level);
  if (conditions.last_purchase_within_days !== undefined) filter.withinDays = conditions.last_purchase_within_days;
  if (conditions.last_purchase_not_within_days !== undefined) filter.notWithinDays = conditions.last_purchase_not_within_days;
  if (conditions.points_min !== undefined) filter.pointsMin = conditions.points_min;
  return filter;
}

/** A level's counted purchases: from its threshold up to the next level's (levels rise strictly). */
function levelRange(action: Pick<ProjectRow, 'levels'>, name: string): { from: number; to: number | null } {
  const wanted = name.toLocaleLowerCase('ru');
  const index = action.levels.findIndex((level) => level.name.toLocaleLowerCase('ru') === wanted);
  if (index < 0) throw new AppError('bad_request', fillMessage(m.levelUnknown, { level: name }));
  return { from: action.levels[index]!.min_kopecks, to: action.levels[index + 1]?.min_kopecks ?? null };
}

function present(row: SegmentRow, count: number): Segment {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    conditions: row.conditions,
    count,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function requireAction(db: Executor, sellerId: number, projectId: number): Promise<ProjectRow> {
  const action = await findLiveProject(db, sellerId, projectId);
  if (!action) throw actionNotFound();
  return action;
}

async function requireSegment(db: Executor, sellerId: number, segmentId: number) {
  const found = await repo.findOwnSegment(db, sellerId, segmentId);
  if (!found) throw notFound();
  return found;
}

const segmentSubject = (name: string, action: ProjectRow) => fillMessage(messages.audit.subjectSegment, { name, action: action.name });

/** How many of the action's shoppers match now: the builder's live count. */
export async function previewSegment(deps: SegmentDeps, sellerId: number, projectId: number, conditions: SegmentConditions) {
  const action = await requireAction(deps.db, sellerId, projectId);
  return { count: await repo.countMatching(deps.db, await filterOf(deps, action, conditions, deps.now())) };
}

export async function createSegment(
  deps: SegmentDeps,
  sellerId: number,
  input: { projectId: number; name: string; conditions: SegmentConditions },
  actor: AuditActor,
): Promise<{ message: string; segment: Segment }> {
  const action = await requireAction(deps.db, sellerId, input.projectId);
  const now = deps.now();
  // Checked before writing: a condition naming another action's survey saves nothing.
  const filter = await filterOf(deps, action, input.conditions, now);
  const row = await deps.db.transaction(async (tx: Executor) => {
    const inserted = await repo.insertSegment(tx, { projectId: action.id, name: input.name, conditions: input.conditions, now });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'segment.create',
      subject: segmentSubject(inserted.name, action),
      before: null,
      after: { name: inserted.name, conditions: inserted.conditions },
    });
    return inserted;
  });
  return { message: m.created, segment: present(row, await repo.countMatching(deps.db, filter)) };
}

export async function updateSegment(
  deps: SegmentDeps,
  sellerId: number,
  segmentId: number,
  input: { name: string; conditions: SegmentConditions },
  actor: AuditActor,
): Promise<{ message: string; segment: Segment }> {
  const { action, segment } = await requireSegment(deps.db, sellerId, segmentId);
  const now = deps.now();
  const filter = await filterOf(deps, action, input.conditions, now);
  const row = await deps.db.transaction(async (tx: Executor) => {
    const updated = await repo.updateSegment(tx, segmentId, { ...input, now });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'segment.update',
      subject: segmentSubject(segment.name, action),
      ...changedValues({ name: segment.name, conditions: segment.conditions }, { name: updated.name, conditions: updated.conditions }),
    });
    return updated;
  });
  return { message: m.updated, segment: present(row, await repo.countMatching(deps.db, filter)) };
}

export async function deleteSegment(
  deps: SegmentDeps,
  sellerId: number,
  segmentId: number,
  actor: AuditActor,
): Promise<{ message: string }> {
  const { action, segment } = await requireSegment(deps.db, sellerId, segmentId);
  await deps.db.transaction(async (tx: Executor) => {
    await repo.deleteSegment(tx, segmentId);
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'segment.delete',
      subject: segmentSubject(segment.name, action),
      before: { name: segment.name, conditions: segment.conditions },
      after: null,
    });
  });
  return { message: m.deleted };
}

/** The saved filter of a segment; its survey or draw may have gone since, which then matches nobody rather than failing the list. */
async function savedFilter(deps: SegmentDeps, action: ProjectRow, segment: SegmentRow): Promise<repo.SegmentFilter | null> {
  try {
    return await filterOf(deps, action, segment.conditions, deps.now());
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_request') return null;
    throw error;
  }
}

async function countSaved(deps: SegmentDeps, action: ProjectRow, segment: SegmentRow): Promise<number> {
  const filter = await savedFilter(deps, action, segment);
  return filter ? repo.countMatching(deps.db, filter) : 0;
}

export async function listSegments(deps: SegmentDeps, sellerId: number, projectId: number): Promise<{ segments: Segment[] }> {
  const action = await requireAction(deps.db, sellerId, projectId);
  const rows = await repo.listSegments(deps.db, action.id);
  const counts = await Promise.all(rows.map((row) => countSaved(deps, action, row)));
  return { segments: rows.map((row, index) => present(row, counts[index]!)) };
}

const nameOf = (buyer: { firstName: string | null; username: string | null }) =>
  buyer.firstName ?? (buyer.username ? `@${buyer.username}` : null);

export async function segmentBuyers(deps: SegmentDeps, sellerId: number, segmentId: number, page: number): Promise<SegmentBuyersPage> {
  const { segment, action } = await requireSegment(deps.db, sellerId, segmentId);
  const filter = await savedFilter(deps, action, segment);
  const perPage = SEGMENT_BUYERS_PER_PAGE;
  const found = filter
    ? await repo.matchingBuyers(deps.db, filter, { limit: perPage, offset: (page - 1) * perPage })
    : { buyers: [], total: 0 };
  return {
    segment: present(segment, found.total),
    buyers: found.buyers.map((buyer) => ({
      tg_id: buyer.tgId,
      name: nameOf(buyer),
      points: buyer.points,
      level: levelAt(action.levels, buyer.spentKopecks)?.level.name ?? null,
      receipts: buyer.receipts,
      total: kopecksToRubles(buyer.spentKopecks),
      last_purchase_at: buyer.lastReceiptAt?.toISOString() ?? null,
    })),
    pagination: { current_page: page, total_pages: Math.max(1, Math.ceil(found.total / perPage)), per_page: perPage },
  };
}

/**
 * A mailing's recipients: the statements of the segment's shoppers at this moment, a batch each,
 * for the mailing to write from (the set never passes through the server), and the conditions it was made of (a
 * mailing written in the background keeps them). The segment must be the seller's (else 404) and
 * of the action whose bot sends (else 400: another bot cannot reach them).
 */
export async function segmentRecipientsQuery(
  deps: SegmentDeps,
  sellerId: number,
  segmentId: number,
  projectId: number,
): Promise<{ shoppers: repo.ShopperBatch; conditions: SegmentConditions }> {
  const { segment, action } = await requireSegment(deps.db, sellerId, segmentId);
  if (segment.projectId !== projectId) throw new AppError('bad_request', m.mailingOtherAction);
  return { shoppers: repo.matchingIdsQuery(await filterOf(deps, action, segment.conditions, deps.now())), conditions: segment.conditions };
}

/**
 * The same statements from conditions kept with a mailing, read at the moment it was sent: the
 * background job's later batches match what the first one did. Throws as the builder does when
 * the action is gone or a condition's survey or draw no longer exists.
 */
export async function keptSegmentQuery(
  deps: Pick<SegmentDeps, 'db' | 'segmentConditions'>,
  sellerId: number,
  projectId: number,
  kept: { conditions: SegmentConditions; asOf: Date },
): Promise<repo.ShopperBatch> {
  const action = await requireAction(deps.db, sellerId, projectId);
  return repo.matchingIdsQuery(await filterOf({ ...deps, now: () => kept.asOf }, action, kept.conditions, kept.asOf));
}
