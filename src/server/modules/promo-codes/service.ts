import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { fillMessage, messages } from '../../../contract/messages.js';
import {
  isPoolLow,
  lowPoolMark,
  PROMO_ISSUED_SHOWN,
  type AddPromoCodesResponse,
  type PromoCodeRule,
  type PromoCodes,
} from '../../../contract/promo-codes.js';
import type { Db } from '../../db/connection.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../errors.js';
import { exceedsPool, generateCodes, type RandomBytes } from './codes.js';
import { findLiveProject } from '../actions/repository.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { promoCodesLowNotice } from '../seller-notices/notices.js';
import { isSellerNoticeQueued, queueSellerNotice } from '../seller-notices/outbox.js';
import * as repo from './repository.js';

const m = messages.promoCodes;

export interface PromoCodeDeps {
  db: Db;
  now: () => Date;
  /** Randomness of generated codes; crypto's by default. */
  randomBytes?: RandomBytes;
}

/** What claims a code after a receipt's award: the receipt's action (its rule; its seller and name for the low-pool notice), the receipt and its shopper. */
export interface AwardedReceipt {
  action: { id: number; userId: number; name: string; promoCodeRule: PromoCodeRule };
  receiptId: number;
  buyerTgId: string;
}

export interface IssueDeps {
  db: Db;
  now: () => Date;
  log: { error(data: object, message: string): void };
}

const actionNotFound = () => new AppError('not_found', messages.actions.notFound);
/** A generated batch that met codes already in the pool draws again for the shortfall; twice is already unlikely. */
const GENERATE_ATTEMPTS = 5;

/**
 * The receipt's code, or undefined (rule off, pool empty, the shopper had their one code).
 * Runs after the award committed: a failure here is logged and never takes the points back.
 * One statement when the action gives codes, none when it does not; one more when a code went
 * (whether the pool now runs low).
 */
export async function issuePromoCode(deps: IssueDeps, awarded: AwardedReceipt): Promise<string | undefined> {
  const rule = awarded.action.promoCodeRule;
  if (rule === 'off') return undefined;
  let code: string | undefined;
  try {
    code = await repo.claimCode(deps.db, {
      projectId: awarded.action.id,
      receiptId: awarded.receiptId,
      buyerTg: awarded.buyerTgId,
      oncePerBuyer: rule === 'first',
      now: deps.now(),
    });
  } catch (error) {
    // A parallel first receipt of the same shopper took their one code: this receipt gets none.
    if (rule === 'first' && postgresErrorCode(error) === PG_UNIQUE_VIOLATION) return undefined;
    deps.log.error(
      { err: error, projectId: awarded.action.id, receiptId: awarded.receiptId },
      'could not issue a promo code; the points stand',
    );
    return undefined;
  }
  // The code is the shopper's whatever happens to the seller's notice.
  if (code !== undefined) {
    await tellWhenPoolLow(deps, awarded).catch((error: unknown) =>
      deps.log.error({ err: error, projectId: awarded.action.id }, 'could not tell the seller the promo codes run low'),
    );
  }
  return code;
}

/**
 * The seller hears once when the codes given so far leave the pool low. On the receipt path, so
 * bounded whatever the pool's size: the claimed code's id against the pool's low mark (one lookup);
 * only past the mark, and only until the notice is queued, are the few free codes left counted.
 */
async function tellWhenPoolLow(deps: IssueDeps, awarded: AwardedReceipt): Promise<void> {
  const { action } = awarded;
  const claim = await repo.claimReachedLowMark(deps.db, awarded.receiptId);
  if (!claim?.reached) return;
  const { total } = claim;
  const notice = (remaining: number) =>
    promoCodesLowNotice({ sellerId: action.userId, actionId: action.id, action: action.name, total, remaining });
  if (await isSellerNoticeQueued(deps.db, notice(0))) return;
  // Claims past a locked code may run a little ahead of the mark: the count has the last word.
  const remaining = await repo.countFreeCodes(deps.db, action.id, lowPoolMark(total));
  if (!isPoolLow(total, remaining)) return;
  await queueSellerNotice(deps.db, notice(remaining));
}

/** Adds uploaded codes or generates new ones; all or nothing, within the pool's limit. */
export async function addPromoCodes(
  deps: PromoCodeDeps,
  sellerId: number,
  projectId: number,
  request: { codes?: string[]; generate?: { prefix: string; count: number } },
  actor: AuditActor,
): Promise<AddPromoCodesResponse> {
  return deps.db.transaction(async (tx) => {
    // Locked: parallel uploads to one pool queue up, so the pool's size limit holds.
    const action = await findLiveProject(tx, sellerId, projectId, { lock: true });
    if (!action) throw actionNotFound();
    // The codes are the shoppers' to come: the log counts them, never lists them.
    const logAdded = (after: Record<string, unknown>) =>
      recordAudit(tx, { sellerId, actor, action: 'promo_codes.upload', subject: action.name, before: null, after });
    const now = deps.now();
    let added = 0;
    let total = 0;
    const fits = (after: number) => {
      if (exceedsPool(after)) throw new AppError('bad_request', fillMessage(m.poolFull, { total: after - added, after }));
    };
    if (request.codes) {
      // Repeats within the upload and codes the pool holds are skipped alike.
      ({ added, total } = await repo.insertCodes(tx, projectId, [...new Set(request.codes)], now));
      fits(total);
      await repo.markPool(tx, projectId, total, lowPoolMark(total));
      await logAdded({ added, skipped: request.codes.length - added, total });
      return {
        message: fillMessage(m.added, { added, skipped: request.codes.length - added }),
        added,
        skipped: request.codes.length - added,
      };
    }
    const { prefix, count } = request.generate!;
    for (let attempt = 0; attempt < GENERATE_ATTEMPTS && added < count; attempt++) {
      const batch = generateCodes(prefix, count - added, deps.randomBytes ?? cryptoRandomBytes);
      const inserted = await repo.insertCodes(tx, projectId, batch, now);
      added += inserted.added;
      total = inserted.total;
      // Checked per batch: a pool already full stops at the first, before drawing again.
      fits(total);
    }
    if (added < count) throw new AppError('internal', m.saveFailed);
    await repo.markPool(tx, projectId, total, lowPoolMark(total));
    await logAdded({ generated: added, prefix, total });
    return { message: fillMessage(m.generated, { added }), added, skipped: 0 };
  });
}

export async function setPromoCodeRule(
  deps: PromoCodeDeps,
  sellerId: number,
  projectId: number,
  rule: PromoCodeRule,
  actor: AuditActor,
): Promise<{ message: string; rule: PromoCodeRule }> {
  const action = await findLiveProject(deps.db, sellerId, projectId);
  if (!action) throw actionNotFound();
  const saved = await deps.db.transaction(async (tx) => {
    if (!(await repo.setRule(tx, sellerId, projectId, rule))) return false;
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'promo_codes.settings',
      subject: action.name,
      before: { rule: action.promoCodeRule },
      after: { rule },
    });
    return true;
  });
  if (!saved) throw actionNotFound();
  return { message: m.ruleSaved, rule };
}

export async function listPromoCodes(deps: PromoCodeDeps, sellerId: number, projectId: number): Promise<PromoCodes> {
  const pool = await repo.readPool(deps.db, sellerId, projectId, PROMO_ISSUED_SHOWN);
  if (!pool) throw actionNotFound();
  const remaining = pool.total - pool.issued;
  return {
    rule: pool.rule,
    total: pool.total,
    remaining,
    issued: pool.issued,
    low: isPoolLow(pool.total, remaining),
    codes_issued: pool.newestIssued.map((code) => ({
      code: code.code,
      buyer_tg: code.buyerTg,
      buyer_name: code.firstName ?? (code.username ? `@${code.username}` : null),
      receipt_id: code.receiptId,
      issued_at: code.issuedAt.toISOString(),
    })),
  };
}
