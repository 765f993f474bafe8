import { useId, useState, type FormEvent } from 'react';
import type { Action } from '../../../../contract/actions.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import {
  WEBHOOK_EVENTS,
  webhookEndpointRequestSchema,
  webhookEventLabel,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../../../contract/webhooks.js';
import { useSaveWebhookMutation } from '../../../api/webhooks.js';
import { Banner } from '../../../components/banner.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { errorNotice, type Notice } from '../../../components/notice.js';
import { TextField } from '../../../components/text-field.js';

const m = messages.webhooks;

/**
 * Adds or edits an endpoint: its address, the events (checkboxes) and the action (all or one).
 * Checked by the API's own schema first; the address's https and public-network rules are the
 * server's, whose refusal is shown as it comes.
 */
export function WebhookForm({
  endpoint,
  actions,
  onDone,
}: {
  /** null: a new endpoint. */
  endpoint: WebhookEndpoint | null;
  actions: readonly Pick<Action, 'id' | 'name'>[];
  /** Saved (a new endpoint's secret) or cancelled (null). */
  onDone: (saved: { secret: string | null } | null) => void;
}) {
  const headingId = useId();
  const eventsId = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<readonly WebhookEvent[]>(endpoint?.events ?? []);
  const [projectId, setProjectId] = useState(endpoint?.project_id === null || !endpoint ? '' : String(endpoint.project_id));
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [problem, setProblem] = useState<{ field: 'url' | 'events'; message: string } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const save = useSaveWebhookMutation();

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((candidate) => candidate !== event)));

  const handleSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const request = {
      url,
      events: [...events],
      project_id: projectId === '' ? null : Number(projectId),
      ...(endpoint ? { enabled } : {}),
    };
    const checked = webhookEndpointRequestSchema.safeParse(request);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setProblem({ field: issue.path[0] === 'url' ? 'url' : 'events', message: issue.message });
      return;
    }
    setProblem(null);
    save.mutate(
      { id: endpoint?.id ?? null, request },
      { onSuccess: (saved) => onDone(saved), onError: (error) => setNotice(errorNotice(error, m.saveFailed)) },
    );
  };

  return (
    <section className="integrations-form" aria-labelledby={headingId}>
      <h3 className="integrations-form__title" id={headingId}>
        {endpoint ? fillMessage(m.editEndpointTitle, { url: endpoint.url }) : m.newEndpointTitle}
      </h3>
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          label={m.urlLabel}
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          hint={m.urlHint}
          error={problem?.field === 'url' ? problem.message : null}
          onChange={(change) => {
            setUrl(change.target.value);
            setProblem(null);
          }}
        />
        <fieldset className="integrations-form__events" aria-describedby={problem?.field === 'events' ? eventsId : undefined}>
          <legend>{m.eventsLabel}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="integrations-form__check">
              <input type="checkbox" checked={events.includes(event)} onChange={(change) => toggle(event, change.target.checked)} />
              {webhookEventLabel(event)} <code>{event}</code>
            </label>
          ))}
          {problem?.field === 'events' && (
            <p className="integrations-form__error" id={eventsId} role="alert">
              {problem.message}
            </p>
          )}
        </fieldset>
        <FilterSelect
          label={m.actionLabel}
          value={projectId}
          options={[{ value: '', label: m.allActions }, ...actions.map((action) => ({ value: String(action.id), label: action.name }))]}
          onChange={setProjectId}
        />
        {endpoint && (
          <label className="integrations-form__check">
            <input type="checkbox" checked={enabled} onChange={(change) => setEnabled(change.target.checked)} />
            {m.enabledLabel}
          </label>
        )}
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        <div className="integrations-endpoint__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? m.saving : m.saveButton}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
            {m.cancelButton}
          </button>
        </div>
      </form>
    </section>
  );
}
