import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SurveyDraft } from '../../../contract/surveys.js';
import type { Executor } from '../../db/connection.js';
import { projects, surveyAnswers, surveyRuns, surveys, telegramBuyers, type SurveyRow } from '../../db/schema.js';

// The cabinet's reads and writes start from the seller's own live action (`ownSurvey` here, the
// actions module's `findLiveProject` in the service), so another seller's survey is not found and
// nothing of it is touched. The bot's start from the action it answers for and see published
// surveys the seller has not closed only.

// Joined into the survey's own lookup: one statement finds the survey and checks its action.
const ownLiveAction = (sellerId: number) => and(eq(projects.userId, sellerId), isNull(projects.deletedAt));

/** The seller's survey, locked when `forUpdate` (an edit and a publish of one draft must not cross). */
export async function ownSurvey(db: Executor, sellerId: number, surveyId: number, forUpdate = false): Promise<SurveyRow | undefined> {
  const query = db
    .select({ survey: surveys })
    .from(surveys)
    .innerJoin(projects, eq(projects.id, surveys.projectId))
    .where(and(eq(surveys.id, surveyId), ownLiveAction(sellerId)));
  const [row] = await (forUpdate ? query.for('update', { of: surveys }) : query);
  return row?.survey;
}

export async function insertSurvey(db: Executor, projectId: number, draft: SurveyDraft, now: Date): Promise<SurveyRow> {
  const [row] = await db
    .insert(surveys)
    .values({ projectId, title: draft.title, kind: draft.kind, points: draft.points, questions: draft.questions, createdAt: now })
    .returning();
  return row!;
}

export async function updateDraft(db: Executor, surveyId: number, draft: SurveyDraft): Promise<SurveyRow> {
  const [row] = await db
    .update(surveys)
    .set({ title: draft.title, kind: draft.kind, points: draft.points, questions: draft.questions })
    .where(and(eq(surveys.id, surveyId), isNull(surveys.publishedAt)))
    .returning();
  return row!;
}

/** Publishes a draft; a published survey keeps its first publication time. */
export async function publish(db: Executor, surveyId: number, now: Date): Promise<SurveyRow> {
  const [row] = await db
    .update(surveys)
    .set({ publishedAt: sql`coalesce(${surveys.publishedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(surveys.id, surveyId))
    .returning();
  return row!;
}

/** Closes a published survey; a closed one keeps its first closing time. */
export async function close(db: Executor, surveyId: number, now: Date): Promise<SurveyRow> {
  const [row] = await db
    .update(surveys)
    .set({ closedAt: sql`coalesce(${surveys.closedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(surveys.id, surveyId))
    .returning();
  return row!;
}

export interface SurveyCounts {
  participants: number;
  completed: number;
}

/** The action's surveys, newest first, with how many shoppers started and finished each. */
export async function listSurveys(db: Executor, projectId: number): Promise<(SurveyRow & SurveyCounts)[]> {
  const rows = await db
    .select({
      survey: surveys,
      participants: sql<number>`(SELECT count(*)::int FROM survey_runs r WHERE r.survey_id = ${surveys.id})`,
      completed: sql<number>`(SELECT count(*)::int FROM survey_runs r WHERE r.survey_id = ${surveys.id} AND r.completed_at IS NOT NULL)`,
    })
    .from(surveys)
    .where(eq(surveys.projectId, projectId))
    .orderBy(desc(surveys.id));
  return rows.map((row) => ({ ...row.survey, participants: Number(row.participants), completed: Number(row.completed) }));
}

export async function countRuns(db: Executor, surveyId: number): Promise<SurveyCounts> {
  const [row] = await db
    .select({ participants: count(), completed: count(surveyRuns.completedAt) })
    .from(surveyRuns)
    .where(eq(surveyRuns.surveyId, surveyId));
  return { participants: Number(row?.participants ?? 0), completed: Number(row?.completed ?? 0) };
}

/** Every answer of a survey with its shopper's name, in the order given (the results and their CSV). */
export async function readAnswers(db: Executor, surveyId: number) {
  return db
    .select({
      buyerTgId: surveyAnswers.buyerTgId,
      question: surveyAnswers.question,
      option: surveyAnswers.option,
      text: surveyAnswers.answerText,
      answeredAt: surveyAnswers.answeredAt,
      firstName: telegramBuyers.firstName,
      username: telegramBuyers.username,
    })
    .from(surveyAnswers)
    .leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, surveyAnswers.buyerTgId))
    .where(eq(surveyAnswers.surveyId, surveyId))
    .orderBy(asc(surveyAnswers.answeredAt), asc(surveyAnswers.buyerTgId), asc(surveyAnswers.question));
}

export async function readRuns(db: Executor, surveyId: number) {
  return db
    .select({
      buyerTgId: surveyRuns.buyerTgId,
      startedAt: surveyRuns.startedAt,
      completedAt: surveyRuns.completedAt,
      score: surveyRuns.score,
      points: surveyRuns.points,
      answered: sql<number>`(SELECT count(*)::int FROM survey_answers a WHERE a.survey_id = ${surveyRuns.surveyId} AND a.buyer_tg_id = ${surveyRuns.buyerTgId})`,
      firstName: telegramBuyers.firstName,
      username: telegramBuyers.username,
    })
    .from(surveyRuns)
    .leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, surveyRuns.buyerTgId))
    .where(eq(surveyRuns.surveyId, surveyId))
    .orderBy(asc(surveyRuns.startedAt), asc(surveyRuns.buyerTgId));
}

// ---- the bot ----

/** The bot's menu offers at most this many surveys, the newest published first. */
const MENU_SURVEYS = 10;

/** The surveys the bot offers: published and not closed. */
export async function publishedSurveys(db: Executor, projectId: number): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.projectId, projectId), isNotNull(surveys.publishedAt), isNull(surveys.closedAt)))
    .orderBy(desc(surveys.publishedAt), desc(surveys.id))
    .limit(MENU_SURVEYS);
}

export async function publishedSurvey(db: Executor, projectId: number, surveyId: number): Promise<SurveyRow | undefined> {
  const [row] = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.projectId, projectId), isNotNull(surveys.publishedAt), isNull(surveys.closedAt)));
  return row;
}

/** Starts the shopper's run (a second start finds the first); answers it with its answers so far. */
export async function startRun(db: Executor, surveyId: number, buyerTgId: string, now: Date) {
  await db.insert(surveyRuns).values({ surveyId, buyerTgId, startedAt: now }).onConflictDoNothing();
  return (await readRun(db, surveyId, buyerTgId))!;
}

/** The shopper's run with its answers so far; undefined before they opened the survey. */
export async function readRun(db: Executor, surveyId: number, buyerTgId: string) {
  const [run] = await db
    .select({ completedAt: surveyRuns.completedAt })
    .from(surveyRuns)
    .where(and(eq(surveyRuns.surveyId, surveyId), eq(surveyRuns.buyerTgId, buyerTgId)));
  if (!run) return undefined;
  const answers = await db
    .select({ question: surveyAnswers.question, option: surveyAnswers.option })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.surveyId, surveyId), eq(surveyAnswers.buyerTgId, buyerTgId)));
  return { completed: run.completedAt !== null, answers };
}

/** Stores an answer unless that question has one already (a redelivered press changes nothing). */
export async function insertAnswer(
  db: Executor,
  answer: { surveyId: number; buyerTgId: string; question: number; option: number | null; text: string | null; at: Date },
): Promise<void> {
  await db
    .insert(surveyAnswers)
    .values({
      surveyId: answer.surveyId,
      buyerTgId: answer.buyerTgId,
      question: answer.question,
      option: answer.option,
      answerText: answer.text,
      answeredAt: answer.at,
    })
    .onConflictDoNothing();
}

/** Marks the run completed; false when it already was (only the first completion pays). */
export async function completeRun(
  db: Executor,
  run: { surveyId: number; buyerTgId: string; score: number | null; points: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(surveyRuns)
    .set({ completedAt: run.at, score: run.score, points: run.points })
    .where(and(eq(surveyRuns.surveyId, run.surveyId), eq(surveyRuns.buyerTgId, run.buyerTgId), isNull(surveyRuns.completedAt)))
    .returning({ surveyId: surveyRuns.surveyId });
  return rows.length > 0;
}
