import { useId, useState } from 'react';
import type { Action } from '../../../../contract/actions.js';
import { MONTH_NAMES } from '../../../../contract/engagement.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { Segment } from '../../../../contract/segments.js';
import { useActionsQuery } from '../../../api/actions.js';
import { useDeleteSegmentMutation, useSegmentsQuery } from '../../../api/segments.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { EmptyState } from '../../../components/list-state.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { formatNumber } from '../../../lib/format.js';
import { usePageTitle } from '../page-title.js';
import { SegmentBuilder } from './segment-builder.js';
import { SegmentBuyers } from './segment-buyers.js';
import { describeConditions } from './segment-form-model.js';
import '../../../components/panel.css';
import '../../../components/data-table.css';
import './segments.css';

const m = messages.segments;

const CONDITION_LABELS = {
  item_contains: m.itemLabel,
  total_min: m.totalMinLabel,
  total_max: m.totalMaxLabel,
  last_purchase_within_days: m.withinLabel,
  last_purchase_not_within_days: m.notWithinLabel,
  level: m.levelLabel,
  birthday_month: m.monthLabel,
  took_part: m.tookPartLabel,
  invited_min: m.invitedLabel,
  points_min: m.pointsLabel,
};

/** `/dashboard/segments`: an action's segments with their live counts, the builder, each segment's shoppers. */
export function SegmentsPage() {
  const actions = useActionsQuery();
  const [pickedId, setPickedId] = useState<number | null>(null);
  const list = actions.data ?? [];
  const action = list.find((candidate) => candidate.id === pickedId) ?? list[0] ?? null;

  return (
    <section className="dashboard-page segments-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p>{m.intro}</p>
      <QueryView
        query={actions}
        loading={m.loading}
        failed={messages.common.dashboardLoadFailed}
        empty={{ text: m.noActions, when: (data) => data.length === 0 }}
      >
        {(data) => (
          <>
            <FilterSelect
              label={m.actionLabel}
              value={String(action?.id ?? '')}
              options={data.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
              onChange={(value) => setPickedId(Number(value))}
            />
            {action && <ActionSegments key={action.id} action={action} />}
          </>
        )}
      </QueryView>
    </section>
  );
}

/** What the builder edits: nothing (closed), a new segment, or a saved one. */
type Editing = { segment: Segment | null } | null;

function ActionSegments({ action }: { action: Action }) {
  const query = useSegmentsQuery(action.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleBuilderDone = (message: string) => {
    setEditing(null);
    setNotice(message ? successNotice(message) : null);
  };

  return (
    <>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      {editing ? (
        <SegmentBuilder key={editing.segment?.id ?? 'new'} action={action} segment={editing.segment} onDone={handleBuilderDone} />
      ) : (
        <p>
          <button type="button" className="button button--primary" onClick={() => setEditing({ segment: null })}>
            {m.newSegment}
          </button>
        </p>
      )}
      <QueryView
        query={query}
        loading={m.loading}
        failed={m.loadFailed}
        empty={{ text: m.empty, when: (data) => data.segments.length === 0 }}
      >
        {(data) => (
          <ul className="segments-page__list">
            {data.segments.map((segment) => (
              <li key={segment.id}>
                <SegmentCard segment={segment} onEdit={() => setEditing({ segment })} onNotice={setNotice} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}

function SegmentCard({ segment, onEdit, onNotice }: { segment: Segment; onEdit: () => void; onNotice: (notice: Notice) => void }) {
  const titleId = useId();
  const remove = useDeleteSegmentMutation(segment.project_id);
  const [showBuyers, setShowBuyers] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const lines = describeConditions(segment.conditions, CONDITION_LABELS).map((line) =>
    segment.conditions.birthday_month !== undefined && line.startsWith(m.monthLabel)
      ? `${m.monthLabel}: ${MONTH_NAMES[segment.conditions.birthday_month - 1]}`
      : line,
  );

  const handleRemove = () =>
    remove.mutate(segment.id, {
      onSuccess: ({ message }) => onNotice(successNotice(message)),
      onError: (error) => onNotice(errorNotice(error, m.deleteFailed)),
      onSettled: () => setConfirming(false),
    });

  return (
    <article className="panel segment-card" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {segment.name}
      </h2>
      <p className="segment-card__count">{fillMessage(m.count, { count: formatNumber(segment.count) })}</p>
      {lines.length === 0 ? (
        <p className="segment-card__meta">{m.allShoppers}</p>
      ) : (
        <ul className="segment-card__conditions">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <div className="segment-card__actions">
        <button type="button" className="button button--secondary" aria-expanded={showBuyers} onClick={() => setShowBuyers(!showBuyers)}>
          {showBuyers ? m.hideBuyers : m.showBuyers}
        </button>
        <button type="button" className="button button--secondary" onClick={onEdit}>
          {m.edit}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {m.remove}
        </button>
      </div>
      {showBuyers && (segment.count === 0 ? <EmptyState>{m.buyersEmpty}</EmptyState> : <SegmentBuyers segment={segment} />)}
      {confirming && (
        <ConfirmDialog
          title={fillMessage(m.removeTitle, { name: segment.name })}
          tone="danger"
          confirmLabel={m.remove}
          pending={remove.isPending}
          onConfirm={handleRemove}
          onClose={() => setConfirming(false)}
        >
          <p>{m.removeText}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
