import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { SegmentConditions } from '../../contract/segments.js';
import type { Config } from '../config.js';
import type { Database, Db, Executor } from '../db/connection.js';
import type { OutboxTable } from '../db/outbox.js';
import type { ProjectRow } from '../db/schema.js';
import type { PublicUrlOf } from '../http/public-url.js';
import type { MailClient } from '../integrations/mail/client.js';
import type { PuzzleBotClient } from '../integrations/puzzlebot/client.js';
import type { TaxClient } from '../integrations/tax/client.js';
import type { TaxEmulatorStore } from '../integrations/tax/emulator.js';
import type { TelegramClient } from '../integrations/telegram/client.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Keyring } from '../sealing/sealed.js';
import type { BotFeature } from './bot-feature.js';
import type { JobDefinition, JobQueue } from './job.js';
import type { Lifecycle } from './lifecycle.js';

/**
 * What one domain module adds to the app. Each module exports one (`module.ts`); the list in
 * `src/server/module-list.ts` names every module once, and app.ts, the job queue, the watch, the
 * bot's dispatcher and the invariant checker loop over that list: adding a function is its folder,
 * one line in the list and its migration.
 */
export interface ModuleManifest {
  /** The module's folder name under modules/. */
  name: string;
  /** Its routes under /lk/api (a mount with a prefix below it, e.g. the operator's `/admin`). */
  routes?(context: ModuleContext): RouteMount[];
  /** Hooks on every route under /lk/api, registered before any module's routes (authentication before the body). */
  apiHooks?(context: ModuleContext): (api: FastifyInstance) => void;
  /** Its routes outside the API (served files, an emulator's callbacks). */
  rootRoutes?(context: ModuleContext): RouteMount[];
  /** Its background work: periodic (`cron`) and queued jobs. The test clock runs the periodic ones in the list's order. */
  jobs?(context: ModuleContext): JobDefinition<never>[];
  /** Its outboxes, each drained by one of its jobs: the watch queues the job when a row is due (a dead worker's claim ran out). */
  outboxes?: readonly { job: string; outbox: OutboxTable }[];
  /** Its part of the watch (every few seconds on each instance): work a dead instance held is taken over here. */
  watch?(context: ModuleContext): Promise<void>;
  /** Once the job queue runs: work interrupted by a stop goes on. */
  start?(context: ModuleContext): Promise<void>;
  /** On close, before the job queue stops. */
  stop?(context: ModuleContext): Promise<void>;
  /** Its parts of the action's bot: menu buttons, presses, commands, deep links, dialog steps, lines about points. */
  bot?: readonly BotFeature[];
  /** Runs after a successful receipt's award committed (from the bot or POST /check); a failure never undoes the points. */
  afterAward?(deps: AwardHookDeps, awarded: AwardedReceipt): Promise<AwardAdditions | void>;
  /** SQL checks that its stored figures agree with their sources (`npm run admin -- verify`, the fault tests). */
  invariants?: readonly Invariant[];
  /** The conditions of a segment of shoppers it answers (a birthday's month, a survey taken). */
  segmentConditions?: SegmentCondition;
  /** Registers its own series in the app's registry (`context.metrics.registry`), fed by its code or read at scrape. */
  metrics?(context: ModuleContext): void;
}

/**
 * What one of a module's segment conditions matches: the shoppers who meet it, as a `SELECT
 * buyer_tg_id …` read through an index (repeats allowed), which a segment may start from instead of
 * the action's every shopper; or, where no such set is cheap, a predicate on the action's shopper
 * `shopper.buyer_tg_id`. `bought`: every shopper of the set has a successful receipt in the action
 * (so a `buyer_stats` row, which is never deleted), and a count of the set needs no lookup to know
 * they are the action's shoppers. `size`: a `SELECT` of how many of the action's shoppers the set
 * holds, where that is known without looking each up (a closed draw numbers its shoppers 1, 2, …; a
 * month's birthdays less those of people not the action's shoppers yet). `kept`: a condition on a
 * shopper's row of the action, the balance (`buyer_points`) or the statistics (`buyer_stats`), named
 * `row`, that an index of either table answers and that holds for exactly the set's shoppers who have
 * such a row (a month's birthdays: the month kept on both), so a count asking a minimum balance, a
 * spending or a recency starts from those rows instead of the whole set.
 */
export type SegmentMatch = { shoppers: SQL; bought?: boolean; size?: SQL; kept?: (row: SQL) => SQL } | { predicate: SQL };

/**
 * A module's part of a segment's filter: for the conditions it owns, what they match
 * (modules/segments builds the rest of the statement). A value naming what is not the action's
 * (another action's survey) throws a `bad_request` AppError.
 */
export interface SegmentCondition {
  matches(scope: { db: Executor; sellerId: number; projectId: number; now: Date }, conditions: SegmentConditions): Promise<SegmentMatch[]>;
}

export type RouteMount = FastifyPluginAsync | { plugin: FastifyPluginAsync; prefix: string };

/**
 * The action as the hooks after an award get it: the settings the check reads with its context
 * (receipts/repository.ts), not the whole row, and whether it has a Telegram bot, not its token.
 */
export type AwardedAction = Pick<
  ProjectRow,
  'id' | 'userId' | 'name' | 'botFeatures' | 'hasProductRules' | 'promoCodeRule' | 'pointsLifetimeDays'
> & {
  hasTelegramBot: boolean;
};

export interface AwardedReceipt {
  action: AwardedAction;
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

/** One invariant: a query answering a row (`detail`) per violation; none: it holds. */
export interface Invariant {
  name: string;
  /** What holds, in a Russian sentence (the CLI prints it beside a failure). */
  description: string;
  query: string;
}

/** What app.ts hands every module: the process's configuration, clients, clock and wake-up ports. */
export interface ModuleContext {
  config: Config;
  database: Database;
  db: Db;
  /** The product's clock (demo-movable). */
  now: () => Date;
  /** Real time: sessions, throttles, leases and retries. */
  realNow: () => Date;
  sessionTtlMs: number;
  publicUrl: string;
  /** The public address of a request (PUBLIC_URL, or in a demo without it the address the browser used). */
  publicUrlOf: PublicUrlOf;
  /** A demo without PUBLIC_URL may be opened at any loopback name: pictures and the framed Mini App come from either. */
  sameServerOrigins: string[];
  /** Web App buttons need an HTTPS address in Telegram (the emulator takes any). */
  webAppButtons: boolean;
  telegram: TelegramClient;
  tax: TaxClient;
  /** The tax service's emulator in demo mode (its demo receipts). */
  taxStore: TaxEmulatorStore | undefined;
  puzzleBot: PuzzleBotClient;
  mail: MailClient;
  keyring: Keyring;
  metrics: Metrics;
  lifecycle: Lifecycle;
  /** The outboxes' first retry delay. */
  retryBaseMs: number;
  log: ModuleLog;
  /**
   * A wake-up of a job for an event (a receipt, a stored update): at most one job queued per
   * interval from this instance's memory, since queueing is a database write an event should not
   * pay each time. The same (job, interval) answers the same wake-up.
   */
  wake(job: string, intervalMs?: number): () => void;
  /** Wakes the delivery of buyer notices (the bot module's job). */
  onNoticesQueued: () => void;
  /** The job queue; bound once it runs (a call before that is a defect). */
  queue: JobQueue;
  /** Every module's bot parts, in the list's order. */
  botParts: readonly BotFeature[];
  /** Every module's `afterAward`, in the list's order. */
  afterAward(awarded: AwardedReceipt): Promise<AwardAdditions>;
  /** Every module's invariants. */
  invariants: readonly Invariant[];
  /** Every module's segment conditions. */
  segmentConditions: readonly SegmentCondition[];
}

export interface ModuleLog {
  error(data: object, message: string): void;
  warn(data: object, message: string): void;
  info(data: object, message: string): void;
}

/** The wake-up job every module may ring: what the bot tells a shopper outside a conversation. */
export const BUYER_NOTICES_JOB = 'buyer-notices';
