import { useState, type FormEvent } from 'react';
import { MARKETPLACES, type Marketplace } from '../../../../contract/marketplace-link.js';
import { connectMarketplaceRequestSchema, MARKETPLACE_NAMES, type MarketplaceConnection } from '../../../../contract/marketplaces.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import {
  useConnectMarketplaceMutation,
  useImportMarketplaceMutation,
  useMarketplacesQuery,
  useRemoveMarketplaceMutation,
} from '../../../api/marketplaces.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { StatusBadge, type StatusTone } from '../../../components/status-badge.js';
import { TextField } from '../../../components/text-field.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { usePageTitle } from '../page-title.js';
import '../../../components/panel.css';
import './marketplaces.css';

const m = messages.marketplaces;

/** `/dashboard/marketplaces`: connect Wildberries and Ozon, see each import's state, refresh or remove. */
export function MarketplacesPage() {
  const query = useMarketplacesQuery();
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <section className="dashboard-page marketplaces-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p>{m.intro}</p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <QueryView query={query} loading={m.loading} failed={m.loadFailed}>
        {(data) => (
          <div className="marketplaces-page__list">
            {MARKETPLACES.map((kind) => {
              const connection = data.marketplaces.find((candidate) => candidate.kind === kind);
              return connection ? (
                <ConnectionCard key={kind} connection={connection} onNotice={setNotice} />
              ) : (
                <ConnectForm key={kind} kind={kind} onNotice={setNotice} />
              );
            })}
          </div>
        )}
      </QueryView>
    </section>
  );
}

const STATUS: Record<MarketplaceConnection['import_status'], { tone: StatusTone; text: string }> = {
  idle: { tone: 'success', text: m.statusIdle },
  queued: { tone: 'info', text: m.statusQueued },
  running: { tone: 'info', text: m.statusRunning },
  waiting: { tone: 'warning', text: m.statusWaiting },
  failed: { tone: 'danger', text: m.statusFailed },
};

function ConnectionCard({ connection, onNotice }: { connection: MarketplaceConnection; onNotice: (notice: Notice) => void }) {
  const refresh = useImportMarketplaceMutation();
  const remove = useRemoveMarketplaceMutation();
  const [confirming, setConfirming] = useState(false);
  const marketplace = MARKETPLACE_NAMES[connection.kind];
  const status = STATUS[connection.import_status];

  const handleRefresh = () =>
    refresh.mutate(connection.id, {
      onSuccess: () => onNotice(successNotice(m.importQueued)),
      onError: (error) => onNotice(errorNotice(error, messages.common.requestFailed)),
    });
  const handleRemove = () =>
    remove.mutate(connection.id, {
      onSuccess: ({ message }) => onNotice(successNotice(message)),
      onError: (error) => onNotice(errorNotice(error, messages.common.requestFailed)),
      onSettled: () => setConfirming(false),
    });

  return (
    <Panel title={marketplace}>
      <p className="marketplaces-page__meta">{fillMessage(m.connectedKey, { hint: connection.secret_hint })}</p>
      <p>
        <StatusBadge tone={status.tone}>{status.text}</StatusBadge>
      </p>
      {connection.import_not_before && <p>{fillMessage(m.waitingUntil, { time: formatDateTime(connection.import_not_before) })}</p>}
      <p>
        {connection.imported_until ? fillMessage(m.importedUntil, { time: formatDateTime(connection.imported_until) }) : m.neverImported}
      </p>
      <p>{fillMessage(m.rowsStored, { count: formatNumber(connection.rows_stored) })}</p>
      {connection.import_error && <Banner tone="error">{connection.import_error}</Banner>}
      <div className="marketplaces-page__actions">
        <button type="button" className="button button--primary" disabled={refresh.isPending} onClick={handleRefresh}>
          {m.importNow}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {m.remove}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={fillMessage(m.removeTitle, { marketplace })}
          tone="danger"
          confirmLabel={m.removeConfirm}
          pending={remove.isPending}
          onConfirm={handleRemove}
          onClose={() => setConfirming(false)}
        >
          <p>{m.removeText}</p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}

function ConnectForm({ kind, onNotice }: { kind: Marketplace; onNotice: (notice: Notice) => void }) {
  const connect = useConnectMarketplaceMutation();
  const [fields, setFields] = useState({ token: '', client_id: '', api_key: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const marketplace = MARKETPLACE_NAMES[kind];
  const draft = kind === 'wildberries' ? { kind, token: fields.token } : { kind, client_id: fields.client_id, api_key: fields.api_key };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = connectMarketplaceRequestSchema.safeParse(draft);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? m.kindInvalid);
      return;
    }
    setProblem(null);
    connect.mutate(draft, {
      onSuccess: () => onNotice(successNotice(m.importQueued)),
      onError: (error) => setProblem(errorMessageOf(error, messages.common.requestFailed)),
    });
  };
  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
    autoComplete: 'off',
    spellCheck: false,
  });

  return (
    <Panel title={fillMessage(m.connectTitle, { marketplace })}>
      <details className="marketplaces-page__help">
        <summary>{m.whereToGetKey}</summary>
        <p>{kind === 'wildberries' ? m.wildberriesHelp : m.ozonHelp}</p>
      </details>
      <form className="marketplaces-page__form" onSubmit={handleSubmit} noValidate>
        {kind === 'wildberries' ? (
          <TextField label={m.tokenLabel} type="password" {...field('token')} />
        ) : (
          <>
            <TextField label={m.clientIdLabel} {...field('client_id')} />
            <TextField label={m.apiKeyLabel} type="password" {...field('api_key')} />
          </>
        )}
        {problem && <Banner tone="error">{problem}</Banner>}
        <p className="marketplaces-page__meta">{m.keyNeverShown}</p>
        <div className="marketplaces-page__actions">
          <button type="submit" className="button button--primary" disabled={connect.isPending}>
            {connect.isPending ? m.connecting : m.connect}
          </button>
        </div>
      </form>
    </Panel>
  );
}
