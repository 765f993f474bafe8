import { useEffect, useRef, useState, type Ref } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { Buyer } from '../../../../contract/receipts.js';
import { useActionsQuery } from '../../../api/actions.js';
import { useBuyersQuery } from '../../../api/buyers.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { ShowMore, useFocusFirstNew } from '../../../components/show-more.js';
import { formatDate, formatNumber, formatRubles } from '../../../lib/format.js';
import { projectFilterOptions } from '../receipts/project-filter.js';
import { ProjectFilterSelect } from '../receipts/project-filter-select.js';
import { tickState } from './buyer-ticks.js';
import { BuyerName } from '../buyers/buyer-name.js';

const r = messages.receipts;
const rs = messages.receiptScreens;
const s = messages.mailingScreen;

/**
 * The seller's buyers with a checkbox each (SPEC §2), filtered by action like the Buyers
 * screen and loaded 100 at a time. Ticks survive a filter change: the count says how many.
 */
export function BuyerPicker({
  senderAction,
  ticked,
  onTick,
  onClear,
}: {
  /** The action whose bot sends the mailing: only its shoppers (they wrote to that bot) are listed. */
  senderAction: { id: number; name: string } | null;
  ticked: ReadonlySet<string>;
  onTick: (buyerIds: readonly string[], checked: boolean) => void;
  onClear: () => void;
}) {
  const [filterActionId, setActionId] = useState<number | null>(null);
  const actionId = senderAction?.id ?? filterActionId;
  const buyers = useBuyersQuery({ actionId, periodDays: null, suspicious: false, sort: null });
  const actions = useActionsQuery();
  // The Buyers screen keeps the last list while another filter loads; here those rows would be
  // another bot's shoppers offered for ticking, so a changed filter shows the loading state.
  const shown = buyers.isPlaceholderData ? { ...buyers, isPending: true } : buyers;
  const rows = buyers.data?.pages.flatMap((page) => page.buyers) ?? [];
  const total = buyers.data?.pages[0]?.summary.buyers_count ?? rows.length;
  const { focusIndex, focusRef, loadMore } = useFocusFirstNew<HTMLInputElement>(rows.length);

  return (
    <Panel title={s.buyersTitle}>
      {senderAction ? (
        <p className="mailing-hint">{fillMessage(s.senderActionBuyers, { name: senderAction.name })}</p>
      ) : (
        <div className="filters">
          <ProjectFilterSelect
            options={projectFilterOptions({ actions: actions.data ?? [], selectedId: actionId })}
            value={actionId}
            onChange={setActionId}
          />
        </div>
      )}
      <div className="mailing-ticks">
        <p className="mailing-ticks__count" role="status">
          {fillMessage(s.tickedCount, { count: formatNumber(ticked.size) })}
        </p>
        {ticked.size > 0 && (
          <button type="button" className="button button--secondary button--small" onClick={onClear}>
            {s.clearTicks}
          </button>
        )}
      </div>
      <QueryView
        query={shown}
        loading={rs.buyersLoading}
        failed={r.buyersLoadFailed}
        empty={{ text: r.buyersEmpty, when: () => rows.length === 0 }}
      >
        {() => (
          <div className="mailing-buyers" aria-busy={buyers.isFetching}>
            <BuyerTickTable buyers={rows} ticked={ticked} onTick={onTick} focusIndex={focusIndex} focusRef={focusRef} />
            <ShowMore query={buyers} shown={rows.length} total={total} failed={r.buyersLoadFailed} loadMore={loadMore} />
          </div>
        )}
      </QueryView>
    </Panel>
  );
}

function BuyerTickTable({
  buyers,
  ticked,
  onTick,
  focusIndex,
  focusRef,
}: {
  buyers: readonly Buyer[];
  ticked: ReadonlySet<string>;
  onTick: (buyerIds: readonly string[], checked: boolean) => void;
  focusIndex: number | null;
  focusRef: Ref<HTMLInputElement>;
}) {
  const ids = buyers.map((buyer) => buyer.buyer_id);
  const all = tickState(ids, ticked);
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = all === 'some';
  }, [all]);

  return (
    // Cards on a phone, as the Buyers screen: every column in view at 375 px.
    <ScrollTable caption={s.buyersCaption} className="mailing-buyers__table" cards>
      <thead>
        <tr>
          <th scope="col" className="mailing-buyers__tick">
            <input
              ref={selectAllRef}
              type="checkbox"
              aria-label={s.selectAll}
              checked={all === 'all'}
              onChange={(event) => onTick(ids, event.target.checked)}
            />
          </th>
          <th scope="col">{rs.columnBuyer}</th>
          <th scope="col" className="data-table__number">
            {rs.columnReceipts}
          </th>
          <th scope="col" className="data-table__number">
            {rs.columnAmount}
          </th>
          <th scope="col">{rs.columnLastPurchase}</th>
        </tr>
      </thead>
      <tbody>
        {buyers.map((buyer, index) => (
          <tr key={buyer.buyer_id}>
            <td className="mailing-buyers__tick">
              <input
                ref={index === focusIndex ? focusRef : undefined}
                type="checkbox"
                aria-label={fillMessage(s.selectBuyer, { id: buyer.buyer_id })}
                checked={ticked.has(buyer.buyer_id)}
                onChange={(event) => onTick([buyer.buyer_id], event.target.checked)}
              />
            </td>
            <DataCell label={rs.columnBuyer}>
              <BuyerName buyer={buyer} />
            </DataCell>
            <DataCell label={rs.columnReceipts} className="data-table__number">
              {formatNumber(buyer.successful_receipts_count)}
            </DataCell>
            <DataCell label={rs.columnAmount} className="data-table__number">
              {formatRubles(buyer.total_amount)}
            </DataCell>
            <DataCell label={rs.columnLastPurchase}>{formatDate(buyer.last_receipt_at)}</DataCell>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
