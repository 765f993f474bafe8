import { readBotFeatures, type BotFeatures, type botFeaturesUpdateSchema } from '../../../contract/bot-features.js';
import { messages } from '../../../contract/messages.js';
import type { z } from '../../../contract/zod-setup.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { findLiveProject } from '../actions/repository.js';
import { changedValues } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import * as repo from './repository.js';

const notFound = () => new AppError('not_found', messages.actions.notFound);

export async function getBotFeatures(db: Executor, sellerId: number, projectId: number): Promise<{ features: BotFeatures }> {
  const stored = await repo.readStoredFeatures(db, sellerId, projectId);
  if (!stored) throw notFound();
  return { features: readBotFeatures(stored) };
}

/** The sections sent replace their stored ones whole (validated, defaults filled); the others stay. The log holds the sections that changed. */
export async function updateBotFeatures(
  db: Executor,
  sellerId: number,
  projectId: number,
  update: z.output<typeof botFeaturesUpdateSchema>,
  actor: AuditActor,
): Promise<{ message: string; features: BotFeatures }> {
  const { user_id: _seller, ...given } = update;
  const sections = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const stored = await db.transaction(async (tx) => {
    const action = await findLiveProject(tx, sellerId, projectId, { lock: true });
    if (!action) return undefined;
    const merged = await repo.mergeStoredFeatures(tx, sellerId, projectId, sections);
    if (!merged) return undefined;
    const pick = (features: BotFeatures) =>
      Object.fromEntries(Object.keys(sections).map((name) => [name, features[name as keyof BotFeatures]]));
    const change = changedValues(pick(readBotFeatures(action.botFeatures)), pick(readBotFeatures(merged)));
    await recordAudit(tx, { sellerId, actor, action: 'features.update', subject: action.name, ...change });
    return merged;
  });
  if (!stored) throw notFound();
  return { message: messages.botFeatures.saved, features: readBotFeatures(stored) };
}
