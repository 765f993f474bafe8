import { randomBytes } from 'node:crypto';
import { maskSecret } from '../../../contract/format.js';
import { messages } from '../../../contract/messages.js';
import type { ShopSettings } from '../../../contract/shop.js';
import type { Db, Executor } from '../../db/connection.js';
import type { ShopSettingsRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { findLiveProject } from '../actions/repository.js';
import { changedValues } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { identifyBot, isSavedToken } from '../bot/bot-token.js';
import * as repo from './repository.js';

export interface ShopDeps {
  db: Db;
  now: () => Date;
  telegram: Pick<TelegramClient, 'getMe'>;
  publicUrl: string;
  /** Other addresses of this same server (a demo reached at localhost and 127.0.0.1): their uploads are the seller's own too. */
  sameServerOrigins?: string[];
  /** The shop's link was created or replaced: the action's bot points its menu button at it. */
  onShopLinkChanged?: (projectId: number) => Promise<void>;
}

/** A shop link's secret: 192 random bits, url-safe (32 characters). */
export function newShopToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The seller's own live action, or 404 (another seller's action is simply not found). */
export async function requireOwnAction(db: Executor, sellerId: number, projectId: number) {
  const action = await findLiveProject(db, sellerId, projectId);
  if (!action) throw new AppError('not_found', messages.actions.notFound);
  return action;
}

export function presentSettings(row: ShopSettingsRow, publicUrl: string): ShopSettings {
  return {
    id: row.id,
    user_id: row.userId,
    project_id: row.projectId,
    token: row.token,
    shop_url: `${publicUrl}/shop/${row.token}`,
    // SPEC §9: shown masked; the form sends the mask back to keep the saved token.
    puzzle_bot_token: row.puzzleBotToken === null ? null : maskSecret(row.puzzleBotToken),
    command_name: row.commandName,
    variable_name_title: row.variableNameTitle,
    variable_name_price: row.variableNamePrice,
    telegram_bot_token: row.telegramBotToken === null ? null : maskSecret(row.telegramBotToken),
    telegram_bot_username: row.telegramBotUsername,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The action's shop settings; the shop (and its link) is created the first time it is asked for. */
export async function getShopSettings(deps: ShopDeps, sellerId: number, projectId: number): Promise<ShopSettings> {
  await requireOwnAction(deps.db, sellerId, projectId);
  const token = newShopToken();
  const settings = await repo.ensureSettings(deps.db, sellerId, projectId, token);
  if (settings.token === token) await deps.onShopLinkChanged?.(projectId);
  return presentSettings(settings, deps.publicUrl);
}

/** The shop's link (whoever holds it opens the shop) and the bots' tokens: the log says changed, never what to. */
const SHOP_SECRETS = new Set(['token', 'puzzleBotToken', 'telegramBotToken']);

export interface ShopSettingsInput {
  puzzleBotToken: string | null;
  commandName: string | null;
  variableNameTitle: string | null;
  variableNamePrice: string | null;
  telegramBotToken: string | null;
  regenerateToken: boolean;
}

/**
 * Saves the shop settings. A new Mini App bot token is checked with Telegram first (its mask
 * keeps the saved one); `regenerateToken` replaces the link, and the old one stops working at once.
 */
export async function saveShopSettings(deps: ShopDeps, sellerId: number, projectId: number, input: ShopSettingsInput, actor: AuditActor) {
  const action = await requireOwnAction(deps.db, sellerId, projectId);
  // Read, not created yet: a save refused below (a token Telegram does not know) writes nothing,
  // not even the shop of an action that had none.
  const before = await repo.findSettings(deps.db, sellerId, projectId);
  const change: repo.SettingsChange = {
    // The mask (or the token itself) keeps the saved token; anything else replaces it.
    puzzleBotToken:
      input.puzzleBotToken !== null && isSavedToken(input.puzzleBotToken, before?.puzzleBotToken ?? null)
        ? undefined
        : input.puzzleBotToken,
    commandName: input.commandName,
    variableNameTitle: input.variableNameTitle,
    variableNamePrice: input.variableNamePrice,
  };
  if (input.telegramBotToken === null) {
    Object.assign(change, { telegramBotToken: null, telegramBotUsername: null });
  } else if (!isSavedToken(input.telegramBotToken, before?.telegramBotToken ?? null)) {
    const bot = await identifyBot(deps.telegram, input.telegramBotToken);
    Object.assign(change, { telegramBotToken: input.telegramBotToken, telegramBotUsername: bot.username });
  }
  if (input.regenerateToken) change.token = newShopToken();
  const newToken = newShopToken();
  const { current, saved } = await deps.db.transaction(async (tx: Executor) => {
    const current = await repo.ensureSettings(tx, sellerId, projectId, newToken);
    const saved = await repo.updateSettings(tx, sellerId, projectId, change, deps.now());
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'shop.settings',
      subject: action.name,
      ...changedValues(current as unknown as Record<string, unknown>, change, SHOP_SECRETS),
    });
    return { current, saved };
  });
  if (input.regenerateToken || current.token === newToken) await deps.onShopLinkChanged?.(projectId);
  return {
    settings: presentSettings(saved, deps.publicUrl),
    message: input.regenerateToken ? messages.shop.linkRegenerated : messages.shop.settingsSaved,
  };
}
