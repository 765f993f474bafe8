import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { CSV_PATH_OF, SURVEY_KIND_LABELS, type Survey } from '../../../../contract/surveys.js';
import { useCloseSurveyMutation, usePublishSurveyMutation, useSurveyResultsQuery, useSurveysQuery } from '../../../api/surveys.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { Banner } from '../../../components/banner.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { DownloadCsvButton } from '../../../components/download-csv-button.js';
import { EmptyState } from '../../../components/list-state.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { parseActionId } from '../../../lib/action-id.js';
import { buyerCardPath } from '../buyers/buyer-card-path.js';
import { SurveyBuilder } from './survey-builder.js';
import '../../../components/panel.css';
import '../../../components/data-table.css';
import './surveys.css';

const m = messages.surveys;

/** `/dashboard/action/:id/surveys`: the action's surveys and quizzes, the builder, publishing and results. */
export function SurveysPage() {
  const params = useParams();
  const actionId = parseActionId(params.id);
  if (actionId === null) return <Banner tone="error">{messages.actionPage.invalidId}</Banner>;
  return <ActionSurveys actionId={actionId} />;
}

/** What the builder edits: nothing (closed), a new survey, or a draft. */
type Editing = { survey: Survey | null } | null;

function ActionSurveys({ actionId }: { actionId: number }) {
  const query = useSurveysQuery(actionId);
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const closedTitleId = useId();

  const handleBuilderDone = (message: string) => {
    setEditing(null);
    setNotice(message ? successNotice(message) : null);
  };

  return (
    <section className="dashboard-page surveys-page">
      <p>
        <Link to={`/dashboard/action/${actionId}`} className="button button--secondary">
          {m.backToAction}
        </Link>
      </p>
      <h1 className="dashboard-page__title">{m.pageTitle}</h1>
      <p>{m.intro}</p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      {editing ? (
        <SurveyBuilder actionId={actionId} survey={editing.survey} onDone={handleBuilderDone} />
      ) : (
        <p>
          <button type="button" className="button button--primary" onClick={() => setEditing({ survey: null })}>
            {m.newSurvey}
          </button>
        </p>
      )}
      <QueryView
        query={query}
        loading={m.loading}
        failed={m.loadFailed}
        empty={{ text: m.empty, when: (data) => data.surveys.length === 0 }}
      >
        {(data) => {
          const cards = (surveys: Survey[]) => (
            <ul className="surveys-page__list">
              {surveys.map((survey) => (
                <li key={survey.id}>
                  <SurveyCard
                    actionId={actionId}
                    survey={survey}
                    onEdit={() => setEditing({ survey })}
                    onNotice={setNotice}
                    editing={editing?.survey?.id === survey.id}
                  />
                </li>
              ))}
            </ul>
          );
          // Closed ones are apart, under the ones the bot offers or will: their results stay readable.
          const closed = data.surveys.filter((survey) => survey.closed_at !== null);
          return (
            <>
              {cards(data.surveys.filter((survey) => survey.closed_at === null))}
              {closed.length > 0 && (
                <section className="surveys-page__closed" aria-labelledby={closedTitleId}>
                  <h2 id={closedTitleId}>{m.closedTitle}</h2>
                  {cards(closed)}
                </section>
              )}
            </>
          );
        }}
      </QueryView>
    </section>
  );
}

function SurveyCard({
  actionId,
  survey,
  editing,
  onEdit,
  onNotice,
}: {
  actionId: number;
  survey: Survey;
  editing: boolean;
  onEdit: () => void;
  onNotice: (notice: Notice) => void;
}) {
  const titleId = useId();
  const publish = usePublishSurveyMutation(actionId);
  const close = useCloseSurveyMutation(actionId);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [showResults, setShowResults] = useState(false);
  const handlePublish = () =>
    publish.mutate(survey.id, {
      onSuccess: ({ message }) => onNotice(successNotice(message)),
      onError: (error) => onNotice(errorNotice(error, m.publishFailed)),
    });
  const handleClose = () =>
    close.mutate(survey.id, {
      onSuccess: ({ message }) => onNotice(successNotice(message)),
      onError: (error) => onNotice(errorNotice(error, m.closeFailed)),
      onSettled: () => setConfirmingClose(false),
    });

  return (
    <article className="panel survey-card" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {survey.title}
      </h2>
      <p className="survey-card__meta">
        {fillMessage(m.summary, {
          kind: SURVEY_KIND_LABELS[survey.kind],
          questions: survey.questions.length,
          points: formatNumber(survey.points),
        })}
      </p>
      <p className="survey-card__meta">
        {survey.closed_at
          ? fillMessage(m.statusClosed, { date: formatDateTime(new Date(survey.closed_at)) })
          : survey.published_at
            ? fillMessage(m.statusPublished, { date: formatDateTime(new Date(survey.published_at)) })
            : m.statusDraft}
        {survey.published_at && ` · ${fillMessage(m.takers, { completed: survey.completed, participants: survey.participants })}`}
      </p>
      <div className="survey-card__actions">
        {survey.published_at === null && (
          <>
            <button type="button" className="button button--secondary" onClick={onEdit} disabled={editing}>
              {m.edit}
            </button>
            <button type="button" className="button button--primary" onClick={handlePublish} disabled={publish.isPending}>
              {publish.isPending ? m.publishing : m.publish}
            </button>
          </>
        )}
        {survey.published_at !== null && survey.closed_at === null && (
          <button type="button" className="button button--secondary" onClick={() => setConfirmingClose(true)}>
            {m.close}
          </button>
        )}
        <button type="button" className="button button--secondary" aria-expanded={showResults} onClick={() => setShowResults(!showResults)}>
          {showResults ? m.hideResults : m.showResults}
        </button>
      </div>
      {showResults && <SurveyResultsView survey={survey} />}
      {confirmingClose && (
        <ConfirmDialog
          title={m.close}
          confirmLabel={m.close}
          pendingLabel={m.closing}
          pending={close.isPending}
          tone="danger"
          onConfirm={handleClose}
          onClose={() => setConfirmingClose(false)}
        >
          <p>{fillMessage(m.closeConfirm, { title: survey.title })}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}

function SurveyResultsView({ survey }: { survey: Survey }) {
  const query = useSurveyResultsQuery(survey.id);
  return (
    <div className="survey-results">
      <DownloadCsvButton path={CSV_PATH_OF(survey.id)} query={{}} fallbackName={`scanapp-survey-${survey.id}.csv`} />
      <QueryView
        query={query}
        loading={m.resultsLoading}
        failed={m.resultsFailed}
        empty={{ text: m.resultsEmpty, when: (data) => data.takers.length === 0 }}
      >
        {(results) => (
          <>
            <p>{fillMessage(m.takers, { completed: results.survey.completed, participants: results.survey.participants })}</p>
            <ol className="survey-results__questions">
              {results.questions.map((question, index) => (
                <li key={index}>
                  <h3 className="survey-results__question">{question.text}</h3>
                  {question.options.length > 0 ? (
                    <ul className="survey-results__options">
                      {question.options.map((option) => (
                        <li key={option.text}>
                          <span>
                            {option.text}
                            {option.correct && ` ${m.rightOption}`}
                          </span>
                          <strong>{formatNumber(option.count)}</strong>
                        </li>
                      ))}
                    </ul>
                  ) : question.free_texts.length === 0 ? (
                    <EmptyState>{m.noFreeTexts}</EmptyState>
                  ) : (
                    <ul className="survey-results__texts" aria-label={m.freeTexts}>
                      {question.free_texts.map((answer) => (
                        <li key={answer.buyer_tg_id}>
                          «{answer.text}» — {answer.buyer_name ?? answer.buyer_tg_id}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
            <h3 className="survey-results__question">{m.participantsTitle}</h3>
            <ScrollTable caption={m.participantsTitle} cards>
              <thead>
                <tr>
                  <th scope="col">{m.colBuyer}</th>
                  <th scope="col">{m.colAnswered}</th>
                  <th scope="col">{m.colCompleted}</th>
                  {survey.kind === 'quiz' && <th scope="col">{m.colScore}</th>}
                  <th scope="col">{m.colPoints}</th>
                </tr>
              </thead>
              <tbody>
                {results.takers.map((taker) => (
                  <tr key={taker.buyer_tg_id}>
                    <DataCell label={m.colBuyer}>
                      <Link to={buyerCardPath(taker.buyer_tg_id, survey.project_id)}>{taker.buyer_name ?? taker.buyer_tg_id}</Link>
                    </DataCell>
                    <DataCell label={m.colAnswered}>{`${taker.answered} / ${survey.questions.length}`}</DataCell>
                    <DataCell label={m.colCompleted}>
                      {taker.completed_at ? formatDateTime(new Date(taker.completed_at)) : m.notCompleted}
                    </DataCell>
                    {survey.kind === 'quiz' && <DataCell label={m.colScore}>{taker.score ?? '—'}</DataCell>}
                    <DataCell label={m.colPoints}>{taker.points ?? '—'}</DataCell>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </>
        )}
      </QueryView>
    </div>
  );
}
