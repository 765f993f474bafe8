import { useId, useState, type FormEvent } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import {
  SURVEY_KIND_LABELS,
  SURVEY_KINDS,
  SURVEY_OPTIONS_MAX,
  SURVEY_QUESTIONS_MAX,
  surveyDraftSchema,
  type Survey,
  type SurveyKind,
} from '../../../../contract/surveys.js';
import { useSaveSurveyMutation } from '../../../api/surveys.js';
import { Banner } from '../../../components/banner.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { errorNotice, type Notice } from '../../../components/notice.js';
import { TextField } from '../../../components/text-field.js';

const m = messages.surveys;
const KIND_OPTIONS = SURVEY_KINDS.map((kind) => ({ value: kind, label: SURVEY_KIND_LABELS[kind] }));

interface QuestionForm {
  /** A stable React key: questions and options are added and removed in the middle. */
  key: number;
  text: string;
  options: { key: number; text: string }[];
  correct: number | null;
}

let nextKey = 0;
const keyed = () => ++nextKey;
const emptyQuestion = (): QuestionForm => ({
  key: keyed(),
  text: '',
  options: [
    { key: keyed(), text: '' },
    { key: keyed(), text: '' },
  ],
  correct: null,
});

function formOf(survey: Survey | null) {
  if (!survey) return { title: '', kind: 'survey' as SurveyKind, points: '0', questions: [emptyQuestion()] };
  return {
    title: survey.title,
    kind: survey.kind,
    points: String(survey.points),
    questions: survey.questions.map((question) => ({
      key: keyed(),
      text: question.text,
      options: question.options.map((text) => ({ key: keyed(), text })),
      correct: question.correct,
    })),
  };
}

/**
 * The builder of a survey or a quiz: title, kind, points, questions with button options (none: a
 * free-text answer) and, in a quiz, each question's right option. Checked by the API's own
 * schema before it is sent; saved as a draft, which stays editable until published.
 */
export function SurveyBuilder({
  actionId,
  survey,
  onDone,
}: {
  actionId: number;
  survey: Survey | null;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const save = useSaveSurveyMutation(actionId);
  const [form, setForm] = useState(() => formOf(survey));
  const [notice, setNotice] = useState<Notice | null>(null);
  const quiz = form.kind === 'quiz';

  const changeQuestion = (index: number, change: (question: QuestionForm) => QuestionForm) =>
    setForm((current) => ({ ...current, questions: current.questions.map((q, i) => (i === index ? change(q) : q)) }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = surveyDraftSchema.safeParse({
      title: form.title,
      kind: form.kind,
      points: form.points,
      questions: form.questions.map((question) => ({
        text: question.text,
        options: question.options.map((option) => option.text),
        correct: quiz ? question.correct : null,
      })),
    });
    if (!parsed.success) {
      setNotice({ tone: 'error', text: parsed.error.issues[0]?.message ?? m.saveFailed });
      return;
    }
    setNotice(null);
    save.mutate(
      { id: survey?.id ?? null, draft: parsed.data },
      { onSuccess: ({ message }) => onDone(message), onError: (error) => setNotice(errorNotice(error, m.saveFailed)) },
    );
  };

  return (
    <section className="panel survey-builder" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {survey ? fillMessage(m.editTitle, { title: survey.title }) : m.builderTitle}
      </h2>
      <form onSubmit={handleSubmit} noValidate>
        <TextField
          label={m.titleLabel}
          value={form.title}
          maxLength={64}
          onChange={(event) => setForm({ ...form, title: event.target.value })}
        />
        <div className="survey-builder__row">
          <FilterSelect
            label={m.kindLabel}
            value={form.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => setForm({ ...form, kind: kind as SurveyKind })}
          />
          <TextField
            label={quiz ? m.pointsQuizLabel : m.pointsSurveyLabel}
            value={form.points}
            inputMode="numeric"
            onChange={(event) => setForm({ ...form, points: event.target.value })}
          />
        </div>
        <ol className="survey-builder__questions">
          {form.questions.map((question, index) => (
            <li key={question.key} className="survey-builder__question">
              <fieldset>
                <legend className="survey-builder__legend">{fillMessage(m.questionLabel, { n: index + 1 })}</legend>
                <TextField
                  label={m.questionTextLabel}
                  value={question.text}
                  maxLength={300}
                  onChange={(event) => changeQuestion(index, (q) => ({ ...q, text: event.target.value }))}
                />
                {question.options.length === 0 && <p className="survey-builder__note">{m.freeTextNote}</p>}
                <ul className="survey-builder__options">
                  {question.options.map((option, position) => (
                    <li key={option.key} className="survey-builder__option">
                      <TextField
                        label={fillMessage(m.optionLabel, { n: position + 1 })}
                        value={option.text}
                        maxLength={64}
                        onChange={(event) =>
                          changeQuestion(index, (q) => ({
                            ...q,
                            options: q.options.map((o, i) => (i === position ? { ...o, text: event.target.value } : o)),
                          }))
                        }
                      />
                      {quiz && (
                        <label className="survey-builder__correct">
                          <input
                            type="radio"
                            name={`correct-${question.key}`}
                            checked={question.correct === position}
                            onChange={() => changeQuestion(index, (q) => ({ ...q, correct: position }))}
                          />
                          {m.correctLabel}
                        </label>
                      )}
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={fillMessage(m.removeOption, { n: position + 1, q: index + 1 })}
                        onClick={() =>
                          changeQuestion(index, (q) => ({
                            ...q,
                            options: q.options.filter((_, i) => i !== position),
                            correct: q.correct === null || q.correct === position ? null : q.correct > position ? q.correct - 1 : q.correct,
                          }))
                        }
                      >
                        ✕
                      </button>
                    </li>
                  ))}
                </ul>
                <div className="survey-builder__actions">
                  {question.options.length < SURVEY_OPTIONS_MAX && (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => changeQuestion(index, (q) => ({ ...q, options: [...q.options, { key: keyed(), text: '' }] }))}
                    >
                      {m.addOption}
                    </button>
                  )}
                  {form.questions.length > 1 && (
                    <button
                      type="button"
                      className="button button--danger button--small"
                      onClick={() => setForm({ ...form, questions: form.questions.filter((_, i) => i !== index) })}
                    >
                      {fillMessage(m.removeQuestion, { n: index + 1 })}
                    </button>
                  )}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        {form.questions.length < SURVEY_QUESTIONS_MAX && (
          <p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setForm({ ...form, questions: [...form.questions, emptyQuestion()] })}
            >
              {m.addQuestion}
            </button>
          </p>
        )}
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        <div className="survey-builder__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? m.saving : m.save}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onDone('')}>
            {m.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
