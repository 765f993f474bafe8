import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { ModerationItem } from '../../../../contract/moderation.js';
import { useActionsQuery } from '../../../api/actions.js';
import { useModerationQueueQuery } from '../../../api/moderation.js';
import { Banner } from '../../../components/banner.js';
import { FilterSelect } from '../../../components/filter-select.js';
import type { Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { ShowMore, useFocusFirstNew } from '../../../components/show-more.js';
import { parseActionId } from '../../../lib/action-id.js';
import { usePageTitle } from '../page-title.js';
import { projectFilterOptions } from '../receipts/project-filter.js';
import { ModerationCard } from './moderation-card.js';
import '../../../components/panel.css';
import './moderation.css';

const m = messages.moderation;

/**
 * /dashboard/moderation?project_id=…: the screenshots of reviews and the photos with
 * the product the action's shoppers sent its bot, pending first, each beside the shopper's
 * successful receipts, with «Одобрить» and «Отклонить»; a page at a time («Показать ещё»).
 */
export function ModerationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const actionId = parseActionId(searchParams.get('project_id') ?? undefined);
  const actions = useActionsQuery();
  const queue = useModerationQueueQuery(actionId);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const { focusIndex, focusRef, loadMore } = useFocusFirstNew<HTMLElement>(items.length);
  const [notice, setNotice] = useState<Notice | null>(null);
  const options = projectFilterOptions({ actions: actions.data ?? [], selectedId: actionId });

  return (
    <section className="dashboard-page moderation">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p className="moderation__intro">{m.intro}</p>
      <Banner tone="info">{m.marketplaceRules}</Banner>
      <div className="filters">
        <FilterSelect
          label={m.actionLabel}
          value={actionId === null ? '' : String(actionId)}
          options={[{ value: '', label: m.chooseAction }, ...options.map(({ id, label }) => ({ value: String(id), label }))]}
          onChange={(value) => {
            setNotice(null);
            setSearchParams(value ? { project_id: value } : {}, { replace: true });
          }}
        />
      </div>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      {actionId === null ? (
        <Banner tone="info">{m.chooseAction}</Banner>
      ) : (
        <QueryView query={queue} loading={m.loading} failed={m.loadFailed} empty={{ text: m.empty, when: () => items.length === 0 }}>
          {(loaded) => (
            <>
              <p className="moderation__pending">{fillMessage(m.pendingCount, { count: loaded.pages[0]?.pending ?? 0 })}</p>
              <ul className="moderation__list" aria-busy={queue.isFetchingNextPage}>
                {items.map((item: ModerationItem, index) => (
                  <li key={item.id}>
                    <ModerationCard
                      item={item}
                      actionId={actionId}
                      onDecided={setNotice}
                      ref={index === focusIndex ? focusRef : undefined}
                    />
                  </li>
                ))}
              </ul>
              <ShowMore query={queue} shown={items.length} failed={m.loadFailed} loadMore={loadMore} />
            </>
          )}
        </QueryView>
      )}
    </section>
  );
}
