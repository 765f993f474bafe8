import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/connection.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { TelegramError } from '../../integrations/telegram/errors.js';
import * as repo from './repository.js';
import { BOT_UPDATE_KINDS } from './setup.js';

/** Long-poll wait per getUpdates call (seconds): short enough to notice a disconnect or a shutdown soon. */
const POLL_TIMEOUT_S = 8;
/**
 * Renewed at every long-poll round (8 s and the call's own time), so it outlives a round with room
 * to spare, and a dead instance's bot is free within 15 s for another instance's watch (watch.ts):
 * polled again within 20 s. A round that overran it only hands the bot over early.
 */
const LEASE_MS = 15_000;
const ERROR_PAUSE_MS = 5_000;

export interface PollerDeps {
  db: Db;
  telegram: Pick<TelegramClient, 'getUpdates'>;
  onStored: () => void;
  log: { warn(data: object, message: string): void };
}

/**
 * Long polling for bots whose address is not HTTPS (Telegram sends webhooks to HTTPS only).
 * A poller holds its bot's lease in the database, so with several instances exactly one polls
 * each bot; an instance that dies loses its leases within 15 s and another takes over.
 */
export class BotPollers {
  private readonly owner = randomUUID();
  private readonly running = new Map<number, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly deps: PollerDeps) {}

  /** Starts polling the action's bot on this instance unless it is polled already (here or elsewhere). */
  ensurePolling(projectId: number): void {
    if (this.running.has(projectId) || this.stopping.signal.aborted) return;
    const loop = this.poll(projectId)
      .catch((error: unknown) => this.deps.log.warn({ projectId, err: error }, 'bot poller stopped'))
      .finally(() => this.running.delete(projectId));
    this.running.set(projectId, loop);
  }

  /** Picks up every polling bot nobody polls (at start-up, at every watch of the instance and every minute). */
  async superviseAll(): Promise<void> {
    for (const projectId of await repo.listUnpolledBots(this.deps.db)) this.ensurePolling(projectId);
  }

  /**
   * Ends every long poll at once (no wait for Telegram's answer) and releases the leases, so another
   * instance may take the bots without waiting for them to run out. Answers how many bots were polled here.
   */
  async stop(): Promise<number> {
    this.stopping.abort();
    const polled = this.running.size;
    await Promise.all(this.running.values());
    return polled;
  }

  private async poll(projectId: number): Promise<void> {
    const { db, telegram } = this.deps;
    try {
      while (!this.stopping.signal.aborted) {
        const lease = await repo.takePollLease(db, projectId, this.owner, LEASE_MS);
        if (!lease) return;
        const found = await repo.findBotAction(db, projectId);
        const token = found?.action.telegramBotToken;
        if (!token || found.action.deletedAt) return;
        try {
          // An update Telegram sent as the stop cut the poll short is not lost: only a later offset confirms it.
          const updates = await telegram.getUpdates(
            token,
            { offset: lease.offset, timeout: POLL_TIMEOUT_S, allowed_updates: BOT_UPDATE_KINDS },
            this.stopping.signal,
          );
          if (updates.length === 0) continue;
          const stored = await repo.storeUpdates(db, { botId: lease.botId, projectId, updates, newOffset: updates.at(-1)!.update_id + 1 });
          if (stored > 0) this.deps.onStored();
        } catch (error) {
          if (this.stopping.signal.aborted) return;
          if (error instanceof TelegramError && error.kind === 'unauthorized') return;
          this.deps.log.warn({ projectId, err: error }, 'getUpdates failed; polling again shortly');
          await sleep(ERROR_PAUSE_MS, undefined, { signal: this.stopping.signal }).catch(() => undefined);
        }
      }
    } finally {
      await repo.releasePollLease(db, projectId, this.owner).catch(() => undefined);
    }
  }
}
