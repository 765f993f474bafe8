import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import {
  mailingSchedules,
  projects,
  shopProducts,
  shopSettings,
  type MailingScheduleRow,
  type ScheduledMailingButton,
} from '../../db/schema.js';

// Scheduled and regular mailings. Every read for the cabinet takes the seller's id: another
// seller's schedule is simply not found.

export interface NewSchedule {
  sellerId: number;
  sender: { botToken: string } | { projectId: number };
  text: string;
  parseMode: 'HTML' | 'MarkdownV2' | null;
  imageUrl: string | null;
  button: ScheduledMailingButton | null;
  chatIds: string[];
  /** Its shoppers are resolved at each run (with `chatIds`); needs the action's bot. */
  segmentId: number | null;
  repeat: 'weekly' | 'monthly' | null;
  firstRunAt: Date;
}

export interface ScheduleWithProject {
  schedule: MailingScheduleRow;
  projectName: string | null;
}

const withProject = {
  schedule: mailingSchedules,
  projectName: sql<string | null>`(SELECT ${projects.name} FROM ${projects} WHERE ${projects.id} = ${mailingSchedules.projectId})`,
};

export async function insertSchedule(db: Db, schedule: NewSchedule): Promise<number> {
  const [row] = await db
    .insert(mailingSchedules)
    .values({
      userId: schedule.sellerId,
      botToken: 'botToken' in schedule.sender ? schedule.sender.botToken : null,
      projectId: 'projectId' in schedule.sender ? schedule.sender.projectId : null,
      text: schedule.text,
      parseMode: schedule.parseMode,
      imageUrl: schedule.imageUrl,
      button: schedule.button,
      chatIds: schedule.chatIds.map(Number),
      segmentId: schedule.segmentId,
      repeat: schedule.repeat,
      firstRunAt: schedule.firstRunAt,
      nextRunAt: schedule.firstRunAt,
    })
    .returning({ id: mailingSchedules.id });
  return row!.id;
}

export async function findSchedule(db: Db, sellerId: number, scheduleId: number): Promise<ScheduleWithProject | undefined> {
  const [row] = await db
    .select(withProject)
    .from(mailingSchedules)
    .where(and(eq(mailingSchedules.id, scheduleId), eq(mailingSchedules.userId, sellerId)));
  return row;
}

export async function listSchedules(db: Db, sellerId: number, limit: number): Promise<ScheduleWithProject[]> {
  return db
    .select(withProject)
    .from(mailingSchedules)
    .where(eq(mailingSchedules.userId, sellerId))
    .orderBy(desc(mailingSchedules.id))
    .limit(limit);
}

/** Stops the future runs; a run already made goes on as its own mailing. False: it was not scheduled any more. */
export async function cancelSchedule(db: Db, scheduleId: number): Promise<boolean> {
  const rows = await db
    .update(mailingSchedules)
    .set({ status: 'cancelled', nextRunAt: null, cancelledAt: sql`now()` })
    .where(and(eq(mailingSchedules.id, scheduleId), eq(mailingSchedules.status, 'scheduled')))
    .returning({ id: mailingSchedules.id });
  return rows.length > 0;
}

/** Schedules whose next run is due by `now` (the product's clock). */
export async function listDueSchedules(db: Db, now: Date, limit: number): Promise<MailingScheduleRow[]> {
  return db
    .select()
    .from(mailingSchedules)
    .where(and(eq(mailingSchedules.status, 'scheduled'), sql`${mailingSchedules.nextRunAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(mailingSchedules.nextRunAt)
    .limit(limit);
}

/**
 * Claims the run due at `dueAt`: moves the schedule on to `next` (null: it is over) only while it
 * still waits for exactly that run, so of two instances (or a retried job) one wins; the loser
 * gets nothing. Runs in the transaction that writes the run's mailing.
 */
export async function claimRun(tx: Executor, scheduleId: number, dueAt: Date, next: Date | null): Promise<boolean> {
  const rows = await tx
    .update(mailingSchedules)
    .set({
      nextRunAt: next,
      runs: sql`${mailingSchedules.runs} + 1`,
      status: next ? 'scheduled' : 'done',
    })
    .where(
      and(
        eq(mailingSchedules.id, scheduleId),
        eq(mailingSchedules.status, 'scheduled'),
        sql`${mailingSchedules.nextRunAt} = ${dueAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: mailingSchedules.id });
  return rows.length > 0;
}

/** What a run needs of its action: the bot (null once removed or the action deleted) and its shop's token. */
export async function findRunAction(
  db: Executor,
  projectId: number,
): Promise<{ botId: number | null; botToken: string | null; shopToken: string | null; deleted: boolean } | undefined> {
  const [row] = await db
    .select({
      botId: projects.telegramBotId,
      botToken: projects.telegramBotToken,
      deletedAt: projects.deletedAt,
      shopToken: shopSettings.token,
    })
    .from(projects)
    .leftJoin(shopSettings, eq(shopSettings.projectId, projects.id))
    .where(eq(projects.id, projectId));
  return row && { botId: row.botId, botToken: row.botToken, shopToken: row.shopToken, deleted: row.deletedAt !== null };
}

/** A live product of this action's shop (an announcement's button opens it). */
export async function productOfAction(db: Executor, projectId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shopProducts.id })
    .from(shopProducts)
    .where(and(eq(shopProducts.id, productId), eq(shopProducts.projectId, projectId), sql`${shopProducts.deletedAt} IS NULL`));
  return row !== undefined;
}
