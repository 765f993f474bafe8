import { messages } from '../../../contract/messages.js';
import type { BlockBuyerResponse, UnblockBuyerResponse } from '../../../contract/trust.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { ModuleLog } from '../../platform/manifest.js';
import { findLiveProject } from '../actions/repository.js';
import { findBlock, removeBlock, saveBlock } from '../trust/repository.js';
import { findBuyerInAction } from './card-repository.js';
import { presentBlock } from './card-service.js';

// «Заблокировать» / «Разблокировать» on the buyer card. A blocked shopper's receipts are refused
// before the tax lookup (receipts/service.ts), their exchanges by the shop, and the bot's functions
// give them no points (each asks trust/repository.ts, isBuyerBlocked).

const t = messages.trust;

export interface BlockDeps {
  db: Executor;
  now: () => Date;
  /** Blocks and unblocks are written to the log with their reasons: the operator's record of both. */
  log: Pick<ModuleLog, 'info'>;
}

/** The seller's own live action and a shopper it met; errors as the card's other calls answer them. */
async function requireBuyer(db: Executor, sellerId: number, projectId: number, buyerTgId: string): Promise<void> {
  if (!(await findLiveProject(db, sellerId, projectId))) throw new AppError('not_found', messages.actions.notFound);
  if (!(await findBuyerInAction(db, sellerId, projectId, buyerTgId))) throw new AppError('not_found', messages.points.buyerNotFound);
}

/** Blocks the shopper in the action; blocking again replaces the reason and keeps when the block began. */
export async function blockBuyer(
  deps: BlockDeps,
  sellerId: number,
  buyerTgId: string,
  request: { projectId: number; reason: string },
): Promise<BlockBuyerResponse> {
  const { projectId, reason } = request;
  await requireBuyer(deps.db, sellerId, projectId, buyerTgId);
  const created = await saveBlock(deps.db, { projectId, buyerTgId, reason, sellerId, at: deps.now() });
  deps.log.info({ sellerId, projectId, buyerTgId, reason, created }, 'shopper blocked');
  const block = await findBlock(deps.db, projectId, buyerTgId);
  return { message: created ? t.blockedDone : t.blockReasonUpdated, blocked: presentBlock(block!) };
}

/** Lifts the block; a shopper who is not blocked is a 409, so a stale screen hears it. */
export async function unblockBuyer(
  deps: BlockDeps,
  sellerId: number,
  buyerTgId: string,
  request: { projectId: number; reason?: string },
): Promise<UnblockBuyerResponse> {
  const { projectId, reason } = request;
  await requireBuyer(deps.db, sellerId, projectId, buyerTgId);
  if (!(await removeBlock(deps.db, projectId, buyerTgId))) throw new AppError('conflict', t.notBlocked);
  deps.log.info({ sellerId, projectId, buyerTgId, reason: reason ?? null }, 'shopper unblocked');
  return { message: t.unblockedDone };
}
