import type { InlineKeyboardButton } from 'grammy/types';
import { fillMessage, messages } from '../../../contract/messages.js';
import { SURVEY_ANSWER_MAX } from '../../../contract/surveys.js';
import type { SurveyRow } from '../../db/schema.js';
import { pointsExpiry } from '../points/earning.js';
import { movePoints } from '../points/repository.js';
import { isBuyerBlocked } from '../trust/repository.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import type { DialogPress, FeatureContext, FeatureReply } from '../../platform/bot-feature.js';
import * as repo from './repository.js';

// The shopper's side: open a survey from the menu → ask the first unanswered question (buttons,
// or wait for a typed answer) → store the answer → ask the next → on the last one, complete and
// pay once. Pressing the survey again later resumes where the shopper stopped.

const m = messages.surveys;

export const SURVEY_KEY = 'survey';

/** Callback data (ids, never texts; far under Telegram's 64 bytes): open a survey, answer its question with an option. */
export const openData = (surveyId: number) => `${SURVEY_KEY}:o:${surveyId}`;
const answerData = (surveyId: number, question: number, option: number) => `${SURVEY_KEY}:a:${surveyId}:${question}:${option}`;

/** What the shopper's typed answer belongs to, kept as their chat step. */
interface TextStep {
  survey: number;
  question: number;
}

type Answers = { question: number; option: number | null }[];

export async function openSurvey(context: FeatureContext, surveyId: number): Promise<FeatureReply> {
  const survey = await repo.publishedSurvey(context.deps.db, context.action.id, surveyId);
  if (!survey) return { text: m.gone };
  const run = await repo.startRun(context.deps.db, survey.id, context.buyer.tgId, context.now);
  if (run.completed) return { text: fillMessage(m.alreadyTaken, { title: survey.title }) };
  return askNext(context, survey, run.answers);
}

/** A pressed option, or a typed answer (`option` null). An answer to any but the current question just asks the current one again. */
export async function answerSurvey(
  context: FeatureContext,
  surveyId: number,
  question: number,
  answer: { option: number } | { text: string },
): Promise<FeatureReply> {
  const { db } = context.deps;
  const survey = await repo.publishedSurvey(db, context.action.id, surveyId);
  if (!survey) return { text: m.gone };
  const run = await repo.startRun(db, survey.id, context.buyer.tgId, context.now);
  if (run.completed) return { text: fillMessage(m.alreadyTaken, { title: survey.title }) };
  const current = firstUnanswered(survey, run.answers);
  const asked = survey.questions[question];
  const fits =
    question === current && asked !== undefined && ('option' in answer ? answer.option < asked.options.length : asked.options.length === 0);
  if (!fits) return askNext(context, survey, run.answers);
  if ('text' in answer && (answer.text.length === 0 || answer.text.length > SURVEY_ANSWER_MAX)) return { text: m.answerEmpty };
  const option = 'option' in answer ? answer.option : null;
  await repo.insertAnswer(db, {
    surveyId,
    buyerTgId: context.buyer.tgId,
    question,
    option,
    text: 'text' in answer ? answer.text : null,
    at: context.now,
  });
  return askNext(context, survey, [...run.answers, { question, option }]);
}

/**
 * A pressed option of a run still open: the current question's answer, or a repeated or old press
 * (a double tap, a button of a question answered already) that is dropped without an answer.
 */
export async function surveyDialogPress(
  context: FeatureContext,
  surveyId: number,
  question: number,
  option: number,
): Promise<DialogPress | undefined> {
  const { db } = context.deps;
  const survey = await repo.publishedSurvey(db, context.action.id, surveyId);
  const run = survey && (await repo.readRun(db, survey.id, context.buyer.tgId));
  if (!survey || !run || run.completed) return undefined;
  const current = firstUnanswered(survey, run.answers);
  const asked = survey.questions[current];
  return question === current && asked !== undefined && option < asked.options.length ? 'answer' : 'stale';
}

export function readTextStep(step: Record<string, unknown>): TextStep | null {
  const { survey, question } = step;
  return typeof survey === 'number' && typeof question === 'number' ? { survey, question } : null;
}

function firstUnanswered(survey: SurveyRow, answers: Answers): number {
  const answered = new Set(answers.map((answer) => answer.question));
  const index = survey.questions.findIndex((_, question) => !answered.has(question));
  return index === -1 ? survey.questions.length : index;
}

async function askNext(context: FeatureContext, survey: SurveyRow, answers: Answers): Promise<FeatureReply> {
  const index = firstUnanswered(survey, answers);
  const question = survey.questions[index];
  if (!question) {
    await context.clearStep();
    return complete(context, survey, answers);
  }
  const text = fillMessage(m.question, { title: survey.title, n: index + 1, total: survey.questions.length, text: question.text });
  if (question.options.length === 0) {
    await context.setStep({ survey: survey.id, question: index } satisfies TextStep);
    return { text: `${text}\n\n${m.freeTextHint}` };
  }
  // A typed answer waited for by an earlier question (of this or another survey) is not awaited any more.
  await context.clearStep();
  const buttons: InlineKeyboardButton[][] = question.options.map((option, position) => [
    { text: option, callback_data: answerData(survey.id, index, position) },
  ]);
  return { text, buttons };
}

/**
 * Completes the run and pays in one transaction; a run completed already (a second instance, a
 * redelivery) pays nothing. A shopper the seller blocked completes it (the answers are the seller's)
 * and earns nothing.
 */
async function complete(context: FeatureContext, survey: SurveyRow, answers: Answers): Promise<FeatureReply> {
  const { action, buyer, now } = context;
  const score =
    survey.kind === 'quiz'
      ? answers.filter((answer) => answer.option !== null && survey.questions[answer.question]?.correct === answer.option).length
      : null;
  const blocked = await isBuyerBlocked(context.deps.db, action.id, buyer.tgId);
  const points = blocked ? 0 : score === null ? survey.points : score * survey.points;
  const total = survey.questions.length;
  const paid = await context.deps.db.transaction(async (tx) => {
    if (!(await repo.completeRun(tx, { surveyId: survey.id, buyerTgId: buyer.tgId, score, points, at: now }))) return undefined;
    await queueWebhookEvent(tx, {
      sellerId: action.userId,
      projectId: action.id,
      type: 'survey.completed',
      data: completionData(survey, { buyerTgId: buyer.tgId, answers, score, points, at: now }),
      at: now,
    });
    if (points === 0) return null;
    return movePoints(tx, {
      projectId: action.id,
      buyerTgId: buyer.tgId,
      delta: points,
      kind: survey.kind,
      actor: 'system',
      reason:
        score === null
          ? fillMessage(m.ledgerSurvey, { title: survey.title })
          : fillMessage(m.ledgerQuiz, { title: survey.title, score, total }),
      reference: `survey:${survey.id}:${buyer.tgId}`,
      at: now,
      expiresAt: pointsExpiry(action, now),
    });
  });
  if (paid === undefined) return { text: fillMessage(m.alreadyTaken, { title: survey.title }) };
  const done =
    score === null ? fillMessage(m.surveyDone, { title: survey.title }) : fillMessage(m.quizDone, { title: survey.title, score, total });
  if (blocked) return { text: `${done}\n${messages.receipts.defaultBlocked}` };
  return { text: paid ? `${done}\n${fillMessage(m.earned, { points, balance: paid.balance })}` : done };
}

/** `survey.completed`: the run with each question's chosen option (null for a typed answer, which is not kept). */
function completionData(survey: SurveyRow, run: { buyerTgId: string; answers: Answers; score: number | null; points: number; at: Date }) {
  return {
    survey_id: survey.id,
    project_id: survey.projectId,
    title: survey.title,
    kind: survey.kind,
    buyer_tg_id: run.buyerTgId,
    score: run.score,
    questions: survey.questions.length,
    points: run.points,
    answers: run.answers.map((answer) => {
      const question = survey.questions[answer.question];
      return { question: question?.text ?? null, answer: answer.option === null ? null : (question?.options[answer.option] ?? null) };
    }),
    completed_at: run.at.toISOString(),
  };
}
