import { userIdSchema } from './auth.js';
import { fillMessage, messages } from './messages.js';
import { numberLike, z } from './zod-setup.js';
import { bigIdParam, intId, intIdParam } from './ids.js';

// Surveys and quizzes of the action's bot: POST/GET /surveys, PUT /surveys/{id} (a
// draft only), POST /surveys/{id}/publish, GET /surveys/{id}/results[.csv].

const m = messages.surveys;

export const SURVEY_KINDS = ['survey', 'quiz'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];
export const SURVEY_KIND_LABELS: Record<SurveyKind, string> = { survey: m.kindSurvey, quiz: m.kindQuiz };

/** The title is the bot's menu button: short enough to read on a phone. */
export const SURVEY_TITLE_MAX = 64;
export const SURVEY_POINTS_MAX = 100_000;
export const SURVEY_QUESTIONS_MAX = 30;
export const SURVEY_QUESTION_MAX = 300;
/** 0 options: a free-text answer; else 2–10 buttons. */
export const SURVEY_OPTIONS_MIN = 2;
export const SURVEY_OPTIONS_MAX = 10;
/** An option is an inline button's text. */
export const SURVEY_OPTION_MAX = 64;
export const SURVEY_ANSWER_MAX = 1000;

export const CSV_PATH_OF = (surveyId: number) => `/surveys/${surveyId}/results.csv`;

const questionSchema = z.object(
  {
    text: z.string({ error: m.questionsInvalid }).trim(),
    options: z.array(z.string({ error: m.questionsInvalid }).trim(), { error: m.questionsInvalid }).default([]),
    correct: z.number({ error: m.questionsInvalid }).int(m.questionsInvalid).nullish(),
  },
  { error: m.questionsInvalid },
);

const draftFields = z.object({
  title: z.string({ error: m.titleInvalid }).trim().min(1, m.titleInvalid).max(SURVEY_TITLE_MAX, m.titleInvalid),
  kind: z.enum(SURVEY_KINDS, { error: m.kindInvalid }),
  points: numberLike(m.pointsInvalid).pipe(z.number().int(m.pointsInvalid).min(0, m.pointsInvalid).max(SURVEY_POINTS_MAX, m.pointsInvalid)),
  questions: z.array(questionSchema, { error: m.questionsInvalid }).min(1, m.noQuestions).max(SURVEY_QUESTIONS_MAX, m.tooManyQuestions),
});

/** Every rule that depends on the kind or names a question by its number; `correct` comes out as null where unset. */
function withDraftRules<Shape extends typeof draftFields.shape>(schema: z.ZodObject<Shape>) {
  return schema
    .superRefine((draft, ctx) => {
      const { kind, questions } = draft as z.output<typeof draftFields>;
      questions.forEach((question, index) => {
        const problem = questionProblem(kind, question);
        if (problem) ctx.addIssue({ code: 'custom', path: ['questions', index], message: fillMessage(problem, { n: index + 1 }) });
      });
    })
    .transform((draft) => {
      const { questions } = draft as z.output<typeof draftFields>;
      return { ...draft, questions: questions.map(({ text, options, correct }) => ({ text, options, correct: correct ?? null })) };
    });
}

/** What the seller builds: `POST /surveys`' body without the ids, and `PUT /surveys/{id}`'s. */
export const surveyDraftSchema = withDraftRules(draftFields);
export type SurveyDraft = z.output<typeof surveyDraftSchema>;

function questionProblem(kind: SurveyKind, question: { text: string; options: string[]; correct?: number | null }): string | null {
  const { text, options, correct } = question;
  if (text.length === 0 || text.length > SURVEY_QUESTION_MAX) return m.questionTextInvalid;
  if (options.length > 0 && (options.length < SURVEY_OPTIONS_MIN || options.length > SURVEY_OPTIONS_MAX)) return m.optionsCountInvalid;
  if (options.some((option) => option.length === 0 || option.length > SURVEY_OPTION_MAX)) return m.optionTextInvalid;
  if (new Set(options.map((option) => option.toLowerCase())).size !== options.length) return m.optionsRepeat;
  if (kind === 'survey') return correct === undefined || correct === null ? null : m.surveyCorrect;
  if (options.length === 0) return m.quizNeedsOptions;
  return typeof correct === 'number' && correct >= 0 && correct < options.length ? null : m.quizCorrectInvalid;
}

export const createSurveyRequestSchema = withDraftRules(
  draftFields.extend({
    user_id: userIdSchema.optional(),
    project_id: intId(m.projectInvalid),
  }),
);

export const updateSurveyRequestSchema = withDraftRules(draftFields.extend({ user_id: userIdSchema.optional() }));

export const surveyIdParamsSchema = z.object({
  id: bigIdParam(m.notFound),
});

export const surveyListQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: intIdParam(m.projectInvalid),
});

export const surveyQuestionSchema = z.object({ text: z.string(), options: z.array(z.string()), correct: z.number().int().nullable() });

export const surveySchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  kind: z.enum(SURVEY_KINDS),
  points: z.number().int(),
  questions: z.array(surveyQuestionSchema),
  created_at: z.string(),
  /** Null: a draft the bot does not offer yet. */
  published_at: z.string().nullable(),
  /** Set: the seller closed it; out of the bot's menu, its results kept. */
  closed_at: z.string().nullable(),
  /** Shoppers who answered at least one question, and those who finished. */
  participants: z.number().int(),
  completed: z.number().int(),
});
export type Survey = z.infer<typeof surveySchema>;

export const surveyListResponseSchema = z.object({ surveys: z.array(surveySchema) });
export const surveySavedResponseSchema = z.object({ message: z.string(), survey: surveySchema });

const buyerFields = {
  buyer_tg_id: z.string(),
  /** The shopper's Telegram name or @username, when the bot has seen them. */
  buyer_name: z.string().nullable(),
};

export const surveyResultsSchema = z.object({
  survey: surveySchema,
  questions: z.array(
    z.object({
      text: z.string(),
      /** Shoppers who answered this question. */
      answered: z.number().int(),
      options: z.array(z.object({ text: z.string(), count: z.number().int(), correct: z.boolean() })),
      /** A free-text question's answers, oldest first. */
      free_texts: z.array(z.object({ ...buyerFields, text: z.string() })),
    }),
  ),
  takers: z.array(
    z.object({
      ...buyerFields,
      answered: z.number().int(),
      started_at: z.string(),
      completed_at: z.string().nullable(),
      /** A quiz's right answers once completed; null for a survey or an unfinished run. */
      score: z.number().int().nullable(),
      points: z.number().int().nullable(),
    }),
  ),
});
export type SurveyResults = z.infer<typeof surveyResultsSchema>;
