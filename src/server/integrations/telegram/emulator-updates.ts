import { setTimeout as sleep } from 'node:timers/promises';
import type { PhotoSize } from './emulator-files.js';

/** A shopper as Telegram shows them to a bot. */
export interface TelegramUser {
  id: number;
  is_bot: false;
  first_name: string;
  username?: string;
}

/** A shopper's private message to the bot. */
export interface EmulatedMessage {
  message_id: number;
  from: TelegramUser;
  chat: { id: number; type: 'private'; first_name: string; username?: string };
  date: number;
  text?: string;
  photo?: PhotoSize[];
  caption?: string;
  /** A shared contact: the sender's own (a request_contact button: `user_id` is theirs) or any other card. */
  contact?: EmulatedContact;
}

/** Telegram's Contact: `user_id` only when the contact is a Telegram user. */
export interface EmulatedContact {
  phone_number: string;
  first_name: string;
  user_id?: number;
}

/** The update kinds the emulator produces: a shopper's message, or a press of a callback button. */
export type EmulatedUpdate =
  | { update_id: number; message: EmulatedMessage }
  | {
      update_id: number;
      callback_query: {
        id: string;
        from: TelegramUser;
        message: { message_id: number; chat: EmulatedMessage['chat']; date: number };
        chat_instance: string;
        data: string;
      };
    };

export interface WebhookInfo {
  url: string;
  has_custom_certificate: false;
  pending_update_count: number;
  max_connections?: number;
  allowed_updates?: string[];
  last_error_date?: number;
  last_error_message?: string;
}

/** An answer Telegram gives as 409 Conflict. */
export class UpdatesConflict extends Error {}

interface Webhook {
  url: string;
  secretToken: string | undefined;
  lastErrorDate?: number;
  lastErrorMessage?: string;
}

interface BotUpdates {
  pending: EmulatedUpdate[];
  webhook: Webhook | undefined;
  /** As last set by setWebhook or getUpdates; empty = every kind. */
  allowedUpdates: string[];
  /** The getUpdates request waiting for an update, if any. */
  poll: { wake: () => void; terminate: () => void } | undefined;
  delivering: boolean;
}

/** Telegram keeps undelivered updates for 24 hours; the emulator keeps this many per bot. */
const MAX_PENDING_UPDATES = 1_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Updates of every bot: queued for getUpdates (long polling) or POSTed to the bot's webhook,
 * one at a time and in order, retried after `retryDelaysMs` when the webhook does not answer 2xx.
 */
export class EmulatorUpdates {
  private readonly bots = new Map<number, BotUpdates>();
  private readonly closing = new AbortController();
  private lastUpdateId = 0;

  constructor(private readonly options: { retryDelaysMs: readonly number[]; now: () => number }) {}

  nextUpdateId(): number {
    return ++this.lastUpdateId;
  }

  push(botId: number, update: EmulatedUpdate): void {
    const bot = this.bot(botId);
    // Telegram drops kinds the bot did not ask for; a bot that never said gets every kind but a few special ones.
    const kind = 'message' in update ? 'message' : 'callback_query';
    if (bot.allowedUpdates.length > 0 && !bot.allowedUpdates.includes(kind)) return;
    bot.pending.push(update);
    if (bot.pending.length > MAX_PENDING_UPDATES) bot.pending.shift();
    if (bot.webhook) void this.deliver(bot);
    else bot.poll?.wake();
  }

  setWebhook(
    botId: number,
    input: { url: string; secretToken: string | undefined; allowedUpdates: string[] | undefined; dropPending: boolean },
  ): void {
    const bot = this.bot(botId);
    bot.webhook = { url: input.url, secretToken: input.secretToken };
    if (input.allowedUpdates) bot.allowedUpdates = input.allowedUpdates;
    if (input.dropPending) bot.pending = [];
    // A long poll in progress ends the way Telegram ends it when a webhook appears.
    bot.poll?.terminate();
    void this.deliver(bot);
  }

  deleteWebhook(botId: number, dropPending: boolean): void {
    const bot = this.bot(botId);
    bot.webhook = undefined;
    if (dropPending) bot.pending = [];
  }

  webhookInfo(botId: number): WebhookInfo {
    const bot = this.bot(botId);
    const webhook = bot.webhook;
    return {
      url: webhook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: bot.pending.length,
      ...(webhook ? { max_connections: 40 } : {}),
      ...(bot.allowedUpdates.length > 0 ? { allowed_updates: bot.allowedUpdates } : {}),
      ...(webhook?.lastErrorDate ? { last_error_date: webhook.lastErrorDate, last_error_message: webhook.lastErrorMessage } : {}),
    };
  }

  /**
   * getUpdates: `offset` confirms every update below it (a negative one keeps only the last -offset),
   * then answers at once if updates wait, else after the first update or `timeoutSeconds`.
   */
  async getUpdates(
    botId: number,
    input: { offset?: number; limit: number; timeoutSeconds: number; allowedUpdates?: string[] },
  ): Promise<EmulatedUpdate[]> {
    const bot = this.bot(botId);
    if (bot.webhook)
      throw new UpdatesConflict(
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    if (input.allowedUpdates) bot.allowedUpdates = input.allowedUpdates;
    const { offset } = input;
    if (offset !== undefined && offset < 0) bot.pending = bot.pending.slice(offset);
    else if (offset !== undefined) bot.pending = bot.pending.filter((update) => update.update_id >= offset);
    bot.poll?.terminate();

    if (bot.pending.length === 0 && input.timeoutSeconds > 0 && !this.closing.signal.aborted) {
      await this.waitForUpdate(bot, input.timeoutSeconds * 1000);
    }
    return bot.pending.slice(0, input.limit);
  }

  /** Whether a getUpdates request of the bot is waiting (tests wait for it before sending an update). */
  isPolling(botId: number): boolean {
    return this.bots.get(botId)?.poll !== undefined;
  }

  /** Ends every long poll and webhook retry (the server is closing). */
  close(): void {
    this.closing.abort();
    for (const bot of this.bots.values()) bot.poll?.wake();
  }

  private waitForUpdate(bot: BotUpdates, timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const poll = {
        wake: () => finish(resolve),
        terminate: () =>
          finish(() =>
            reject(
              new UpdatesConflict('Conflict: terminated by other getUpdates request; make sure that only one bot instance is running'),
            ),
          ),
      };
      const timer = setTimeout(poll.wake, timeoutMs);
      function finish(settle: () => void): void {
        clearTimeout(timer);
        if (bot.poll === poll) bot.poll = undefined;
        settle();
      }
      bot.poll = poll;
    });
  }

  private async deliver(bot: BotUpdates): Promise<void> {
    if (bot.delivering) return;
    bot.delivering = true;
    try {
      let failedAttempts = 0;
      while (bot.webhook && bot.pending.length > 0 && !this.closing.signal.aborted) {
        const webhook = bot.webhook;
        const problem = await this.post(webhook, bot.pending[0]!);
        if (problem === undefined || failedAttempts >= this.options.retryDelaysMs.length) {
          // Delivered, or given up after the last retry (Telegram would go on for a day).
          bot.pending.shift();
          failedAttempts = 0;
          continue;
        }
        webhook.lastErrorDate = Math.floor(this.options.now() / 1000);
        webhook.lastErrorMessage = problem;
        await sleep(this.options.retryDelaysMs[failedAttempts++], undefined, { signal: this.closing.signal }).catch(() => undefined);
      }
    } finally {
      bot.delivering = false;
    }
  }

  /** POSTs one update; answers what went wrong in Telegram's words, or undefined on a 2xx answer. */
  private async post(webhook: Webhook, update: EmulatedUpdate): Promise<string | undefined> {
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(webhook.secretToken ? { 'X-Telegram-Bot-Api-Secret-Token': webhook.secretToken } : {}),
        },
        body: JSON.stringify(update),
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), this.closing.signal]),
      });
      await response.arrayBuffer();
      return response.ok ? undefined : `Wrong response from the webhook: ${response.status} ${response.statusText}`;
    } catch (error) {
      return error instanceof Error && error.name === 'TimeoutError' ? 'Read timeout expired' : 'Connection refused';
    }
  }

  private bot(botId: number): BotUpdates {
    let bot = this.bots.get(botId);
    if (!bot) {
      bot = { pending: [], webhook: undefined, allowedUpdates: [], poll: undefined, delivering: false };
      this.bots.set(botId, bot);
    }
    return bot;
  }
}
