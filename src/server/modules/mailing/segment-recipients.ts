import { AppError } from '../../errors.js';
import type { ShopperBatch } from '../segments/repository.js';
import { keptSegmentQuery, type SegmentDeps } from '../segments/service.js';
import { findKeptSegment, writeNextSegmentBatch } from './repository.js';

export interface SegmentWritingDeps extends Pick<SegmentDeps, 'db' | 'segmentConditions'> {
  log: { warn(data: object, message: string): void };
  /** Recipients written per transaction (MAILING_SEGMENT_BATCH). */
  segmentBatch: number;
}

/**
 * Writes the rest of a segment sent to now, a batch per transaction from the cursor kept with the
 * mailing, until all are written (true) or the slice runs out (false: the caller comes back). Any
 * worker may do it, after a restart too: the cursor moves with each batch's commit.
 */
export async function writeSegmentRecipients(
  deps: SegmentWritingDeps,
  mailingId: number,
  until: { deadline: number; signal: AbortSignal },
): Promise<boolean> {
  const kept = await findKeptSegment(deps.db, mailingId);
  if (!kept) return true;
  const shoppers = await keptShoppers(deps, mailingId, kept);
  while (!until.signal.aborted && Date.now() < until.deadline) {
    if ((await writeNextSegmentBatch(deps.db, mailingId, shoppers, deps.segmentBatch)) === 'done') return true;
  }
  return false;
}

/**
 * The kept segment's statement; null when it can no longer be read (the action was deleted, or a
 * condition's survey or draw is gone): the mailing goes to those written so far, as a saved
 * segment whose survey went matches nobody more.
 */
async function keptShoppers(
  deps: SegmentWritingDeps,
  mailingId: number,
  kept: NonNullable<Awaited<ReturnType<typeof findKeptSegment>>>,
): Promise<ShopperBatch | null> {
  try {
    return await keptSegmentQuery(deps, kept.sellerId, kept.projectId, kept);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ err: error, mailingId }, 'the mailing’s segment can no longer be read: it goes to the shoppers written so far');
    return null;
  }
}
