import { fillMessage, messages } from '../../../contract/messages.js';
import type { BlockBuyerResponse, UnblockBuyerResponse } from '../../../contract/trust.js';
import type { Db, Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { ModuleLog } from '../../platform/manifest.js';
import { findLiveProject } from '../actions/repository.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { findBlock, removeBlock, saveBlock } from '../trust/repository.js';
import { findBuyerInAction } from './card-repository.js';
import { presentBlock } from './card-service.js';

// «Заблокировать» / «Разблокировать» on the buyer card. A blocked shopper's receipts are refused
// before the tax lookup (receipts/service.ts), their exchanges by the shop, and the bot's functions
// give them no points (each asks trust/repository.ts, isBuyerBlocked).

const t = messages.trust;

export interface BlockDeps {
  db: Db;
  now: () => Date;
  /** Blocks and unblocks are written to the log with their reasons: the operator's record of both. */
  log: Pick<ModuleLog, 'info'>;
}

/** The seller's own live action and a shopper it met; errors as the card's other calls answer them. Answers the audit log's subject. */
async function requireBuyer(db: Executor, sellerId: number, projectId: number, buyerTgId: string): Promise<string> {
  const action = await findLiveProject(db, sellerId, projectId);
  if (!action) throw new AppError('not_found', messages.actions.notFound);
  if (!(await findBuyerInAction(db, sellerId, projectId, buyerTgId))) throw new AppError('not_found', messages.points.buyerNotFound);
  return fillMessage(messages.audit.subjectBuyer, { buyer: buyerTgId, action: action.name });
}

/** Blocks the shopper in the action; blocking again replaces the reason and keeps when the block began. */
export async function blockBuyer(
  deps: BlockDeps,
  sellerId: number,
  buyerTgId: string,
  request: { projectId: number; reason: string; actor: AuditActor },
): Promise<BlockBuyerResponse> {
  const { projectId, reason, actor } = request;
  const { created, block } = await deps.db.transaction(async (tx) => {
    const subject = await requireBuyer(tx, sellerId, projectId, buyerTgId);
    const earlier = await findBlock(tx, projectId, buyerTgId);
    const created = await saveBlock(tx, { projectId, buyerTgId, reason, sellerId, at: deps.now() });
    const before = earlier ? { blocked: true, reason: earlier.reason } : { blocked: false };
    await recordAudit(tx, { sellerId, actor, action: 'buyer.block', subject, before, after: { blocked: true, reason } });
    return { created, block: await findBlock(tx, projectId, buyerTgId) };
  });
  deps.log.info({ sellerId, projectId, buyerTgId, reason, created }, 'shopper blocked');
  return { message: created ? t.blockedDone : t.blockReasonUpdated, blocked: presentBlock(block!) };
}

/** Lifts the block; a shopper who is not blocked is a 409, so a stale screen hears it. */
export async function unblockBuyer(
  deps: BlockDeps,
  sellerId: number,
  buyerTgId: string,
  request: { projectId: number; reason?: string; actor: AuditActor },
): Promise<UnblockBuyerResponse> {
  const { projectId, reason, actor } = request;
  await deps.db.transaction(async (tx) => {
    const subject = await requireBuyer(tx, sellerId, projectId, buyerTgId);
    const earlier = await findBlock(tx, projectId, buyerTgId);
    if (!earlier || !(await removeBlock(tx, projectId, buyerTgId))) throw new AppError('conflict', t.notBlocked);
    const after = reason ? { blocked: false, reason } : { blocked: false };
    await recordAudit(tx, { sellerId, actor, action: 'buyer.unblock', subject, before: { blocked: true, reason: earlier.reason }, after });
  });
  deps.log.info({ sellerId, projectId, buyerTgId, reason: reason ?? null }, 'shopper unblocked');
  return { message: t.unblockedDone };
}
