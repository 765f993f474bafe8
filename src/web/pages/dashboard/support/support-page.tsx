import type { Ref } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { SUPPORT_THREAD_STATUSES, type SupportThreadStatus, type SupportThreadSummary } from '../../../../contract/support.js';
import { useActionsQuery } from '../../../api/actions.js';
import { useSupportThreadsQuery } from '../../../api/support.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { QueryView } from '../../../components/query-view.js';
import { ShowMore, useFocusFirstNew } from '../../../components/show-more.js';
import { formatDateTime } from '../../../lib/format.js';
import { parseActionId } from '../../../lib/action-id.js';
import { usePageTitle } from '../page-title.js';
import { projectFilterOptions } from '../receipts/project-filter.js';
import { shopperName, ThreadStatus } from './thread-status.js';
import '../../../components/panel.css';
import './support.css';

const m = messages.support;
const STATUS_LABELS: Record<SupportThreadStatus, string> = { open: m.statusOpen, closed: m.statusClosed };

function parseStatus(raw: string | null): SupportThreadStatus | null {
  return SUPPORT_THREAD_STATUSES.find((status) => status === raw) ?? null;
}

/**
 * /dashboard/support, «Сообщения»: the shoppers' conversations with the seller through
 * the actions' bots, newest activity first, filtered by action and by open/closed, a page at a
 * time («Показать ещё»).
 */
export function SupportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const actionId = parseActionId(searchParams.get('project_id') ?? undefined);
  const status = parseStatus(searchParams.get('status'));
  const actions = useActionsQuery();
  const threads = useSupportThreadsQuery({ actionId, status });
  const rows = threads.data?.pages.flatMap((page) => page.threads) ?? [];
  const { focusIndex, focusRef, loadMore } = useFocusFirstNew<HTMLAnchorElement>(rows.length);
  const options = projectFilterOptions({ actions: (actions.data ?? []).filter((action) => !action.is_deleted), selectedId: actionId });

  const setFilter = (name: 'project_id' | 'status', value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true });
  };

  return (
    <section className="dashboard-page support">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p className="support__intro">{m.intro}</p>
      <div className="filters">
        <FilterSelect
          label={m.actionLabel}
          value={actionId === null ? '' : String(actionId)}
          options={[{ value: '', label: m.allActions }, ...options.map(({ id, label }) => ({ value: String(id), label }))]}
          onChange={(value) => setFilter('project_id', value)}
        />
        <FilterSelect
          label={m.statusLabel}
          value={status ?? ''}
          options={[{ value: '', label: m.statusAll }, ...SUPPORT_THREAD_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))]}
          onChange={(value) => setFilter('status', value)}
        />
      </div>
      <QueryView query={threads} loading={m.loading} failed={m.loadFailed} empty={{ text: m.empty, when: () => rows.length === 0 }}>
        {(loaded) => (
          <>
            <p className="support__count">{fillMessage(m.unansweredCount, { count: loaded.pages[0]?.unanswered ?? 0 })}</p>
            <ul className="support__threads" aria-busy={threads.isFetchingNextPage}>
              {rows.map((thread, index) => (
                <li key={thread.id}>
                  <ThreadRow thread={thread} ref={index === focusIndex ? focusRef : undefined} />
                </li>
              ))}
            </ul>
            <ShowMore query={threads} shown={rows.length} failed={m.loadFailed} loadMore={loadMore} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function ThreadRow({ thread, ref }: { thread: SupportThreadSummary; ref?: Ref<HTMLAnchorElement> | undefined }) {
  return (
    <Link
      ref={ref}
      to={`/dashboard/support/${thread.id}`}
      className={thread.unanswered ? 'panel support-row support-row--unanswered' : 'panel support-row'}
    >
      <span className="support-row__head">
        <span className="support-row__shopper">{shopperName(thread.buyer)}</span>
        <ThreadStatus thread={thread} />
      </span>
      <span className="support-row__preview">{thread.last_text ?? m.photo}</span>
      <span className="support-row__meta">
        {thread.project_name} · {formatDateTime(thread.last_message_at)}
      </span>
    </Link>
  );
}
