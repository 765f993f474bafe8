import { fillMessage, messages } from '../../../contract/messages.js';
import type { Survey, SurveyDraft, SurveyResults } from '../../../contract/surveys.js';
import type { AuditAction } from '../../../contract/audit.js';
import type { Db, Executor } from '../../db/connection.js';
import type { SurveyRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { moscowDay } from '../analytics/period.js';
import { findLiveProject } from '../actions/repository.js';
import { changedValues } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import * as repo from './repository.js';
import { attachment, csvDateTime, csvFile, csvText } from '../../csv.js';

// The seller's side of surveys and quizzes: build a draft, change it until it is published,
// publish it (the bot offers it from then on), close it (the bot stops offering it), read the
// results and their CSV.

const m = messages.surveys;

export interface SurveyDeps {
  db: Db;
  now: () => Date;
}

const notFound = () => new AppError('not_found', m.notFound);
const actionNotFound = () => new AppError('not_found', messages.actions.notFound);

function present(row: SurveyRow, counts: repo.SurveyCounts): Survey {
  return {
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    kind: row.kind,
    points: row.points,
    questions: row.questions,
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    participants: counts.participants,
    completed: counts.completed,
  };
}

export async function createSurvey(
  deps: SurveyDeps,
  sellerId: number,
  projectId: number,
  draft: SurveyDraft,
  actor: AuditActor,
): Promise<{ message: string; survey: Survey }> {
  if (!(await findLiveProject(deps.db, sellerId, projectId))) throw actionNotFound();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertSurvey(tx, projectId, draft, deps.now());
    await logSurvey(tx, { sellerId, actor, action: 'survey.create', survey: inserted, before: null, after: loggedDraft(inserted) });
    return inserted;
  });
  return { message: m.created, survey: present(row, { participants: 0, completed: 0 }) };
}

/** What the audit log holds of a survey's content. */
const loggedDraft = (row: SurveyRow): Record<string, unknown> => ({
  title: row.title,
  kind: row.kind,
  points: row.points,
  questions: row.questions,
});

function logSurvey(
  tx: Executor,
  entry: { sellerId: number; actor: AuditActor; action: AuditAction; survey: SurveyRow; before: unknown; after: unknown },
) {
  const { survey, ...record } = entry;
  return recordAudit(tx, { ...record, subject: fillMessage(messages.audit.subjectSurvey, { title: survey.title }) });
}

/** A draft only: once published, shoppers' answers refer to its questions by number. */
export async function updateSurvey(
  deps: SurveyDeps,
  sellerId: number,
  surveyId: number,
  draft: SurveyDraft,
  actor: AuditActor,
): Promise<{ message: string; survey: Survey }> {
  return deps.db.transaction(async (tx) => {
    const current = await repo.ownSurvey(tx, sellerId, surveyId, true);
    if (!current) throw notFound();
    if (current.publishedAt) throw new AppError('conflict', m.publishedLocked);
    const row = await repo.updateDraft(tx, surveyId, draft);
    await logSurvey(tx, {
      sellerId,
      actor,
      action: 'survey.update',
      survey: current,
      ...changedValues(loggedDraft(current), loggedDraft(row)),
    });
    return { message: m.updated, survey: present(row, { participants: 0, completed: 0 }) };
  });
}

/** Publishing twice is harmless: the survey keeps its first publication. A closed one stays closed. */
export async function publishSurvey(
  deps: SurveyDeps,
  sellerId: number,
  surveyId: number,
  actor: AuditActor,
): Promise<{ message: string; survey: Survey }> {
  return deps.db.transaction(async (tx) => {
    const current = await repo.ownSurvey(tx, sellerId, surveyId, true);
    if (!current) throw notFound();
    if (current.closedAt) throw new AppError('conflict', m.closedLocked);
    const row = await repo.publish(tx, surveyId, deps.now());
    await logSurvey(tx, {
      sellerId,
      actor,
      action: 'survey.publish',
      survey: current,
      before: { publishedAt: current.publishedAt?.toISOString() ?? null },
      after: { publishedAt: row.publishedAt?.toISOString() ?? null },
    });
    return { message: fillMessage(m.published, { title: row.title }), survey: present(row, await repo.countRuns(tx, surveyId)) };
  });
}

/**
 * Retires a published survey: the bot's menu drops it and a shopper halfway through is told it is
 * gone, while its runs, answers and CSV stay. Closing twice is harmless (the first time is kept).
 */
export async function closeSurvey(
  deps: SurveyDeps,
  sellerId: number,
  surveyId: number,
  actor: AuditActor,
): Promise<{ message: string; survey: Survey }> {
  return deps.db.transaction(async (tx) => {
    const current = await repo.ownSurvey(tx, sellerId, surveyId, true);
    if (!current) throw notFound();
    if (!current.publishedAt) throw new AppError('conflict', m.closeDraft);
    const row = await repo.close(tx, surveyId, deps.now());
    await logSurvey(tx, {
      sellerId,
      actor,
      action: 'survey.close',
      survey: current,
      before: { closedAt: current.closedAt?.toISOString() ?? null },
      after: { closedAt: row.closedAt?.toISOString() ?? null },
    });
    return { message: fillMessage(m.closed, { title: row.title }), survey: present(row, await repo.countRuns(tx, surveyId)) };
  });
}

export async function listSurveys(deps: SurveyDeps, sellerId: number, projectId: number): Promise<{ surveys: Survey[] }> {
  if (!(await findLiveProject(deps.db, sellerId, projectId))) throw actionNotFound();
  const rows = await repo.listSurveys(deps.db, projectId);
  return { surveys: rows.map((row) => present(row, row)) };
}

const nameOf = (buyer: { firstName: string | null; username: string | null }) =>
  buyer.firstName ?? (buyer.username ? `@${buyer.username}` : null);

export async function surveyResults(deps: SurveyDeps, sellerId: number, surveyId: number): Promise<SurveyResults> {
  const survey = await repo.ownSurvey(deps.db, sellerId, surveyId);
  if (!survey) throw notFound();
  const [answers, runs] = await Promise.all([repo.readAnswers(deps.db, surveyId), repo.readRuns(deps.db, surveyId)]);
  const questions = survey.questions.map((question, index) => {
    const given = answers.filter((answer) => answer.question === index);
    return {
      text: question.text,
      answered: given.length,
      options: question.options.map((text, option) => ({
        text,
        count: given.filter((answer) => answer.option === option).length,
        correct: question.correct === option,
      })),
      free_texts: given.flatMap((answer) =>
        answer.text === null ? [] : [{ buyer_tg_id: answer.buyerTgId, buyer_name: nameOf(answer), text: answer.text }],
      ),
    };
  });
  const takers = runs.map((run) => ({
    buyer_tg_id: run.buyerTgId,
    buyer_name: nameOf(run),
    answered: Number(run.answered),
    started_at: run.startedAt.toISOString(),
    completed_at: run.completedAt?.toISOString() ?? null,
    score: run.score,
    points: run.points,
  }));
  const completed = runs.filter((run) => run.completedAt !== null).length;
  return { survey: present(survey, { participants: runs.length, completed }), questions, takers };
}

/** One line per answer: who, which question, what they answered (a quiz: whether it was right), when. */
export async function surveyResultsCsv(
  deps: SurveyDeps,
  sellerId: number,
  surveyId: number,
): Promise<{ disposition: string; body: string }> {
  const survey = await repo.ownSurvey(deps.db, sellerId, surveyId);
  if (!survey) throw notFound();
  const answers = await repo.readAnswers(deps.db, surveyId);
  const quiz = survey.kind === 'quiz';
  const header = [m.csvBuyer, m.csvName, m.csvQuestion, m.csvAnswer, ...(quiz ? [m.csvCorrect] : []), m.csvAnsweredAt];
  const rows = answers.map((answer) => {
    const question = survey.questions[answer.question];
    const given = answer.text ?? (answer.option === null ? undefined : question?.options[answer.option]);
    const right = question?.correct === answer.option ? m.csvYes : m.csvNo;
    return [
      csvText(answer.buyerTgId),
      csvText(nameOf(answer)),
      csvText(`${answer.question + 1}. ${question?.text ?? ''}`),
      csvText(given ?? null),
      ...(quiz ? [right] : []),
      csvDateTime(answer.answeredAt),
    ];
  });
  return { disposition: attachment(`scanapp-survey-${surveyId}-${moscowDay(deps.now())}.csv`), body: csvFile(header, rows) };
}
