import { readBotFeatures, type BotFeatures, type botFeaturesUpdateSchema } from '../../../contract/bot-features.js';
import { messages } from '../../../contract/messages.js';
import type { z } from '../../../contract/zod-setup.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import * as repo from './repository.js';

const notFound = () => new AppError('not_found', messages.actions.notFound);

export async function getBotFeatures(db: Executor, sellerId: number, projectId: number): Promise<{ features: BotFeatures }> {
  const stored = await repo.readStoredFeatures(db, sellerId, projectId);
  if (!stored) throw notFound();
  return { features: readBotFeatures(stored) };
}

/** The sections sent replace their stored ones whole (validated, defaults filled); the others stay. */
export async function updateBotFeatures(
  db: Executor,
  sellerId: number,
  projectId: number,
  update: z.output<typeof botFeaturesUpdateSchema>,
): Promise<{ message: string; features: BotFeatures }> {
  const { user_id: _seller, ...given } = update;
  const sections = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const stored = await repo.mergeStoredFeatures(db, sellerId, projectId, sections);
  if (!stored) throw notFound();
  return { message: messages.botFeatures.saved, features: readBotFeatures(stored) };
}
