import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/connection.js';
import type { OutboxTable } from '../db/outbox.js';
import type { ProjectRow } from '../db/schema.js';
import type { TelegramClient } from '../integrations/telegram/client.js';
import type { BotFeature } from './bot-feature.js';
import type { JobDefinition } from './job.js';

/**
 * What one domain module adds to the app. Each module exports one (`module.ts`), the list in
 * `src/server/module-list.ts` names every module once, and app.ts, the job queue, the bot's
 * dispatcher and the invariant checker loop over that list: adding a function is its folder, one
 * line in the list and its migration.
 */
export interface ModuleManifest {
  /** The module's folder name under modules/. */
  name: string;
  /** Its routes under /lk/api. */
  routes?(context: ModuleContext): FastifyPluginAsync[];
  /** Its background work: periodic (`cron`) and queued jobs. */
  jobs?(context: ModuleContext): JobDefinition<never>[];
  /** Its outboxes, each drained by one of its jobs: the watch takes over rows a dead instance claimed. */
  outboxes?: readonly { job: string; outbox: OutboxTable }[];
  /** Its parts of the action's bot: menu buttons, presses, commands, deep links, dialog steps. */
  bot?: readonly BotFeature[];
  /** Runs after a successful receipt's award committed (from the bot or POST /check); a failure never undoes the points. */
  afterAward?(deps: AwardHookDeps, awarded: AwardedReceipt): Promise<AwardAdditions | void>;
  /** SQL checks that its stored counters agree with their sources (`npm run admin -- verify`). */
  invariants?: readonly Invariant[];
}

export interface AwardedReceipt {
  action: ProjectRow;
  receiptId: number;
  buyerTgId: string;
}

/** What a hook after an award adds to the check's answer (`data`). */
export interface AwardAdditions {
  promo_code?: string;
}

export interface AwardHookDeps {
  db: Db;
  now: () => Date;
  log: Pick<ModuleLog, 'error'>;
  /** Wakes the delivery of buyer notices a hook queued (modules/notices). */
  onNoticesQueued: () => void;
}

/** One invariant: a query answering the rows that break it (none: it holds). */
export interface Invariant {
  name: string;
  /** What holds, in a sentence (the CLI prints it beside a failure). */
  description: string;
  sql: string;
}

/** What app.ts hands every module: the process's clients, clock and wake-up ports. */
export interface ModuleContext {
  db: Db;
  /** The product's clock (demo-movable). */
  now: () => Date;
  /** Real time: sessions, throttles, leases and retries. */
  realNow: () => Date;
  sessionTtlMs: number;
  publicUrl: string;
  /** Web App buttons need an HTTPS address in Telegram (the emulator takes any). */
  webAppButtons: boolean;
  telegram: TelegramClient;
  /** The outboxes' first retry delay. */
  retryBaseMs: number;
  log: ModuleLog;
  /** Wakes the delivery of buyer notices (modules/notices). */
  onNoticesQueued: () => void;
}

export interface ModuleLog {
  error(data: object, message: string): void;
  warn(data: object, message: string): void;
  info(data: object, message: string): void;
}
