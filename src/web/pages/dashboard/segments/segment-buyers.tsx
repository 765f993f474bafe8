import { useState } from 'react';
import { Link } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { Segment, SegmentBuyer } from '../../../../contract/segments.js';
import { useSegmentBuyersQuery } from '../../../api/segments.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { QueryView } from '../../../components/query-view.js';
import { formatDateTime, formatNumber, formatRubles } from '../../../lib/format.js';
import { buyerCardPath } from '../buyers/buyer-card-path.js';

const m = messages.segments;

/** The segment's shoppers as they match now, a page at a time; each links to the buyer card. */
export function SegmentBuyers({ segment }: { segment: Segment }) {
  const [page, setPage] = useState(1);
  const query = useSegmentBuyersQuery(segment.id, page);
  return (
    <QueryView
      query={query}
      loading={m.buyersLoading}
      failed={m.buyersFailed}
      empty={{ text: m.buyersEmpty, when: (data) => data.buyers.length === 0 }}
    >
      {(data) => (
        <>
          <ScrollTable caption={fillMessage(m.buyersCaption, { name: segment.name })} cards>
            <thead>
              <tr>
                <th scope="col">{m.columnTgId}</th>
                <th scope="col">{m.columnName}</th>
                <th scope="col">{m.columnPoints}</th>
                <th scope="col">{m.columnLevel}</th>
                <th scope="col">{m.columnReceipts}</th>
                <th scope="col">{m.columnTotal}</th>
                <th scope="col">{m.columnLastPurchase}</th>
              </tr>
            </thead>
            <tbody>
              {data.buyers.map((buyer) => (
                <BuyerRow key={buyer.tg_id} buyer={buyer} actionId={segment.project_id} />
              ))}
            </tbody>
          </ScrollTable>
          {data.pagination.total_pages > 1 && (
            <nav className="segment-buyers__pages" aria-label={m.pagesLabel}>
              <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {m.previousPage}
              </button>
              <span>{fillMessage(m.pageOf, { page, pages: data.pagination.total_pages })}</span>
              <button
                type="button"
                className="button button--secondary"
                disabled={page >= data.pagination.total_pages}
                onClick={() => setPage(page + 1)}
              >
                {m.nextPage}
              </button>
            </nav>
          )}
        </>
      )}
    </QueryView>
  );
}

function BuyerRow({ buyer, actionId }: { buyer: SegmentBuyer; actionId: number }) {
  return (
    <tr>
      <DataCell label={m.columnTgId}>
        <Link to={buyerCardPath(buyer.tg_id, actionId)}>{buyer.tg_id}</Link>
      </DataCell>
      <DataCell label={m.columnName}>{buyer.name ?? '—'}</DataCell>
      <DataCell label={m.columnPoints}>{formatNumber(buyer.points)}</DataCell>
      <DataCell label={m.columnLevel}>{buyer.level ?? '—'}</DataCell>
      <DataCell label={m.columnReceipts}>{formatNumber(buyer.receipts)}</DataCell>
      <DataCell label={m.columnTotal}>{formatRubles(buyer.total)}</DataCell>
      <DataCell label={m.columnLastPurchase}>{buyer.last_purchase_at ? formatDateTime(buyer.last_purchase_at) : '—'}</DataCell>
    </tr>
  );
}
