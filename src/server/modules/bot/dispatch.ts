import type { InlineKeyboardButton, Update, User } from 'grammy/types';
import { readBotFeatures } from '../../../contract/bot-features.js';
import * as steps from './chat-steps.js';
import { arrangeMenu } from './menu.js';
import type { AnsweringBot, ConversationDeps } from './answering.js';
import { shopUrl } from './setup.js';
import type { BotFeature, BotFeatureDeps, DialogPress, FeatureContext, FeatureReply } from '../../platform/bot-feature.js';
import type { ProjectRow } from '../../db/schema.js';

// How the conversation hands a shopper's message to the modules' bot parts (`deps.botParts`, in the
// module list's order): by the callback data's `<key>:` prefix, by the shopper's waiting step, or
// to every part for the menu, a deep link and the lines about points. The conversation imports only
// these helpers.

/** A shopper's update as every bot part sees it, with the parts to hand it to. */
export interface DispatchContext extends FeatureContext {
  parts: readonly BotFeature[];
}

export function featureContext(deps: ConversationDeps, bot: AnsweringBot, update: Update, chatId: number, from: User): DispatchContext {
  const { action } = bot;
  const buyerTgId = String(from.id);
  const now = deps.now();
  return {
    parts: deps.botParts,
    deps,
    action,
    features: readBotFeatures(action.botFeatures),
    botToken: bot.token,
    chatId,
    buyer: { tgId: buyerTgId, firstName: from.first_name ?? null, username: from.username ?? null },
    // As the conversation's shop button: only where Telegram opens a Mini App with the shopper's signature.
    miniAppUrl: deps.webAppButtons && bot.shopToken ? shopUrl(deps.publicUrl, bot.shopToken) : null,
    updateId: update.update_id,
    now,
    // Each function's context is its own copy (`forFeature`): these are replaced there.
    setStep: async () => undefined,
    clearStep: async () => undefined,
  };
}

/** The menu of a shopper new to the bot (no step, no history), for the seller's cabinet. */
export function previewContext(deps: BotFeatureDeps, parts: readonly BotFeature[], action: ProjectRow): DispatchContext {
  return {
    parts,
    deps,
    action,
    features: readBotFeatures(action.botFeatures),
    botToken: '',
    chatId: 0,
    buyer: { tgId: '0', firstName: null, username: null },
    // The buttons' texts are what the seller orders; no shopper opens a Mini App from the preview.
    miniAppUrl: null,
    updateId: 0,
    now: deps.now(),
    setStep: async () => undefined,
    clearStep: async () => undefined,
  };
}

function forFeature(context: DispatchContext, feature: BotFeature): FeatureContext {
  const { deps, action, buyer, now } = context;
  return {
    ...context,
    setStep: (step) => steps.writeStep(deps.db, action.id, buyer.tgId, feature.key, step, now),
    clearStep: () => steps.clearStep(deps.db, action.id, buyer.tgId, feature.key),
  };
}

/** The buttons of every function that is on, in the seller's order, then the registry's. */
export async function menuButtons(context: DispatchContext): Promise<InlineKeyboardButton[]> {
  const lists = await Promise.all(context.parts.map((feature) => feature.menuButtons?.(forFeature(context, feature)) ?? []));
  return arrangeMenu(lists.flat(), context.action.botMenuOrder);
}

/** A deep link's payload goes to every function; their lines come above the greeting. */
export async function startFeatures(context: DispatchContext, payload: string): Promise<string[]> {
  if (!payload) return [];
  const lines = await Promise.all(context.parts.map((feature) => feature.onStart?.(forFeature(context, feature), payload) ?? []));
  return lines.flat();
}

function pressedFeature(context: DispatchContext, data: string): { feature: BotFeature; rest: string } | undefined {
  const separator = data.indexOf(':');
  const feature = separator > 0 ? context.parts.find((candidate) => candidate.key === data.slice(0, separator)) : undefined;
  return feature && { feature, rest: data.slice(separator + 1) };
}

/** A button press: the function its data names answers; undefined when no function owns the data. */
export async function pressFeature(context: DispatchContext, data: string): Promise<FeatureReply | null | undefined> {
  const pressed = pressedFeature(context, data);
  if (!pressed?.feature.onCallback) return undefined;
  return pressed.feature.onCallback(forFeature(context, pressed.feature), pressed.rest);
}

/** Whether a press answers, or repeats, a dialog the bot itself asked (the function its data names decides). */
export async function dialogPress(context: DispatchContext, data: string): Promise<DialogPress | undefined> {
  const pressed = pressedFeature(context, data);
  return pressed?.feature.dialogPress?.(forFeature(context, pressed.feature), pressed.rest);
}

/** A slash command (`/warranty`, also `/warranty@bot`): the function listing it answers; undefined when none does. */
export async function commandFeature(context: DispatchContext, text: string): Promise<FeatureReply | undefined> {
  const command = /^\/(\w+)(?:@\w+)?$/.exec(text)?.[1]?.toLowerCase();
  const feature = command === undefined ? undefined : context.parts.find((candidate) => candidate.commands?.includes(command));
  if (!feature?.onCommand || command === undefined) return undefined;
  return feature.onCommand(forFeature(context, feature), command);
}

/**
 * A text or a picture while the shopper's step belongs to a function: that function answers.
 * Undefined when there is no step or its function does not take this kind of message.
 */
export async function stepFeature(
  context: DispatchContext,
  handle: (feature: BotFeature, context: FeatureContext, step: Record<string, unknown>) => Promise<FeatureReply | null> | undefined,
): Promise<FeatureReply | null | undefined> {
  if (context.parts.length === 0) return undefined;
  const waiting = await steps.readStep(context.deps.db, context.action.id, context.buyer.tgId);
  const feature = waiting && context.parts.find((candidate) => candidate.key === waiting.feature);
  if (!feature || !waiting) return undefined;
  return handle(feature, forFeature(context, feature), waiting.step);
}

/**
 * A message nobody else took, offered to each function in the registry's order until one takes it.
 * Undefined when none does.
 */
export async function looseFeature(
  context: DispatchContext,
  handle: (feature: BotFeature, context: FeatureContext) => Promise<FeatureReply | null | undefined> | undefined,
): Promise<FeatureReply | null | undefined> {
  for (const feature of context.parts) {
    const answer = await handle(feature, forFeature(context, feature));
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/** «Мои баллы»: each part's lines under the balance, in the module list's order. */
export async function balanceLines(context: DispatchContext): Promise<string[]> {
  const lists = await Promise.all(context.parts.map((part) => part.balanceLines?.(forFeature(context, part)) ?? []));
  return lists.flat();
}

/** A successful receipt: each part's lines under the answer, in the module list's order. */
export function awardLines(context: DispatchContext, award: Parameters<NonNullable<BotFeature['awardLines']>>[1]): string[] {
  return context.parts.flatMap((part) => part.awardLines?.(forFeature(context, part), award) ?? []);
}
