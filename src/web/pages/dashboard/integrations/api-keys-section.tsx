import { useState, type FormEvent } from 'react';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../../../contract/api-keys.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useApiKeysQuery, useCreateApiKeyMutation, useDeleteApiKeyMutation } from '../../../api/api-keys.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { TextField } from '../../../components/text-field.js';
import { formatDateTime } from '../../../lib/format.js';

const m = messages.apiKeys;

/** «Ключи API»: create a key with its scopes (shown whole once, to copy), the list, delete after a confirmation. */
export function ApiKeysSection() {
  const keys = useApiKeysQuery();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [shownKey, setShownKey] = useState<string | null>(null);

  return (
    <Panel title={m.title}>
      <p>{m.intro}</p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      {shownKey ? (
        <ShownOnce apiKey={shownKey} onDone={() => setShownKey(null)} />
      ) : (
        <CreateKeyForm
          onCreated={(key, message) => {
            setShownKey(key);
            setNotice(successNotice(message));
          }}
          onFailed={setNotice}
        />
      )}
      <QueryView
        query={keys}
        loading={m.loading}
        failed={m.loadFailed}
        empty={{ text: m.empty, when: (data) => data.api_keys.length === 0 }}
      >
        {(data) => (
          <ul className="api-keys__list" aria-label={m.title}>
            {data.api_keys.map((key) => (
              <li key={key.id}>
                <KeyCard apiKey={key} onNotice={setNotice} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Panel>
  );
}

function CreateKeyForm({ onCreated, onFailed }: { onCreated: (key: string, message: string) => void; onFailed: (notice: Notice) => void }) {
  const create = useCreateApiKeyMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [problem, setProblem] = useState<{ name?: string; scopes?: string }>({});

  const toggle = (scope: ApiKeyScope) =>
    setScopes((chosen) => (chosen.includes(scope) ? chosen.filter((s) => s !== scope) : [...chosen, scope]));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = { name: name.trim() ? undefined : m.nameRequired, scopes: scopes.length ? undefined : m.scopesRequired };
    setProblem(found);
    if (found.name || found.scopes) return;
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: ({ key, message }) => {
          setName('');
          setScopes([]);
          onCreated(key, message);
        },
        onError: (error) => onFailed(errorNotice(error, m.createFailed)),
      },
    );
  };

  return (
    <form className="api-keys__form" onSubmit={handleSubmit} noValidate>
      <TextField
        label={m.nameLabel}
        placeholder={m.namePlaceholder}
        maxLength={100}
        value={name}
        error={problem.name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className="api-keys__scopes" aria-invalid={problem.scopes ? true : undefined}>
        <legend>{m.scopesLabel}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="api-keys__scope">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
            <span>
              {API_KEY_SCOPE_LABELS[scope]} <code>{scope}</code>
            </span>
          </label>
        ))}
        {problem.scopes && (
          <p className="text-field__error" role="alert">
            {problem.scopes}
          </p>
        )}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? m.creating : m.create}
      </button>
    </form>
  );
}

function ShownOnce({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const [copyResult, setCopyResult] = useState('');
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopyResult(m.copied);
    } catch {
      setCopyResult(m.copyFailed);
    }
  };
  return (
    <div className="api-keys__shown">
      <p>{m.shownOnce}</p>
      <code className="api-keys__value">{apiKey}</code>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => void handleCopy()}>
          {m.copy}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {m.done}
        </button>
      </div>
      <p role="status">{copyResult}</p>
    </div>
  );
}

function KeyCard({ apiKey, onNotice }: { apiKey: ApiKey; onNotice: (notice: Notice) => void }) {
  const remove = useDeleteApiKeyMutation();
  const [confirming, setConfirming] = useState(false);
  const handleDelete = () =>
    remove.mutate(apiKey.id, {
      onSuccess: ({ message }) => onNotice(successNotice(message)),
      onError: (error) => onNotice(errorNotice(error, m.deleteFailed)),
      onSettled: () => setConfirming(false),
    });
  return (
    <article className="api-keys__card" aria-label={apiKey.name}>
      <h3 className="api-keys__name">{apiKey.name}</h3>
      <p>
        <code>{apiKey.masked}</code>
      </p>
      <ul className="api-keys__granted">
        {apiKey.scopes.map((scope) => (
          <li key={scope}>
            <code>{scope}</code>
          </li>
        ))}
      </ul>
      <dl className="api-keys__dates">
        <dt>{m.createdAt}</dt>
        <dd>{formatDateTime(apiKey.created_at)}</dd>
        <dt>{m.lastUsed}</dt>
        <dd>{apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : m.neverUsed}</dd>
      </dl>
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
        {m.delete}
      </button>
      {confirming && (
        <ConfirmDialog
          title={m.deleteTitle}
          tone="danger"
          confirmLabel={m.delete}
          pending={remove.isPending}
          onConfirm={handleDelete}
          onClose={() => setConfirming(false)}
        >
          <p>{fillMessage(m.deleteConfirm, { name: apiKey.name })}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
