import type { InlineKeyboardButton, Update, User } from 'grammy/types';
import { readBotFeatures } from '../../../../contract/bot-features.js';
import * as steps from '../chat-steps.js';
import type { AnsweringBot, ConversationDeps } from '../answering.js';
import type { ProjectRow } from '../../../db/schema.js';
import type { AwardHookDeps, BotFeature, FeatureContext, FeatureReply } from './feature.js';
import { BOT_FEATURES } from './registry.js';

// How the conversation hands a shopper's message to the engagement functions (issue 29): by the
// callback data's `<key>:` prefix, by the shopper's waiting step, or to every function for the
// menu and a deep link. The conversation imports only these helpers.

export function featureContext(deps: ConversationDeps, bot: AnsweringBot, update: Update, chatId: number, from: User): FeatureContext {
  const { action } = bot;
  const buyerTgId = String(from.id);
  const now = deps.now();
  return {
    deps,
    action,
    features: readBotFeatures(action.botFeatures),
    botToken: bot.token,
    chatId,
    buyer: { tgId: buyerTgId, firstName: from.first_name ?? null, username: from.username ?? null },
    updateId: update.update_id,
    now,
    // Each function's context is its own copy (`forFeature`): these are replaced there.
    setStep: async () => undefined,
    clearStep: async () => undefined,
  };
}

function forFeature(context: FeatureContext, feature: BotFeature): FeatureContext {
  const { deps, action, buyer, now } = context;
  return {
    ...context,
    setStep: (step) => steps.writeStep(deps.db, action.id, buyer.tgId, feature.key, step, now),
    clearStep: () => steps.clearStep(deps.db, action.id, buyer.tgId, feature.key),
  };
}

/** The buttons of every function that is on, in the registry's order. */
export async function menuButtons(context: FeatureContext): Promise<InlineKeyboardButton[]> {
  const lists = await Promise.all(BOT_FEATURES.map((feature) => feature.menuButtons?.(forFeature(context, feature)) ?? []));
  return lists.flat();
}

/** A deep link's payload goes to every function; their lines come above the greeting. */
export async function startFeatures(context: FeatureContext, payload: string): Promise<string[]> {
  if (!payload) return [];
  const lines = await Promise.all(BOT_FEATURES.map((feature) => feature.onStart?.(forFeature(context, feature), payload) ?? []));
  return lines.flat();
}

/** A button press: the function its data names answers; undefined when no function owns the data. */
export async function pressFeature(context: FeatureContext, data: string): Promise<FeatureReply | null | undefined> {
  const separator = data.indexOf(':');
  const feature = separator > 0 ? BOT_FEATURES.find((candidate) => candidate.key === data.slice(0, separator)) : undefined;
  if (!feature?.onCallback) return undefined;
  return feature.onCallback(forFeature(context, feature), data.slice(separator + 1));
}

/** A slash command (`/warranty`, also `/warranty@bot`): the function listing it answers; undefined when none does. */
export async function commandFeature(context: FeatureContext, text: string): Promise<FeatureReply | undefined> {
  const command = /^\/(\w+)(?:@\w+)?$/.exec(text)?.[1]?.toLowerCase();
  const feature = command === undefined ? undefined : BOT_FEATURES.find((candidate) => candidate.commands?.includes(command));
  if (!feature?.onCommand || command === undefined) return undefined;
  return feature.onCommand(forFeature(context, feature), command);
}

/**
 * A text or a picture while the shopper's step belongs to a function: that function answers.
 * Undefined when there is no step or its function does not take this kind of message.
 */
export async function stepFeature(
  context: FeatureContext,
  handle: (feature: BotFeature, context: FeatureContext, step: Record<string, unknown>) => Promise<FeatureReply | null> | undefined,
): Promise<FeatureReply | null | undefined> {
  if (BOT_FEATURES.length === 0) return undefined;
  const waiting = await steps.readStep(context.deps.db, context.action.id, context.buyer.tgId);
  const feature = waiting && BOT_FEATURES.find((candidate) => candidate.key === waiting.feature);
  if (!feature || !waiting) return undefined;
  return handle(feature, forFeature(context, feature), waiting.step);
}

/**
 * A message nobody else took, offered to each function in the registry's order until one takes it.
 * Undefined when none does.
 */
export async function looseFeature(
  context: FeatureContext,
  handle: (feature: BotFeature, context: FeatureContext) => Promise<FeatureReply | null | undefined> | undefined,
): Promise<FeatureReply | null | undefined> {
  for (const feature of BOT_FEATURES) {
    const answer = await handle(feature, forFeature(context, feature));
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/** After an award: every function that follows purchases, each on its own (one failing never stops another). */
export async function runAfterAward(
  deps: AwardHookDeps & { log: { error(data: object, message: string): void } },
  awarded: { action: ProjectRow; receiptId: number; buyerTgId: string },
): Promise<void> {
  for (const feature of BOT_FEATURES) {
    if (!feature.afterAward) continue;
    try {
      await feature.afterAward(deps, awarded);
    } catch (error) {
      deps.log.error(
        { err: error, feature: feature.key, receiptId: awarded.receiptId },
        'a bot function failed after an award; the points stand',
      );
    }
  }
}
