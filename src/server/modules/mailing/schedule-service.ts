import { mailingScheduledMessage, SEND_AT_MAX_AHEAD_MS, SEND_AT_MIN_AHEAD_MS } from '../../../contract/mailing-schedule.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Db, Executor } from '../../db/connection.js';
import type { MailingScheduleRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { botIdOf } from '../../integrations/telegram/token.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { checkedButton, resolveButton } from './button.js';
import { presentSchedule } from './presenter.js';
import { segmentRecipientsQuery, type SegmentDeps } from '../segments/service.js';
import { insertMailingIn } from './repository.js';
import * as repo from './schedule-repository.js';
import { nextRunAfter } from './schedule-time.js';
import {
  checkAnnouncementImage,
  mailingLogged,
  requireActionBot,
  resolveSendToken,
  type MailingDeps,
  type MailingQueue,
  type SendMailingInput,
} from './service.js';

const m = messages.mailingSchedule;
/** Due runs started per job run; more wait for the next minute. */
const RUNS_PER_PASS = 100;

/**
 * Stores a mailing for later (once at `sendAt`, or from then on every week or month). Nothing
 * is sent now; the bot and button are checked now, so a mistake shows at once, not at the run.
 */
export async function scheduleMailing(
  deps: MailingDeps,
  sellerId: number,
  input: SendMailingInput & { sendAt: Date; repeat: 'weekly' | 'monthly' | null },
  actor: AuditActor,
) {
  const now = deps.now().getTime();
  if (input.sendAt.getTime() < now + SEND_AT_MIN_AHEAD_MS) throw new AppError('bad_request', m.sendAtTooSoon);
  if (input.sendAt.getTime() > now + SEND_AT_MAX_AHEAD_MS) throw new AppError('bad_request', m.sendAtTooFar);
  const sender = input.projectId
    ? { projectId: (await requireActionBot(deps.db, sellerId, input.projectId)).projectId }
    : { botToken: await resolveSendToken(deps, sellerId, input.botToken ?? '') };
  await checkedButton(deps, input.projectId, input.button);
  await checkAnnouncementImage(deps, sellerId, input);
  // The segment is checked now (this seller's, this action's); an empty one may fill up by the run.
  if (input.segmentId !== null && input.projectId !== null) await segmentRecipientsQuery(deps, sellerId, input.segmentId, input.projectId);
  const id = await deps.db.transaction(async (tx: Executor) => {
    const inserted = await repo.insertSchedule(tx, {
      sellerId,
      sender,
      text: input.text,
      parseMode: input.parseMode,
      imageUrl: input.imageUrl,
      button: input.button ?? null,
      chatIds: input.recipientIds,
      segmentId: input.projectId !== null ? input.segmentId : null,
      repeat: input.repeat,
      firstRunAt: input.sendAt,
    });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'mailing.schedule',
      subject: fillMessage(messages.audit.subjectSchedule, { id: inserted }),
      before: null,
      after: { ...mailingLogged(input, input.recipientIds.length), sendAt: input.sendAt.toISOString(), repeat: input.repeat },
    });
    return inserted;
  });
  const schedule = presentSchedule((await repo.findSchedule(deps.db, sellerId, id))!);
  return { message: mailingScheduledMessage(schedule), schedule };
}

/** Stops a schedule's future runs; a run already started goes on (it has its own cancel). */
export async function cancelMailingSchedule(db: Db, sellerId: number, scheduleId: number, actor: AuditActor) {
  const schedule = await repo.findSchedule(db, sellerId, scheduleId);
  if (!schedule) throw new AppError('not_found', m.scheduleNotFound);
  const cancelled = await db.transaction(async (tx: Executor) => {
    if (!(await repo.cancelSchedule(tx, scheduleId))) return false;
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'mailing.schedule_cancel',
      subject: fillMessage(messages.audit.subjectSchedule, { id: scheduleId }),
      before: { status: schedule.schedule.status },
      after: { status: 'cancelled' },
    });
    return true;
  });
  if (!cancelled) throw new AppError('conflict', m.scheduleNotActive);
  return { message: m.scheduleCancelled, schedule: presentSchedule((await repo.findSchedule(db, sellerId, scheduleId))!) };
}

export interface ScheduleRunDeps extends Pick<SegmentDeps, 'segmentConditions'> {
  db: Db;
  now: () => Date;
  publicUrl: string;
  webAppButtons: boolean;
  segmentBatch: number;
  queue: MailingQueue;
  log: { warn(data: object, message: string): void };
}

/**
 * Starts every due run: each becomes an ordinary mailing (recipients resolved now) written in the
 * transaction that claims the run, so a run is made once however many instances try, and a crash
 * before the commit leaves the run due for the next pass. Answers the mailings started.
 */
export async function runDueSchedules(deps: ScheduleRunDeps): Promise<number[]> {
  const now = deps.now();
  const started: number[] = [];
  for (const schedule of await repo.listDueSchedules(deps.db, now, RUNS_PER_PASS)) {
    const mailingId = await runOnce(deps, schedule, now);
    if (mailingId !== null) started.push(mailingId);
  }
  // Delivered by the mailing jobs; were this lost in a crash, the resume job finds the idle mailing.
  for (const mailingId of started) await deps.queue.deliverLater(mailingId);
  return started;
}

async function runOnce(deps: ScheduleRunDeps, schedule: MailingScheduleRow, now: Date): Promise<number | null> {
  const dueAt = schedule.nextRunAt!;
  const next = schedule.repeat ? nextRunAfter(schedule.firstRunAt, schedule.repeat, now) : null;
  return deps.db.transaction(async (tx: Executor) => {
    if (!(await repo.claimRun(tx, schedule.id, dueAt, next))) return null;
    const sender = await senderOf(tx, schedule);
    const button = await resolveButton({ ...deps, db: tx }, schedule.projectId, schedule.button);
    // A savepoint: a run that finds nobody leaves no mailing, while its claim above stays made.
    const written = await tx
      .transaction(async (run: Executor) => {
        const mailing = await insertMailingIn(run, {
          sellerId: schedule.userId,
          sender: sender.sender,
          botId: sender.botId,
          text: schedule.text,
          parseMode: schedule.parseMode,
          imageUrl: schedule.imageUrl,
          button,
          chatIds: schedule.chatIds.map(String),
          segment: await runSegment({ ...deps, db: tx }, schedule),
          run: { scheduleId: schedule.id, at: dueAt },
        });
        if (mailing.total === 0) throw new NobodyToMail();
        return mailing;
      })
      .catch((error: unknown) => {
        if (error instanceof NobodyToMail) return null;
        throw error;
      });
    if (!written) {
      deps.log.warn({ scheduleId: schedule.id }, 'scheduled mailing run skipped: its segment has no shoppers and no ids were given');
      return null;
    }
    if (schedule.button && !button)
      deps.log.warn({ scheduleId: schedule.id }, 'scheduled mailing goes without its shop button: the shop is gone');
    return written.id;
  });
}

/** A run with no recipients: its mailing is rolled back to the savepoint. */
class NobodyToMail extends Error {}

/**
 * The bot of a run: the schedule's mailing bot, or its action's current one. An action that lost
 * its bot still gets the run as a mailing, which delivery then fails with the reason for everyone,
 * so the seller sees why in the history instead of a silent gap.
 */
async function senderOf(tx: Executor, schedule: MailingScheduleRow) {
  if (schedule.botToken) return { sender: { botToken: schedule.botToken }, botId: botIdOf(schedule.botToken) };
  const action = await repo.findRunAction(tx, schedule.projectId!);
  return { sender: { projectId: schedule.projectId! }, botId: action?.botId ?? 0 };
}

/**
 * A run's segment: its shoppers at the time of the run, every one of them, written with the ids
 * given. A segment deleted since leaves the ids given; the run is refused no more than a mailing would be.
 */
async function runSegment(deps: ScheduleRunDeps, schedule: MailingScheduleRow) {
  if (schedule.segmentId === null || schedule.projectId === null) return undefined;
  try {
    const { shoppers } = await segmentRecipientsQuery(deps, schedule.userId, schedule.segmentId, schedule.projectId);
    return { shoppers, batch: deps.segmentBatch };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn(
      { scheduleId: schedule.id, segmentId: schedule.segmentId },
      'scheduled mailing’s segment is gone: the run goes to the ids given',
    );
    return undefined;
  }
}
