import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import type { ProjectRow } from '../../db/schema.js';
import { messages } from '../../../contract/messages.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { identifyBot, isSavedToken } from './bot-token.js';
import type { BotPollers } from './pollers.js';
import * as repo from './repository.js';
import { BOT_COMMANDS, BOT_SETUP_VERSION, BOT_UPDATE_KINDS, shopUrl } from './setup.js';

export type BotColumns = Pick<ProjectRow, 'telegramBotToken' | 'telegramBotId' | 'telegramBotUsername'>;
export type UpdatesMode = 'webhook' | 'polling';

export const WEBHOOK_PATH = '/telegram/webhook';

export interface BotConnectorDeps {
  db: Db;
  telegram: Pick<TelegramClient, 'getMe' | 'setWebhook' | 'deleteWebhook' | 'setChatMenuButton' | 'setMyCommands'>;
  publicUrl: string;
  /** Mini App buttons need an HTTPS address in Telegram (its test environment, emulated, takes HTTP). */
  webAppButtons: boolean;
  mode: UpdatesMode;
  pollers: BotPollers;
  log: { warn(data: object, message: string): void };
}

/** Connects and disconnects actions' bots; the actions module calls it around saving an action. */
export interface BotConnector {
  /** The columns to save for a token the seller sent (undefined: keep what is saved). Checks the token with Telegram. */
  resolveToken(given: string | null | undefined, saved: string | null): Promise<BotColumns | undefined>;
  /**
   * Brings Telegram in line with the saved action: connect its bot (or disconnect one it no longer
   * has) and point the chat menu button at the action's shop. Also called when the shop's link changes.
   */
  sync(projectId: number, previousToken: string | null): Promise<void>;
  /** At start-up: sets up again the bots connected by an older version or under another address. */
  syncOutdated(): Promise<void>;
}

export function createBotConnector(deps: BotConnectorDeps): BotConnector {
  return {
    async resolveToken(given, saved) {
      if (given === undefined || isSavedToken(given ?? '', saved)) return undefined;
      if (given === null) return { telegramBotToken: null, telegramBotId: null, telegramBotUsername: null };
      const bot = await identifyBot(deps.telegram, given);
      return { telegramBotToken: given, telegramBotId: bot.id, telegramBotUsername: bot.username };
    },

    async sync(projectId, previousToken) {
      const found = await repo.findBotAction(deps.db, projectId);
      const action = found?.action;
      const token = action && !action.deletedAt ? action.telegramBotToken : null;
      if (previousToken && previousToken !== token) {
        // The old bot stops sending us its updates; if Telegram is unreachable it only keeps knocking at a closed door.
        await deps.telegram
          .deleteWebhook(previousToken)
          .catch((error: unknown) => deps.log.warn({ projectId, err: error }, 'could not remove the old bot webhook'));
      }
      if (!token || !action?.telegramBotId) {
        await repo.deleteConnection(deps.db, projectId);
        return;
      }
      const connection = found?.connection;
      const upToDate =
        connection &&
        connection.botId === action.telegramBotId &&
        connection.mode === deps.mode &&
        connection.setupVersion === BOT_SETUP_VERSION;
      if (!upToDate) {
        const secret = randomBytes(32).toString('base64url');
        if (deps.mode === 'webhook') {
          await deps.telegram.setWebhook(token, {
            url: `${deps.publicUrl}/lk/api${WEBHOOK_PATH}/${action.telegramBotId}`,
            secret_token: secret,
            allowed_updates: BOT_UPDATE_KINDS,
          });
        } else {
          // Telegram refuses getUpdates while a webhook is set.
          await deps.telegram.deleteWebhook(token);
        }
        await deps.telegram.setMyCommands(token, BOT_COMMANDS);
        await repo.saveConnection(deps.db, {
          projectId,
          botId: action.telegramBotId,
          mode: deps.mode,
          webhookSecret: secret,
          setupVersion: BOT_SETUP_VERSION,
        });
      }
      await syncMenuButton(projectId, token, upToDate ? connection.menuUrl : null);
      if (deps.mode === 'polling') deps.pollers.ensurePolling(projectId);
    },

    async syncOutdated() {
      for (const projectId of await repo.listOutdatedConnections(deps.db, BOT_SETUP_VERSION, `${deps.publicUrl}/shop/`)) {
        await this.sync(projectId, null).catch((error: unknown) =>
          deps.log.warn({ projectId, err: error }, 'could not set the bot up again'),
        );
      }
    },
  };

  /**
   * The menu button opens the action's shop, signed by this bot (a reply-keyboard Mini App would
   * open without the shopper's identity). Not fatal: the action is saved, and the next sync retries.
   */
  async function syncMenuButton(projectId: number, token: string, current: string | null): Promise<void> {
    const shopToken = deps.webAppButtons ? await repo.findShopToken(deps.db, projectId) : null;
    const wanted = shopToken ? shopUrl(deps.publicUrl, shopToken) : null;
    if (wanted === current) return;
    try {
      await deps.telegram.setChatMenuButton(token, {
        menu_button: wanted ? { type: 'web_app', text: messages.bot.shopButton, web_app: { url: wanted } } : { type: 'default' },
      });
      await repo.saveMenuUrl(deps.db, projectId, wanted);
    } catch (error) {
      deps.log.warn({ projectId, err: error }, 'could not set the bot menu button');
    }
  }
}
