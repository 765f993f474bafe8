import { useId, useState } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { PUBLIC_API_BASE } from '../../../../contract/public-api.js';
import { webhookEventLabel, type WebhookEndpoint } from '../../../../contract/webhooks.js';
import { useActionsQuery } from '../../../api/actions.js';
import {
  useDeleteWebhookMutation,
  useQueueDeliveryMutation,
  useRotateWebhookSecretMutation,
  useWebhooksQuery,
} from '../../../api/webhooks.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { formatDateTime } from '../../../lib/format.js';
import { usePageTitle } from '../page-title.js';
import { ApiKeysSection } from './api-keys-section.js';
import { SecretReveal } from './secret-reveal.js';
import { WebhookDeliveries } from './webhook-deliveries.js';
import { WebhookForm } from './webhook-form.js';
import '../../../components/panel.css';
import '../../../components/data-table.css';
import './integrations.css';

const m = messages.webhooks;

/**
 * `/dashboard/integrations` «Интеграции»: a list of sections, each a panel — the webhooks here,
 * the API keys and their documentation beside them — so a new kind of integration is one more
 * section.
 */
export function IntegrationsPage() {
  return (
    <section className="dashboard-page integrations-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p>{m.pageHint}</p>
      <WebhooksSection />
      <div id="api" className="integrations-page">
        <ApiKeysSection />
        <p>
          {/* A page of this server, outside the cabinet's app: a full load, not a router link. */}
          <a href={`${PUBLIC_API_BASE}/docs/`}>{messages.apiKeys.docsLink}</a>
        </p>
      </div>
    </section>
  );
}

/** What the form edits: nothing (closed), a new endpoint, or a saved one. */
type Editing = { endpoint: WebhookEndpoint | null } | null;

function WebhooksSection() {
  const query = useWebhooksQuery();
  const actions = useActionsQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const actionName = (id: number | null) =>
    id === null ? m.allActions : (actions.data?.find((action) => action.id === id)?.name ?? String(id));
  const full = query.data !== undefined && query.data.endpoints.length >= query.data.limit;

  return (
    <section className="panel" aria-labelledby="integrations-webhooks-title">
      <h2 className="panel__title" id="integrations-webhooks-title">
        {m.sectionTitle}
      </h2>
      <p className="integrations-page__hint">{m.sectionHint}</p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      {secret && <SecretReveal secret={secret} onDone={() => setSecret(null)} />}
      {editing ? (
        <WebhookForm
          key={editing.endpoint?.id ?? 'new'}
          endpoint={editing.endpoint}
          actions={actions.data ?? []}
          onDone={(saved) => {
            setEditing(null);
            if (saved?.secret) setSecret(saved.secret);
          }}
        />
      ) : (
        <p>
          <button type="button" className="button button--primary" disabled={full} onClick={() => setEditing({ endpoint: null })}>
            {m.addButton}
          </button>
        </p>
      )}
      <QueryView
        query={query}
        loading={m.loading}
        failed={m.loadFailed}
        empty={{ text: m.empty, when: (data) => data.endpoints.length === 0 }}
      >
        {(data) => (
          <ul className="integrations-page__list">
            {data.endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard
                  endpoint={endpoint}
                  actionName={actionName(endpoint.project_id)}
                  onEdit={() => setEditing({ endpoint })}
                  onSecret={setSecret}
                  onNotice={setNotice}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function EndpointCard({
  endpoint,
  actionName,
  onEdit,
  onSecret,
  onNotice,
}: {
  endpoint: WebhookEndpoint;
  actionName: string;
  onEdit: () => void;
  onSecret: (secret: string) => void;
  onNotice: (notice: Notice) => void;
}) {
  const titleId = useId();
  const remove = useDeleteWebhookMutation();
  const rotate = useRotateWebhookSecretMutation();
  const test = useQueueDeliveryMutation(endpoint.id);
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);

  const handleDelete = () =>
    remove.mutate(endpoint.id, {
      onSuccess: ({ message }) => onNotice(successNotice(message)),
      onError: (error) => onNotice(errorNotice(error, m.actionFailed)),
      onSettled: () => setConfirming(null),
    });
  const handleRotate = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: ({ secret }) => onSecret(secret),
      onError: (error) => onNotice(errorNotice(error, m.actionFailed)),
      onSettled: () => setConfirming(null),
    });
  const handleTest = () =>
    test.mutate(null, {
      onSuccess: () => onNotice(successNotice(m.testQueued)),
      onError: (error) => onNotice(errorNotice(error, m.actionFailed)),
    });

  return (
    <article className="integrations-endpoint" aria-labelledby={titleId}>
      <h3 className="integrations-endpoint__url" id={titleId}>
        {endpoint.url}
      </h3>
      <p>
        <StatusBadge tone={endpoint.enabled ? 'success' : 'danger'}>{endpoint.enabled ? m.statusEnabled : m.statusDisabled}</StatusBadge>
      </p>
      {endpoint.disabled_at && (
        <p className="integrations-page__hint">{fillMessage(m.disabledSince, { date: formatDateTime(endpoint.disabled_at) })}</p>
      )}
      {endpoint.enabled && endpoint.failing_since && (
        <p className="integrations-page__hint">{fillMessage(m.failingSince, { date: formatDateTime(endpoint.failing_since) })}</p>
      )}
      <p className="integrations-page__hint">
        {fillMessage(m.endpointEvents, { events: endpoint.events.map(webhookEventLabel).join(', ') })}
      </p>
      <p className="integrations-page__hint">{fillMessage(m.endpointAction, { action: actionName })}</p>
      <div className="integrations-endpoint__actions">
        <button type="button" className="button button--secondary" disabled={!endpoint.enabled || test.isPending} onClick={handleTest}>
          {m.testButton}
        </button>
        <button type="button" className="button button--secondary" onClick={onEdit}>
          {m.editButton}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming('rotate')}>
          {m.rotateButton}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming('delete')}>
          {m.deleteButton}
        </button>
      </div>
      <WebhookDeliveries endpoint={endpoint} onNotice={onNotice} />
      {confirming === 'delete' && (
        <ConfirmDialog
          title={m.deleteConfirmButton}
          tone="danger"
          confirmLabel={m.deleteConfirmButton}
          pending={remove.isPending}
          onConfirm={handleDelete}
          onClose={() => setConfirming(null)}
        >
          <p>{fillMessage(m.deleteConfirm, { url: endpoint.url })}</p>
        </ConfirmDialog>
      )}
      {confirming === 'rotate' && (
        <ConfirmDialog
          title={m.rotateButton}
          confirmLabel={m.rotateButton}
          pending={rotate.isPending}
          onConfirm={handleRotate}
          onClose={() => setConfirming(null)}
        >
          <p>{m.rotateConfirm}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
