import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

import { sql } from 'drizzle-orm';
import { sealedText } from '../sealing/column.js';
import { MODERATION_KINDS, MODERATION_STATUSES } from '../../contract/moderation.js';
import { POINTS_ACTORS, POINTS_KINDS, POINTS_RULES, type StoredLevel } from '../../contract/points.js';
import { REFERRAL_REFUSALS, REFERRAL_STATUSES } from '../../contract/referral.js';
import { BUYER_FLAG_KINDS } from '../../contract/trust.js';
import { MARKETPLACES } from '../../contract/marketplace-link.js';
import { SUPPORT_AUTHORS, SUPPORT_THREAD_STATUSES } from '../../contract/support.js';
import type { SegmentConditions } from '../../contract/segments.js';
import type { BeaconChain } from '../../contract/draw-beacon.js';
import type { MemberRole } from '../../contract/team.js';
import type { SellerNoticeChannel, SellerNoticeEvent } from '../../contract/seller-notices.js';
import type { WebhookEvent } from '../../contract/webhooks.js';
import type { ApiKeyScope } from '../../contract/api-keys.js';

// Mirrors migrations/*.sql, which are the source of truth for the database itself.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  balanceKopecks: bigint('balance_kopecks', { mode: 'number' }).notNull().default(0),
  isActivated: boolean('is_activated').notNull().default(false),
  scannedReceipts: integer('scanned_receipts').notNull().default(0),
  projectName: text('project_name'),
  projectInns: text('project_inns').array().notNull().default([]),
  pointsPercentage: numeric('points_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull().default(10),
  puzzleBotToken: sealedText('puzzle_bot_token'),
  puzzleBotPointsVariable: text('puzzle_bot_points_variable'),
  commandSuccess: text('command_success'),
  commandNotRecognized: text('command_not_recognized'),
  commandAlreadyScanned: text('command_already_scanned'),
  commandTooOld: text('command_too_old'),
  commandNoItems: text('command_no_items'),
  receiptValidityDays: integer('receipt_validity_days').notNull().default(60),
  checkDuplicates: smallint('check_duplicates').notNull().default(0),
  mailingBotToken: sealedText('mailing_bot_token'),
  mailingBotUsername: text('mailing_bot_username'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  revokedAt: timestamptz('revoked_at'),
});

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamptz('window_started_at').notNull(),
});

export const billingSettings = pgTable('billing_settings', {
  key: text('key').primaryKey(),
  value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The operator's details for the public pages (src/contract/operator.ts); a row per detail set. */
export const operatorSettings = pgTable('operator_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const balanceLedger = pgTable('balance_ledger', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind').notNull(),
  amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
  balanceAfterKopecks: bigint('balance_after_kopecks', { mode: 'number' }).notNull(),
  reference: text('reference').notNull().unique(),
  description: text('description').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type LedgerRow = typeof balanceLedger.$inferSelect;

export const projects = pgTable('projects', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  name: text('name').notNull(),
  projectInns: text('project_inns').array().notNull(),
  pointsPercentage: numeric('points_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  puzzleBotToken: sealedText('puzzle_bot_token'),
  puzzleBotPointsVariable: text('puzzle_bot_points_variable'),
  commandSuccess: text('command_success'),
  commandNotRecognized: text('command_not_recognized'),
  commandAlreadyScanned: text('command_already_scanned'),
  commandTooOld: text('command_too_old'),
  commandNoItems: text('command_no_items'),
  receiptValidityDays: integer('receipt_validity_days').notNull(),
  checkDuplicates: smallint('check_duplicates').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  statusMessage: text('status_message'),
  subscriptionEndDate: timestamptz('subscription_end_date'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  deletedAt: timestamptz('deleted_at'),
  productKeywords: text('product_keywords').array().notNull().default([]),
  minTotalKopecks: bigint('min_total_kopecks', { mode: 'number' }).notNull().default(0),
  /** SHA-256 of the action's API key (hex): the key itself is shown once, when made (0039). */
  apiKeyHash: text('api_key_hash').notNull(),
  /** The key's last 4 characters, so the cabinet can tell which key is in use. */
  apiKeyLast4: text('api_key_last4').notNull(),
  telegramBotToken: sealedText('telegram_bot_token'),
  telegramBotId: bigint('telegram_bot_id', { mode: 'number' }),
  telegramBotUsername: text('telegram_bot_username'),
  promoCodeRule: text('promo_code_rule', { enum: ['off', 'every', 'first'] })
    .notNull()
    .default('off'),
  pointsLifetimeDays: integer('points_lifetime_days').notNull().default(0),
  expiryReminderDays: integer('expiry_reminder_days').notNull().default(7),
  levels: jsonb('levels').$type<StoredLevel[]>().notNull().default([]),
  repeatPointsPercentage: numeric('repeat_points_percentage', { precision: 5, scale: 2, mode: 'number' }),
  /** The bot's engagement functions' settings by function key (contract/bot-features.ts). */
  botFeatures: jsonb('bot_features').$type<Record<string, unknown>>().notNull().default({}),
  /** The seller's order of the bot's menu buttons, by callback data (0049); others follow in the module list's order. */
  botMenuOrder: text('bot_menu_order').array().notNull().default([]),
  /** Whether the action has product rules (0035), kept by their PUT: the award's hook reads it from the row it has. */
  hasProductRules: boolean('has_product_rules').notNull().default(false),
  /** Days a receipt's points are held after the purchase (marketplace returns); 0: none (0042). */
  pointsHoldDays: integer('points_hold_days').notNull().default(0),
  /** Per shopper over a rolling 7 days; null: no cap. */
  maxReceiptsPerWeek: integer('max_receipts_per_week'),
  /** Points one receipt may earn at most; null: no cap. */
  maxPointsPerReceipt: integer('max_points_per_receipt'),
  /** More receipts than this from one shopper within an hour flag them as suspicious. */
  suspiciousReceiptsPerHour: integer('suspicious_receipts_per_hour').notNull().default(5),
  commandLimitReached: text('command_limit_reached'),
  /** Renews from the balance on the end date (0046); `renewalWarnedFor`: the end date the seller was warned the balance will not cover. */
  autoRenew: boolean('auto_renew').notNull().default(false),
  renewalWarnedFor: timestamptz('renewal_warned_for'),
});

export const botChatSteps = pgTable(
  'bot_chat_steps',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    feature: text('feature').notNull(),
    step: jsonb('step').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId] })],
);

// 0031: birthdays and the daily bonus, functions of the action's bot (modules/bot/features).
export const buyerBirthdays = pgTable(
  'buyer_birthdays',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    month: smallint('month').notNull(),
    day: smallint('day').notNull(),
    givenAt: timestamptz('given_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId] })],
);

/**
 * Birthdays given by someone not (yet) the action's shopper, with their month: a segment's birthday
 * month counts the month's birthdays less these (0072_birthday_outsiders.sql, kept by the triggers
 * of functions/buyer_birthday_outsiders_given.sql and _joined.sql).
 */
export const buyerBirthdayOutsiders = pgTable(
  'buyer_birthday_outsiders',
  {
    projectId: integer('project_id').notNull(),
    buyerTgId: text('buyer_tg_id').notNull(),
    month: smallint('month').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId] })],
);

/**
 * The action's shoppers who hold points but never bought (no `buyer_stats` row): a segment's count
 * where such a shopper may match adds these to the buyers in range (0075_points_only_shoppers.sql,
 * kept by the triggers of functions/buyer_points_only_credited.sql and _bought.sql).
 */
export const buyerPointsOnly = pgTable(
  'buyer_points_only',
  {
    projectId: integer('project_id').notNull(),
    buyerTgId: text('buyer_tg_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId] })],
);

export const birthdayGreetings = pgTable(
  'birthday_greetings',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    year: smallint('year').notNull(),
    points: integer('points').notNull(),
    greetedAt: timestamptz('greeted_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId, table.year] })],
);

export const dailyBonusClaims = pgTable(
  'daily_bonus_claims',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    points: integer('points').notNull(),
    claimedAt: timestamptz('claimed_at').notNull(),
    /** The wheel's sector the server drew (its index then) and its label; null without a wheel. */
    sector: integer('sector'),
    sectorLabel: text('sector_label'),
    /** A promo-code sector's code, taken from the action's pool. */
    promoCodeId: bigint('promo_code_id', { mode: 'number' }).references(() => promoCodes.id),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId, table.day] })],
);

export type ProjectRow = typeof projects.$inferSelect;

export const invoices = pgTable('invoices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['pending', 'paid', 'cancelled', 'error'] })
    .notNull()
    .default('pending'),
  recurring: boolean('recurring').notNull().default(false),
  isTest: boolean('is_test').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  paidAt: timestamptz('paid_at'),
});
export type InvoiceRow = typeof invoices.$inferSelect;

/** The payer's details for bank invoices (migrations/0022_bank_invoices.sql). */
export const sellerRequisites = pgTable('seller_requisites', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  name: text('name').notNull(),
  inn: text('inn').notNull(),
  kpp: text('kpp'),
  address: text('address').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type SellerRequisitesRow = typeof sellerRequisites.$inferSelect;

/** Invoices paid by bank transfer (счёт на оплату); not the card top-ups' `invoices`. */
export const bankInvoices = pgTable('bank_invoices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  number: text('number').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
  buyer: jsonb('buyer').notNull(),
  supplier: jsonb('supplier').notNull(),
  vatRate: smallint('vat_rate'),
  status: text('status', { enum: ['pending', 'paid'] })
    .notNull()
    .default('pending'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  paidAt: timestamptz('paid_at'),
});
export type BankInvoiceRow = typeof bankInvoices.$inferSelect;

export const receipts = pgTable('receipts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  projectId: integer('project_id').references(() => projects.id),
  projectName: text('project_name').notNull(),
  projectInns: text('project_inns').array().notNull(),
  buyerTgId: text('buyer_tg_id').notNull(),
  qrRaw: text('qr_raw').notNull(),
  fn: text('fn'),
  fd: text('fd'),
  fp: text('fp'),
  issuedAt: timestamptz('issued_at'),
  totalKopecks: bigint('total_kopecks', { mode: 'number' }),
  sellerName: text('seller_name'),
  sellerInn: text('seller_inn'),
  retailPlace: text('retail_place'),
  status: text('status').notNull(),
  message: text('message'),
  pointsAwarded: integer('points_awarded').notNull().default(0),
  countedKopecks: bigint('counted_kopecks', { mode: 'number' }).notNull().default(0),
  feeKopecks: bigint('fee_kopecks', { mode: 'number' }).notNull().default(0),
  dedupe: boolean('dedupe').notNull().default(false),
  scannedAt: timestamptz('scanned_at').notNull().defaultNow(),
  pointsRule: text('points_rule', { enum: POINTS_RULES }),
  pointsPercentage: numeric('points_percentage', { precision: 5, scale: 2, mode: 'number' }),
  pointsLevel: text('points_level'),
  /** The seller took the receipt's points back (0042): when, who (a user id), why and how many came off. */
  cancelledAt: timestamptz('cancelled_at'),
  cancelledBy: integer('cancelled_by'),
  cancelReason: text('cancel_reason'),
  pointsCancelled: integer('points_cancelled'),
});
export type ReceiptRow = typeof receipts.$inferSelect;

export const receiptItems = pgTable(
  'receipt_items',
  {
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 6, mode: 'number' }).notNull(),
    sumKopecks: bigint('sum_kopecks', { mode: 'number' }).notNull(),
    providerInn: text('provider_inn'),
    status: text('status').notNull(),
  },
  (table) => [primaryKey({ columns: [table.receiptId, table.position] })],
);
export type ReceiptItemRow = typeof receiptItems.$inferSelect;

/** 0063: each action's distinct names of counted items on successful receipts, kept by receipt_items_after_insert() (functions/). */
export const actionItemNames = pgTable('action_item_names', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  name: text('name').notNull(),
});

/** 0063: who bought each of them (the segment «купил товар, содержащий …»). */
export const buyerItemNames = pgTable(
  'buyer_item_names',
  {
    nameId: bigint('name_id', { mode: 'number' })
      .notNull()
      .references(() => actionItemNames.id),
    buyerTgId: text('buyer_tg_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.nameId, table.buyerTgId] })],
);

export const taxReceiptCache = pgTable('tax_receipt_cache', {
  receiptKey: text('receipt_key').primaryKey(),
  body: jsonb('body').notNull(),
  fetchedAt: timestamptz('fetched_at').notNull().defaultNow(),
});

export const pointsLedger = pgTable('points_ledger', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  buyerTgId: text('buyer_tg_id').notNull(),
  delta: integer('delta').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  kind: text('kind', { enum: POINTS_KINDS }).notNull(),
  actor: text('actor', { enum: POINTS_ACTORS }).notNull(),
  expiresAt: timestamptz('expires_at'),
  /** Held points the row moves (0042): the ledger's sum is held + available. */
  heldDelta: integer('held_delta').notNull().default(0),
});
export type PointsLedgerRow = typeof pointsLedger.$inferSelect;

export const pointsLots = pgTable('points_lots', {
  ledgerId: bigint('ledger_id', { mode: 'number' })
    .primaryKey()
    .references(() => pointsLedger.id),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  buyerTgId: text('buyer_tg_id').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  remaining: integer('remaining').notNull(),
  remindedAt: timestamptz('reminded_at'),
});

/** What is left held of a held credit and when it is released (0042). */
export const pointsHolds = pgTable('points_holds', {
  ledgerId: bigint('ledger_id', { mode: 'number' })
    .primaryKey()
    .references(() => pointsLedger.id),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  buyerTgId: text('buyer_tg_id').notNull(),
  receiptId: bigint('receipt_id', { mode: 'number' }).notNull(),
  releaseAt: timestamptz('release_at').notNull(),
  remaining: integer('remaining').notNull(),
  countedKopecks: bigint('counted_kopecks', { mode: 'number' }).notNull().default(0),
});

/** Shoppers a seller blocked in an action (0042). */
export const buyerBlocks = pgTable(
  'buyer_blocks',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    reason: text('reason').notNull(),
    blockedBy: integer('blocked_by')
      .notNull()
      .references(() => users.id),
    blockedAt: timestamptz('blocked_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId] })],
);

/** Why the check flagged a shopper as suspicious in an action, once per kind (0043). */
export const buyerFlags = pgTable(
  'buyer_flags',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    kind: text('kind', { enum: BUYER_FLAG_KINDS }).notNull(),
    flaggedAt: timestamptz('flagged_at').notNull(),
    detail: text('detail').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId, table.kind] })],
);

export const buyerNotices = pgTable('buyer_notices', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  buyerTgId: text('buyer_tg_id').notNull(),
  /** Null for an expiry reminder: its text is written when it is sent, from `expiring` (0088). */
  text: text('text'),
  /** An expiry reminder's points and when they expire. */
  expiring: jsonb('expiring').$type<ExpiringPoints>(),
  shopButton: boolean('shop_button').notNull().default(false),
  /** Telegram's «Поделиться номером» keyboard under the text, sent by the action's own bot only (0051). */
  contactButton: boolean('contact_button').notNull().default(false),
  /** A file the bot sends instead of a text message (a product guide's PDF or video); `text` is its caption. */
  attachment: jsonb('attachment').$type<GuideAttachment>(),
  reference: text('reference').notNull().unique(),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  sentAt: timestamptz('sent_at'),
});

export const buyerPoints = pgTable(
  'buyer_points',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    balance: integer('balance').notNull(),
    /** Points held until their receipts' release (0042); `balance` is what can be spent. */
    held: integer('held').notNull().default(0),
    /** The shopper's birthday month in the action, kept by triggers from buyer_birthdays (0082): a segment's month with a minimum balance. */
    birthdayMonth: smallint('birthday_month'),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId] })],
);

export const buyerStats = pgTable(
  'buyer_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    successfulReceipts: integer('successful_receipts').notNull(),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
    lastReceiptAt: timestamptz('last_receipt_at').notNull(),
    /** Of total_kopecks, purchases whose points are still held: a level counts them from the release (0042). */
    heldKopecks: bigint('held_kopecks', { mode: 'number' }).notNull().default(0),
    /** The shopper's birthday month in the action, kept by triggers for a segment's month with a spending or recency (0089). */
    birthdayMonth: smallint('birthday_month'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId, table.buyerTgId] })],
);

export const puzzlebotOutbox = pgTable('puzzlebot_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  buyerTgId: text('buyer_tg_id').notNull(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  sentAt: timestamptz('sent_at'),
});

export const mailings = pgTable('mailings', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  /** The mailing bot's token; null when the mailing goes through an action's bot (0019). */
  botToken: sealedText('bot_token'),
  /** The action whose bot sends it, its token read at each send; null: the seller's mailing bot. */
  projectId: integer('project_id').references(() => projects.id),
  botId: bigint('bot_id', { mode: 'number' }).notNull(),
  text: text('text').notNull(),
  parseMode: text('parse_mode').$type<'HTML' | 'MarkdownV2'>(),
  imageUrl: text('image_url'),
  photoFileId: text('photo_file_id'),
  status: text('status').$type<'sending' | 'done' | 'cancelled' | 'failed'>().notNull().default('sending'),
  total: integer('total').notNull(),
  sent: integer('sent').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  finishedAt: timestamptz('finished_at'),
  lastWorkedAt: timestamptz('last_worked_at'),
  /** The schedule whose run made this mailing, and the run's due time (0038). */
  scheduleId: bigint('schedule_id', { mode: 'number' }).references(() => mailingSchedules.id),
  runAt: timestamptz('run_at'),
  /** The one inline button, resolved when the mailing was written. */
  button: jsonb('button').$type<StoredMailingButton>(),
  /** Recipients skipped because they opted out of the seller's mailings, and recipients who pressed the link button (0051). */
  optedOut: integer('opted_out').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
  /** Signs each recipient's links (the button's redirect, the unsubscribe link); null on mailings before 0051. */
  linkKey: text('link_key'),
  /**
   * A segment's shoppers still being written by the background job (0078): its conditions as sent,
   * the moment they are read at and the last shopper written. Null once all are written.
   */
  segmentConditions: jsonb('segment_conditions').$type<SegmentConditions>(),
  segmentAsOf: timestamptz('segment_as_of'),
  segmentAfter: text('segment_after'),
});
export type MailingRow = typeof mailings.$inferSelect;

/** A mailing's inline button as sent: a link, or the action's shop Mini App. */
export type StoredMailingButton = { text: string; url: string } | { text: string; web_app_url: string };
/** A schedule's button as asked: the shop's address is read at each run. */
export type ScheduledMailingButton = { text: string; url: string } | { text: string; shop: true; product_id?: number };

export const mailingSchedules = pgTable('mailing_schedules', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  botToken: sealedText('bot_token'),
  projectId: integer('project_id').references(() => projects.id),
  text: text('text').notNull(),
  parseMode: text('parse_mode').$type<'HTML' | 'MarkdownV2'>(),
  imageUrl: text('image_url'),
  button: jsonb('button').$type<ScheduledMailingButton>(),
  chatIds: bigint('chat_ids', { mode: 'number' }).array().notNull(),
  segmentId: bigint('segment_id', { mode: 'number' }),
  repeat: text('repeat').$type<'weekly' | 'monthly'>(),
  firstRunAt: timestamptz('first_run_at').notNull(),
  nextRunAt: timestamptz('next_run_at'),
  runs: integer('runs').notNull().default(0),
  status: text('status').$type<'scheduled' | 'done' | 'cancelled'>().notNull().default('scheduled'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  cancelledAt: timestamptz('cancelled_at'),
});
export type MailingScheduleRow = typeof mailingSchedules.$inferSelect;

export const mailingRecipients = pgTable(
  'mailing_recipients',
  {
    mailingId: bigint('mailing_id', { mode: 'number' })
      .notNull()
      .references(() => mailings.id),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    state: text('state').$type<'pending' | 'sending' | 'sent' | 'failed' | 'cancelled' | 'opted_out'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedUntil: timestamptz('claimed_until'),
    error: text('error'),
    sentAt: timestamptz('sent_at'),
    clickedAt: timestamptz('clicked_at'),
  },
  (table) => [primaryKey({ columns: [table.mailingId, table.chatId] })],
);

/** The phone a shopper shared with an action's bot (their own, by Telegram's button) (0051). */
export const buyerPhones = pgTable(
  'buyer_phones',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    phone: text('phone').notNull(),
    sharedAt: timestamptz('shared_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId] })],
);

/** Shoppers who opted out of a seller's advertising mailings (38-ФЗ ст. 18), until they opt back in (0051). */
export const mailingOptOuts = pgTable(
  'mailing_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    buyerTgId: bigint('buyer_tg_id', { mode: 'number' }).notNull(),
    optedOutAt: timestamptz('opted_out_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.buyerTgId] })],
);

/** The next free send slot of each bot (Telegram's 30 messages a second), shared by every instance. */
export const telegramSendPace = pgTable('telegram_send_pace', {
  botId: bigint('bot_id', { mode: 'number' }).primaryKey(),
  nextSlotAt: timestamptz('next_slot_at').notNull(),
});

export const shopSettings = pgTable('shop_settings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  token: text('token').notNull(),
  puzzleBotToken: sealedText('puzzle_bot_token'),
  commandName: text('command_name'),
  variableNameTitle: text('variable_name_title'),
  variableNamePrice: text('variable_name_price'),
  telegramBotToken: sealedText('telegram_bot_token'),
  telegramBotUsername: text('telegram_bot_username'),
  /** Bumped by a trigger with every change of the action's products (functions/shop_products_changed.sql): the public list's cache key. */
  productsVersion: bigint('products_version', { mode: 'number' }).notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type ShopSettingsRow = typeof shopSettings.$inferSelect;

export const shopProducts = pgTable('shop_products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url'),
  pricePoints: integer('price_points').notNull(),
  /** What is left to exchange; null: unlimited. An exchange takes one, a cancel gives it back. */
  quantity: integer('quantity'),
  /** What one prize costs the seller (migration 0064); null: not given. */
  costKopecks: bigint('cost_kopecks', { mode: 'number' }),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  deletedAt: timestamptz('deleted_at'),
});
export type ShopProductRow = typeof shopProducts.$inferSelect;

export const shopOrders = pgTable('shop_orders', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  productId: integer('product_id').references(() => shopProducts.id),
  buyerTgId: text('buyer_tg_id').notNull(),
  buyerName: text('buyer_name'),
  title: text('title').notNull(),
  pricePoints: integer('price_points').notNull(),
  /** The product's cost at the exchange (migration 0064), as the title and price are kept; null: not given. */
  costKopecks: bigint('cost_kopecks', { mode: 'number' }),
  status: text('status').$type<'pending' | 'fulfilled' | 'cancelled'>().notNull().default('pending'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type ShopOrderRow = typeof shopOrders.$inferSelect;

export const shopNotifications = pgTable('shop_notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .references(() => shopOrders.id),
  kind: text('kind').$type<'puzzlebot_exchange'>().notNull(),
  payload: jsonb('payload').notNull(),
  status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  sentAt: timestamptz('sent_at'),
});

export const uploads = pgTable('uploads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  storageKey: text('storage_key').notNull().unique(),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png'] }).notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type UploadRow = typeof uploads.$inferSelect;

export const botConnections = pgTable('bot_connections', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  botId: bigint('bot_id', { mode: 'number' }).notNull(),
  mode: text('mode').$type<'webhook' | 'polling'>().notNull(),
  webhookSecret: text('webhook_secret').notNull(),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
  pollOwner: text('poll_owner'),
  pollLeaseUntil: timestamptz('poll_lease_until'),
  connectedAt: timestamptz('connected_at').notNull().defaultNow(),
  /** Which BOT_SETUP_VERSION the webhook (or polling) was set up with. */
  setupVersion: integer('setup_version').notNull().default(0),
  /** The Mini App address the chat menu button was set to; null: Telegram's default button. */
  menuUrl: text('menu_url'),
});
export type BotConnectionRow = typeof botConnections.$inferSelect;

export const botUpdates = pgTable(
  'bot_updates',
  {
    botId: bigint('bot_id', { mode: 'number' }).notNull(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    payload: jsonb('payload').notNull(),
    reply: jsonb('reply'),
    /** The receipt this update's check was awarded (award_receipt() writes it): a second check of the update answers it. */
    receiptId: bigint('receipt_id', { mode: 'number' }),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
  },
  (table) => [primaryKey({ columns: [table.botId, table.updateId] })],
);

export const telegramBuyers = pgTable('telegram_buyers', {
  buyerTgId: text('buyer_tg_id').primaryKey(),
  firstName: text('first_name'),
  username: text('username'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

// 0008_analytics.sql: aggregates of the receipts, counted in batches after their checks (0017:
// a trigger queues each receipt in analytics_pending, analytics_catch_up() counts the queue).
const day = () => date('day', { mode: 'string' }).notNull();

export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    day: day(),
    status: text('status').notNull(),
    receipts: integer('receipts').notNull().default(0),
    pointsAwarded: bigint('points_awarded', { mode: 'number' }).notNull().default(0),
    countedKopecks: bigint('counted_kopecks', { mode: 'number' }).notNull().default(0),
    feeKopecks: bigint('fee_kopecks', { mode: 'number' }).notNull().default(0),
    newBuyers: integer('new_buyers').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId, table.day, table.status] })],
);

export const analyticsBuyerDays = pgTable(
  'analytics_buyer_days',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    day: day(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId, table.day] })],
);

export const analyticsBuyerReturns = pgTable(
  'analytics_buyer_returns',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    day: day(),
    previousDay: date('previous_day', { mode: 'string' }).notNull(),
    buyers: integer('buyers').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId, table.day, table.previousDay] })],
);

export const analyticsProducts = pgTable(
  'analytics_products',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    day: day(),
    name: text('name').notNull(),
    items: integer('items').notNull(),
    quantity: numeric('quantity', { precision: 20, scale: 6 }).notNull(),
    sumKopecks: bigint('sum_kopecks', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId, table.day, table.name] })],
);

// 0064_payoff_aggregates.sql: what «Окупаемость» sums, per Moscow day, kept by the catch-up, the
// cancel (analytics_uncount_cancelled()) and the marketplace rows' triggers.
export const analyticsCapture = pgTable(
  'analytics_capture',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    day: day(),
    sellerInn: text('seller_inn').notNull(),
    receipts: integer('receipts').notNull(),
    units: numeric('units', { precision: 20, scale: 6 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId, table.day, table.sellerInn] })],
);

export const analyticsCaptureItems = pgTable('analytics_capture_items', {
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  day: day(),
  sellerInn: text('seller_inn').notNull(),
  name: text('name').notNull(),
  items: integer('items').notNull(),
  units: numeric('units', { precision: 20, scale: 6 }).notNull(),
});

/** A shopper's first two days with an accepted receipt, per action and (project_id 0) over all the seller's actions. */
export const analyticsShopperFirsts = pgTable(
  'analytics_shopper_firsts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id').notNull(),
    buyerTgId: text('buyer_tg_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    secondDay: date('second_day', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId, table.buyerTgId] })],
);

/**
 * Shoppers per first day, per action and (project_id 0) over all the seller's actions, with those back within 30/60/90 days:
 * the counts of analytics_shopper_firsts, kept by its triggers (0069_payoff_maintained_counts.sql).
 */
export const analyticsCohortDays = pgTable(
  'analytics_cohort_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    shoppers: integer('shoppers').notNull(),
    repeated30: integer('repeated_30').notNull(),
    repeated60: integer('repeated_60').notNull(),
    repeated90: integer('repeated_90').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId, table.firstDay] })],
);

/**
 * Changes of the actions' points available and held, one row per change of a shopper's points, summed per action by the
 * liability of «Окупаемость» and folded into one row by the payoff-fold job (0069_payoff_maintained_counts.sql,
 * functions/buyer_points_totals_changed.sql, functions/payoff_totals_fold.sql).
 */
export const buyerPointsTotals = pgTable('buyer_points_totals', {
  projectId: integer('project_id').notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull(),
  held: bigint('held', { mode: 'number' }).notNull(),
});

/**
 * Changes of the points left on the actions' lots per Moscow day of their expiry, one row per change of a lot's remainder,
 * summed by the liability of «Окупаемость» and folded by the payoff-fold job (0071_payoff_no_read_writes.sql,
 * functions/points_expiring_days_changed.sql).
 */
export const pointsExpiringDays = pgTable('points_expiring_days', {
  projectId: integer('project_id').notNull(),
  expiryDay: date('expiry_day', { mode: 'string' }).notNull(),
  points: bigint('points', { mode: 'number' }).notNull(),
});

/** Receipts written but not yet counted: queued by receipts_after_insert(), taken by analytics_catch_up(). */
export const analyticsPending = pgTable('analytics_pending', {
  receiptId: bigint('receipt_id', { mode: 'number' }).notNull(),
});

/** Receipts in the history per (seller, action; 0 = none), kept by triggers on receipts (functions/receipts_after_insert.sql, receipt_counts_after_delete.sql). */
export const receiptCounts = pgTable(
  'receipt_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id').notNull(),
    receipts: bigint('receipts', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId] })],
);

/** Buyers over all of a seller's actions (buyer_stats is per action). */
export const sellerBuyers = pgTable(
  'seller_buyers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    successfulReceipts: integer('successful_receipts').notNull(),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
    lastReceiptAt: timestamptz('last_receipt_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.buyerTgId] })],
);

/** The Buyers summary per (seller, action; 0 = every action). */
export const buyerSummaries = pgTable(
  'buyer_summaries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id').notNull(),
    buyers: integer('buyers').notNull(),
    successfulReceipts: bigint('successful_receipts', { mode: 'number' }).notNull(),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId] })],
);

export const accountTokens = pgTable('account_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'password_reset' | 'email_change'>().notNull(),
  newEmail: text('new_email'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});
export type AccountTokenRow = typeof accountTokens.$inferSelect;

export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  sentAt: timestamptz('sent_at'),
});

/** A seller's notice switches (the events turned off per channel) and linked Telegram chat (modules/seller-notices). */
export const sellerNoticeSettings = pgTable('seller_notice_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  emailOff: text('email_off').array().$type<SellerNoticeEvent[]>().notNull().default([]),
  telegramOff: text('telegram_off').array().$type<SellerNoticeEvent[]>().notNull().default([]),
  telegramChatId: bigint('telegram_chat_id', { mode: 'number' }),
  telegramUsername: text('telegram_username'),
  telegramLinkedAt: timestamptz('telegram_linked_at'),
});

/** One-time codes linking a seller's Telegram chat to the notification bot, by their SHA-256. */
export const sellerTelegramLinkCodes = pgTable('seller_telegram_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/** The seller notices' outbox: a row per occurrence of an event and channel, at most once each. */
export const sellerNotices = pgTable(
  'seller_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    event: text('event').$type<SellerNoticeEvent>().notNull(),
    subjectKey: text('subject_key').notNull(),
    channel: text('channel').$type<SellerNoticeChannel>().notNull(),
    title: text('title').notNull(),
    lines: text('lines').array().notNull(),
    linkLabel: text('link_label').notNull(),
    linkPath: text('link_path').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'dropped' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [unique().on(table.userId, table.event, table.subjectKey, table.channel)],
);

/** The operator's notification bot: its sealed token, username and getUpdates offset (one row). */
export const sellerNoticeBot = pgTable('seller_notice_bot', {
  id: smallint('id').primaryKey(),
  token: sealedText('token'),
  username: text('username'),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
  polledUntil: timestamptz('polled_until'),
});

/** Which balance notice a seller got in the current episode (billing/balance-watch.ts). */
export const balanceNotices = pgTable('balance_notices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  suspendedAt: timestamptz('suspended_at'),
  runningLowAt: timestamptz('running_low_at'),
});

/** 0026_promo_codes.sql: an action's promo codes; a code with `issuedAt` went to one shopper with one receipt. */
export const promoCodes = pgTable('promo_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  code: text('code').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  issuedBuyerTg: text('issued_buyer_tg'),
  issuedReceiptId: bigint('issued_receipt_id', { mode: 'number' }).references(() => receipts.id),
  issuedAt: timestamptz('issued_at'),
  oncePerBuyer: boolean('once_per_buyer').notNull().default(false),
});

/** 0059: a pool's size and its low mark, written with every upload: the id from which a claim leaves the pool low. */
export const promoCodePools = pgTable('promo_code_pools', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id),
  total: integer('total').notNull(),
  lowFromId: bigint('low_from_id', { mode: 'number' }),
});

export const draws = pgTable('draws', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  title: text('title').notNull(),
  winnersCount: integer('winners_count').notNull(),
  itemContains: text('item_contains'),
  createdAt: timestamptz('created_at').notNull(),
  closesAt: timestamptz('closes_at').notNull(),
  closedAt: timestamptz('closed_at'),
  /** Draws before 0050: the secret seed and its published SHA-256; later draws have the beacon instead. */
  seed: text('seed'),
  commitment: text('commitment'),
  ticketsHash: text('tickets_hash'),
  /** The frozen list's length, written with its hash at the close (0061). */
  ticketsCount: integer('tickets_count'),
  /** How many shoppers hold a ticket of the frozen list, written with it (0083). */
  shoppersCount: integer('shoppers_count'),
  repeat: text('repeat', { enum: ['weekly', 'monthly'] }),
  prizeText: text('prize_text'),
  prizeUploadId: bigint('prize_upload_id', { mode: 'number' }).references(() => uploads.id),
  beaconChain: jsonb('beacon_chain').$type<BeaconChain>(),
  beaconRound: bigint('beacon_round', { mode: 'number' }),
  beaconRandomness: text('beacon_randomness'),
  beaconSignature: text('beacon_signature'),
  drawnAt: timestamptz('drawn_at'),
  nextDrawId: integer('next_draw_id'),
  /** Its shoppers so far are in `draw_entrants` (0086): false until its window is counted, and for a draw with an item. */
  entrantsKept: boolean('entrants_kept').notNull().default(false),
  /** The last ticket whose holder is in `draw_holders` (0090): its holders are whole once this equals `ticketsCount`. */
  holdersThrough: integer('holders_through').notNull().default(0),
});

/** An open draw's shoppers so far and how many of its window's receipts each holds (0086): the award adds, a cancel takes away. */
export const drawEntrants = pgTable(
  'draw_entrants',
  {
    drawId: integer('draw_id').notNull(),
    buyerTgId: text('buyer_tg_id').notNull(),
    tickets: integer('tickets').notNull(),
  },
  (table) => [primaryKey({ columns: [table.drawId, table.buyerTgId] })],
);

/** A closed draw's holders and their tickets' numbers in order (0090), written by the closing job from the frozen list. */
export const drawHolders = pgTable(
  'draw_holders',
  {
    drawId: integer('draw_id').notNull(),
    /** `COLLATE "C"`, as the list's. */
    buyerTgId: text('buyer_tg_id').notNull(),
    tickets: integer('tickets').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.drawId, table.buyerTgId] })],
);

/** No foreign keys, no unique receipt (0066): written by one statement from the draw's own receipts; `admin verify` checks them. */
export const drawTickets = pgTable(
  'draw_tickets',
  {
    drawId: integer('draw_id').notNull(),
    ticket: integer('ticket').notNull(),
    receiptId: bigint('receipt_id', { mode: 'number' }).notNull(),
    /** `COLLATE "C"` (0083): compared for equality only, byte by byte. */
    buyerTgId: text('buyer_tg_id').notNull(),
    shopper: integer('shopper').notNull(),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.ticket] })],
);

export const drawWinners = pgTable(
  'draw_winners',
  {
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id),
    place: integer('place').notNull(),
    ticket: integer('ticket').notNull(),
    buyerTgId: text('buyer_tg_id').notNull(),
    handedOverAt: timestamptz('handed_over_at'),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.place] })],
);
/** 0030_referrals.sql: each shopper's invitation code in an action (features/referral). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    code: text('code').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.buyerTgId] })],
);

/** 0030_referrals.sql: who came by whose link, and whether it paid (joined → rewarded, or refused with the reason). */
export const referralInvitations = pgTable('referral_invitations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  inviterTgId: text('inviter_tg_id').notNull(),
  friendTgId: text('friend_tg_id').notNull(),
  status: text('status', { enum: REFERRAL_STATUSES }).notNull(),
  refusal: text('refusal', { enum: REFERRAL_REFUSALS }),
  sourceUpdate: text('source_update').notNull(),
  joinedAt: timestamptz('joined_at').notNull(),
  decidedAt: timestamptz('decided_at'),
  receiptId: bigint('receipt_id', { mode: 'number' }).references(() => receipts.id),
});

/**
 * Each inviter's rewarded invitations in an action, and whether the inviter is known to be its
 * shopper: «пригласил не меньше N» reads its range (0080_referral_inviter_rewards.sql, kept by the
 * triggers of functions/referral_inviter_rewards_changed.sql).
 */
export const referralInviterRewards = pgTable(
  'referral_inviter_rewards',
  {
    projectId: integer('project_id').notNull(),
    inviterTgId: text('inviter_tg_id').notNull(),
    rewarded: integer('rewarded').notNull(),
    shopper: boolean('shopper').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.inviterTgId] })],
);

/** Raw bytes; node-postgres answers a Buffer, PGlite a Uint8Array: both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A review's screenshot or a photo with the product waiting for (or past) the seller's verdict. */
export const moderationItems = pgTable('moderation_items', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  buyerTgId: text('buyer_tg_id').notNull(),
  kind: text('kind', { enum: MODERATION_KINDS }).notNull(),
  comment: text('comment'),
  image: bytea('image').notNull(),
  imageType: text('image_type').notNull(),
  imageSha256: text('image_sha256').notNull(),
  status: text('status', { enum: MODERATION_STATUSES }).notNull().default('pending'),
  reason: text('reason'),
  points: integer('points'),
  createdAt: timestamptz('created_at').notNull(),
  decidedAt: timestamptz('decided_at'),
});

/** The support inbox of the action's bot (migration 0036). */
export const supportThreads = pgTable('support_threads', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  buyerTgId: text('buyer_tg_id').notNull(),
  status: text('status', { enum: SUPPORT_THREAD_STATUSES }).notNull().default('open'),
  lastAuthor: text('last_author', { enum: SUPPORT_AUTHORS }).notNull(),
  createdAt: timestamptz('created_at').notNull(),
  lastMessageAt: timestamptz('last_message_at').notNull(),
  closedAt: timestamptz('closed_at'),
});

export const supportMessages = pgTable('support_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  threadId: bigint('thread_id', { mode: 'number' })
    .notNull()
    .references(() => supportThreads.id),
  author: text('author', { enum: SUPPORT_AUTHORS }).notNull(),
  text: text('text'),
  image: bytea('image'),
  imageType: text('image_type'),
  updateId: bigint('update_id', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull(),
});

/** Surveys and quizzes of the action's bot (migration 0033). */
export interface StoredSurveyQuestion {
  text: string;
  /** Button options; none: the shopper types a free-text answer. */
  options: string[];
  /** A quiz's right option; null in a survey. */
  correct: number | null;
}

export const surveys = pgTable('surveys', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  title: text('title').notNull(),
  kind: text('kind', { enum: ['survey', 'quiz'] }).notNull(),
  points: integer('points').notNull(),
  questions: jsonb('questions').$type<StoredSurveyQuestion[]>().notNull(),
  createdAt: timestamptz('created_at').notNull(),
  publishedAt: timestamptz('published_at'),
  /** The seller closed it (0049): out of the bot's menu, its results kept. */
  closedAt: timestamptz('closed_at'),
});
export type SurveyRow = typeof surveys.$inferSelect;

export const surveyRuns = pgTable(
  'survey_runs',
  {
    surveyId: bigint('survey_id', { mode: 'number' })
      .notNull()
      .references(() => surveys.id),
    buyerTgId: text('buyer_tg_id').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    completedAt: timestamptz('completed_at'),
    score: integer('score'),
    points: integer('points'),
  },
  (table) => [primaryKey({ columns: [table.surveyId, table.buyerTgId] })],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    surveyId: bigint('survey_id', { mode: 'number' }).notNull(),
    buyerTgId: text('buyer_tg_id').notNull(),
    question: integer('question').notNull(),
    option: integer('option'),
    answerText: text('answer_text'),
    answeredAt: timestamptz('answered_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.surveyId, table.buyerTgId, table.question] })],
);

/** 0037_segments.sql: a seller's saved group of one action's shoppers (modules/segments). */
export const segments = pgTable('segments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  name: text('name').notNull(),
  conditions: jsonb('conditions').$type<SegmentConditions>().notNull(),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
export type SegmentRow = typeof segments.$inferSelect;

// ---- the service desk: questions and answers, product guides, warranties ----

export const faqItems = pgTable('faq_items', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  position: integer('position').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  link: text('link'),
  /** Words a typed question is matched by (0049). */
  keywords: text('keywords').array().notNull().default([]),
});
export type FaqItemRow = typeof faqItems.$inferSelect;

export const productRules = pgTable('product_rules', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  position: integer('position').notNull(),
  match: text('match').notNull(),
  guide: text('guide'),
  warrantyMonths: integer('warranty_months'),
  /** The guide's PDF or video: an uploaded guide file or an https link. */
  attachment: jsonb('attachment').$type<GuideAttachment>(),
});
export type ProductRuleRow = typeof productRules.$inferSelect;

/** What an expiry reminder tells, as the database writes it (`expires_at`: a timestamptz in JSON). */
export interface ExpiringPoints {
  points: number;
  expires_at: string;
}

/** A product guide's file as a rule and a buyer notice keep it. */
export interface GuideAttachment {
  kind: 'pdf' | 'video';
  upload_id?: number;
  url?: string;
}

export const guideFiles = pgTable('guide_files', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: ['pdf', 'video'] }).notNull(),
  fileName: text('file_name').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const warranties = pgTable(
  'warranties',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull()
      .references(() => receipts.id),
    itemPosition: integer('item_position').notNull(),
    buyerTgId: text('buyer_tg_id').notNull(),
    itemName: text('item_name').notNull(),
    months: integer('months').notNull(),
    purchasedOn: date('purchased_on', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [unique().on(table.receiptId, table.itemPosition)],
);
export type WarrantyRow = typeof warranties.$inferSelect;

/** Uploaded images kept in the database (migration 0040): the `db` image store. */
export const uploadBlobs = pgTable('upload_blobs', {
  storageKey: text('storage_key').primaryKey(),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png'] }).notNull(),
  byteSize: integer('byte_size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** The database's key check (migration 0045): one value sealed under the key of its first start, read by secrets/at-rest.ts. */
export const secretsKeyCheck = pgTable('secrets_key_check', {
  id: smallint('id').primaryKey(),
  sealed: sealedText('sealed').notNull(),
});

/** A seller's marketplace account (migration 0053): sealed credentials and the import's resumable state. */
export const marketplaceConnections = pgTable('marketplace_connections', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: MARKETPLACES }).notNull(),
  secret: sealedText('secret').notNull(),
  clientId: sealedText('client_id'),
  secretHint: text('secret_hint').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  importStatus: text('import_status', { enum: ['idle', 'queued', 'running', 'waiting', 'failed'] })
    .notNull()
    .default('idle'),
  importCursor: jsonb('import_cursor').$type<Record<string, unknown>>().notNull().default({}),
  importedUntil: timestamptz('imported_until'),
  importError: text('import_error'),
  importNotBefore: timestamptz('import_not_before'),
  lastImportAt: timestamptz('last_import_at'),
});
export type MarketplaceConnectionRow = typeof marketplaceConnections.$inferSelect;

/** One marketplace row of units sold or returned (migration 0053), stored once per marketplace id. */
export const marketplaceSales = pgTable(
  'marketplace_sales',
  {
    connectionId: bigint('connection_id', { mode: 'number' })
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    externalId: text('external_id').notNull(),
    kind: text('kind', { enum: ['sale', 'return'] }).notNull(),
    happenedAt: timestamptz('happened_at').notNull(),
    moscowDay: date('moscow_day', { mode: 'string' }).notNull(),
    productName: text('product_name').notNull(),
    nameKey: text('name_key').notNull(),
    article: text('article'),
    units: integer('units').notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    changedAt: timestamptz('changed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.externalId] })],
);
export type MarketplaceSaleRow = typeof marketplaceSales.$inferSelect;

/** One marketplace order of units (migration 0065), stored once per order id; `cancelledAt` once cancelled. */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    connectionId: bigint('connection_id', { mode: 'number' })
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    externalId: text('external_id').notNull(),
    orderedAt: timestamptz('ordered_at').notNull(),
    moscowDay: date('moscow_day', { mode: 'string' }).notNull(),
    productName: text('product_name').notNull(),
    nameKey: text('name_key').notNull(),
    article: text('article'),
    units: integer('units').notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    cancelledAt: timestamptz('cancelled_at'),
    changedAt: timestamptz('changed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.externalId] })],
);

/** The sums of marketplace_sales per seller, marketplace, day and product name (migration 0064), kept by its triggers. */
export const marketplaceSalesDaily = pgTable('marketplace_sales_daily', {
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
  moscowDay: date('moscow_day', { mode: 'string' }).notNull(),
  nameKey: text('name_key').notNull(),
  productName: text('product_name').notNull(),
  saleRows: integer('sale_rows').notNull(),
  sold: bigint('sold', { mode: 'number' }).notNull(),
  returned: bigint('returned', { mode: 'number' }).notNull(),
});

/** A seller's webhook endpoint (migration 0054): its address, events, sealed secret and health. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  projectId: integer('project_id').references(() => projects.id),
  url: text('url').notNull(),
  events: text('events').array().$type<WebhookEvent[]>().notNull(),
  secret: sealedText('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  failingSince: timestamptz('failing_since'),
  disabledAt: timestamptz('disabled_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** One event for one endpoint (migration 0054): the webhooks' outbox. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  endpointId: bigint('endpoint_id', { mode: 'number' })
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  /** The `webhook-id` header, made by the database for rows the triggers write too. */
  eventId: text('event_id')
    .notNull()
    .default(sql`('msg_' || replace(gen_random_uuid()::text, '-', ''))`),
  type: text('type').notNull(),
  subject: bigint('subject', { mode: 'number' }),
  data: jsonb('data'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  responseStatus: integer('response_status'),
  lastAttemptAt: timestamptz('last_attempt_at'),
});
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
/** A seller's API key (migration 0055): only its hash, start and last four characters are stored. */
export const apiKeys = pgTable('api_keys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  name: text('name').notNull(),
  scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  keyLast4: text('key_last4').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastUsedAt: timestamptz('last_used_at'),
  deletedAt: timestamptz('deleted_at'),
});
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A POST of the seller API under an Idempotency-Key (migration 0055): the answer a replay gets. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status'),
    response: jsonb('response'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.apiKeyId, table.idempotencyKey] })],
);
/** A person in a seller's team (the seller's own account is the owner and has no row). */
export const teamMembers = pgTable(
  'team_members',
  {
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<MemberRole>().notNull(),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sellerId, table.memberId] })],
);

export const teamInvitations = pgTable('team_invitations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  sellerId: integer('seller_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').$type<MemberRole>().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  acceptedAt: timestamptz('accepted_at'),
  acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  revokedAt: timestamptz('revoked_at'),
});
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  sellerId: integer('seller_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  actorApiKeyId: bigint('actor_api_key_id', { mode: 'number' }),
  actorName: text('actor_name').notNull(),
  action: text('action').notNull(),
  subject: text('subject').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type AuditLogRow = typeof auditLog.$inferSelect;
