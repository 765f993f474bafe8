import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../../contract/audit.js';
import { messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { auditQuery, useAuditLogQuery, type AuditFilters } from '../../../api/audit.js';
import { useTeamMembersQuery } from '../../../api/team.js';
import { useSellerId } from '../../../auth/session.js';
import { Banner } from '../../../components/banner.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { DownloadCsvButton } from '../../../components/download-csv-button.js';
import { FilterField, FilterSelect } from '../../../components/filter-select.js';
import { EmptyState, LoadingState } from '../../../components/list-state.js';
import { formatDateTime } from '../../../lib/format.js';
import { usePageTitle } from '../page-title.js';
import './audit-log.css';

const a = messages.audit;
const actionTitle = (action: string) => (messages.auditActions as Record<string, string>)[action] ?? action;
/** A value as the owner reads it: nothing as a dash, an object as its "key: value" pairs. */
function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${key}: ${typeof item === 'object' ? JSON.stringify(item) : String(item)}`)
    .join(', ');
}

/** «Журнал действий» (the owner's): who changed what, when, before and after; filters and the CSV export. */
export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>({ actor: null, action: null, from: '', to: '' });
  const log = useAuditLogQuery(filters);
  const members = useTeamMembersQuery().data ?? [];
  const userId = useSellerId();
  const entries: AuditEntry[] = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const change = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <section className="dashboard-page audit-log">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p className="audit-log__lead">{a.lead}</p>
      <div className="filters">
        <FilterSelect
          label={a.filterActor}
          value={filters.actor === null ? '' : String(filters.actor)}
          options={[
            { value: '', label: a.filterActorAll },
            ...members.map((member) => ({ value: String(member.user_id), label: member.name })),
          ]}
          onChange={(value) => change({ actor: value ? Number(value) : null })}
        />
        <FilterSelect
          label={a.filterAction}
          value={filters.action ?? ''}
          options={[
            { value: '', label: a.filterActionAll },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionTitle(action) })),
          ]}
          onChange={(value) => change({ action: value ? (value as AuditAction) : null })}
        />
        <FilterField label={a.filterFrom}>
          {(id) => (
            <input
              id={id}
              type="date"
              className="filter-select__input"
              value={filters.from}
              onChange={(event) => change({ from: event.target.value })}
            />
          )}
        </FilterField>
        <FilterField label={a.filterTo}>
          {(id) => (
            <input
              id={id}
              type="date"
              className="filter-select__input"
              value={filters.to}
              onChange={(event) => change({ to: event.target.value })}
            />
          )}
        </FilterField>
        <DownloadCsvButton
          path="/audit-log/export.csv"
          query={auditQuery(userId, filters)}
          fallbackName="scanapp-audit-log.csv"
          label={a.export}
        />
      </div>

      {log.isPending ? (
        <LoadingState>{messages.common.loading}</LoadingState>
      ) : log.isError && entries.length === 0 ? (
        <Banner tone="error">{errorMessageOf(log.error, a.loadFailed)}</Banner>
      ) : entries.length === 0 ? (
        <EmptyState>{a.empty}</EmptyState>
      ) : (
        <>
          <ScrollTable caption={a.title} cards>
            <thead>
              <tr>
                <th scope="col">{a.columnWhen}</th>
                <th scope="col">{a.columnActor}</th>
                <th scope="col">{a.columnAction}</th>
                <th scope="col">{a.columnSubject}</th>
                <th scope="col">{a.columnBefore}</th>
                <th scope="col">{a.columnAfter}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <DataCell label={a.columnWhen}>{formatDateTime(new Date(entry.created_at))}</DataCell>
                  <DataCell label={a.columnActor}>{entry.actor.name}</DataCell>
                  <DataCell label={a.columnAction}>{actionTitle(entry.action)}</DataCell>
                  <DataCell label={a.columnSubject}>{entry.subject}</DataCell>
                  <DataCell label={a.columnBefore}>{shownValue(entry.before)}</DataCell>
                  <DataCell label={a.columnAfter}>{shownValue(entry.after)}</DataCell>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          {log.isError && <Banner tone="error">{errorMessageOf(log.error, a.loadFailed)}</Banner>}
          {log.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {a.showMore}
            </button>
          )}
        </>
      )}
    </section>
  );
}
