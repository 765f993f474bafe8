import { fillMessage, messages } from '../../../../contract/messages.js';
import { POINTS_ACTOR_LABELS, type BuyerCard } from '../../../../contract/points.js';
import { useBuyerLedgerQuery } from '../../../api/buyers.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { EmptyState } from '../../../components/list-state.js';
import { Panel } from '../../../components/panel.js';
import { ShowMore, useFocusFirstNew } from '../../../components/show-more.js';
import { WarrantiesTable } from '../../../components/warranties-table.js';
import { formatDateTime, formatNumber, formatRubles, formatSignedNumber } from '../../../lib/format.js';
import { CancelReceiptDialog, useCancelDialog } from '../receipts/cancel-receipt-dialog.js';

const c = messages.buyerCard;
const p = messages.points;
const s = messages.receiptScreens;
const cancelTexts = messages.receiptCancel;
const moscow = (iso: string) => formatDateTime(iso, { withZone: false });

/** Every movement of the buyer's points, newest first, with the balance after each, a page at a time. */
export function LedgerPanel({ tgId, actionId, card }: { tgId: string; actionId: number; card: BuyerCard }) {
  const pages = useBuyerLedgerQuery(tgId, actionId, card);
  const ledger = pages.data.pages.flatMap((page) => page.ledger);
  const { focusIndex, focusRef, loadMore } = useFocusFirstNew<HTMLTableRowElement>(ledger.length);
  return (
    <Panel title={c.ledgerTitle}>
      {ledger.length === 0 ? (
        <EmptyState>{c.ledgerEmpty}</EmptyState>
      ) : (
        <ScrollTable caption={c.ledgerTitle} className="buyer-card__ledger" cards>
          <thead>
            <tr>
              <th scope="col">{c.columnDate}</th>
              <th scope="col">{c.columnKind}</th>
              <th scope="col">{c.columnReason}</th>
              <th scope="col" className="data-table__number">
                {c.columnDelta}
              </th>
              <th scope="col" className="data-table__number">
                {c.columnBalance}
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((row, index) => (
              <tr key={row.id} ref={index === focusIndex ? focusRef : undefined} tabIndex={-1}>
                <DataCell label={c.columnDate}>{moscow(row.created_at)}</DataCell>
                <DataCell label={c.columnKind}>
                  {row.kind_label}
                  <span className="buyer-card__actor"> · {POINTS_ACTOR_LABELS[row.actor]}</span>
                </DataCell>
                <DataCell label={c.columnReason}>{row.reason}</DataCell>
                <DataCell label={c.columnDelta} className={`data-table__number buyer-card__delta--${row.delta > 0 ? 'credit' : 'debit'}`}>
                  {row.delta !== 0 || row.held_delta === 0 ? formatSignedNumber(row.delta) : null}
                  {row.held_delta !== 0 && (
                    <span className="buyer-card__held">{fillMessage(p.heldMovement, { delta: formatSignedNumber(row.held_delta) })}</span>
                  )}
                </DataCell>
                <DataCell label={c.columnBalance} className="data-table__number">
                  {formatNumber(row.balance_after)}
                  {row.held_after > 0 && (
                    <span className="buyer-card__held">{fillMessage(p.heldAfter, { points: formatNumber(row.held_after) })}</span>
                  )}
                </DataCell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <ShowMore query={pages} shown={ledger.length} failed={c.ledgerLoadFailed} loadMore={loadMore} />
    </Panel>
  );
}

/** The buyer's receipts in the action; an accepted one can be cancelled here (a return), a cancelled one says when and why. */
export function ReceiptsPanel({ receipts }: { receipts: BuyerCard['receipts'] }) {
  const cancelDialog = useCancelDialog(receipts);
  return (
    <Panel title={c.receiptsTitle}>
      {receipts.length === 0 ? (
        <EmptyState>{c.receiptsEmpty}</EmptyState>
      ) : (
        <div ref={cancelDialog.fallbackRef} tabIndex={-1}>
          <ScrollTable caption={c.receiptsTitle} cards>
            <thead>
              <tr>
                <th scope="col">{c.columnDate}</th>
                <th scope="col">{c.columnReceipt}</th>
                <th scope="col">{c.columnStatus}</th>
                <th scope="col" className="data-table__number">
                  {c.columnTotal}
                </th>
                <th scope="col" className="data-table__number">
                  {c.columnAwarded}
                </th>
                <th scope="col">{cancelTexts.columnAction}</th>
              </tr>
            </thead>
            <tbody>
              {receipts.map((receipt) => (
                <tr key={receipt.id}>
                  <DataCell label={c.columnDate}>{moscow(receipt.scanned_at)}</DataCell>
                  <DataCell label={c.columnReceipt}>{fillMessage(c.receiptNumber, { id: receipt.id })}</DataCell>
                  <DataCell label={c.columnStatus}>
                    {receipt.cancelled_at === null ? (
                      receipt.status_label
                    ) : (
                      <span className="buyer-card__cancelled">
                        {fillMessage(cancelTexts.cancelledLine, {
                          date: formatDateTime(receipt.cancelled_at),
                          reason: receipt.cancel_reason ?? '',
                        })}
                        <span>{`${cancelTexts.pointsCancelled}: ${formatNumber(receipt.points_cancelled ?? 0)}`}</span>
                      </span>
                    )}
                  </DataCell>
                  <DataCell label={c.columnTotal} className="data-table__number">
                    {receipt.total === null ? s.notAvailable : formatRubles(receipt.total)}
                  </DataCell>
                  <DataCell label={c.columnAwarded} className="data-table__number">
                    {formatNumber(receipt.points_awarded)}
                  </DataCell>
                  <DataCell label={cancelTexts.columnAction}>
                    {receipt.status === 'success' ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={fillMessage(cancelTexts.cancelButtonFor, { id: receipt.id })}
                        onClick={() => cancelDialog.open(receipt.id)}
                      >
                        {cancelTexts.cancelButton}
                      </button>
                    ) : (
                      s.notAvailable
                    )}
                  </DataCell>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </div>
      )}
      {cancelDialog.receiptId !== null && <CancelReceiptDialog receiptId={cancelDialog.receiptId} onClose={cancelDialog.close} />}
    </Panel>
  );
}

export function OrdersPanel({ orders }: { orders: BuyerCard['orders'] }) {
  return (
    <Panel title={c.ordersTitle}>
      {orders.length === 0 ? (
        <EmptyState>{c.ordersEmpty}</EmptyState>
      ) : (
        <ScrollTable caption={c.ordersTitle} cards>
          <thead>
            <tr>
              <th scope="col">{c.columnDate}</th>
              <th scope="col">{c.columnProduct}</th>
              <th scope="col" className="data-table__number">
                {c.columnPrice}
              </th>
              <th scope="col">{c.columnStatus}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <DataCell label={c.columnDate}>{moscow(order.created_at)}</DataCell>
                <DataCell label={c.columnProduct}>{order.title}</DataCell>
                <DataCell label={c.columnPrice} className="data-table__number">
                  {formatNumber(order.price_points)}
                </DataCell>
                <DataCell label={c.columnStatus}>{order.status_label}</DataCell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </Panel>
  );
}

export function PromoCodesPanel({ promoCodes }: { promoCodes: BuyerCard['promo_codes'] }) {
  return (
    <Panel title={c.promoCodesTitle}>
      {promoCodes.length === 0 ? (
        <EmptyState>{c.promoCodesEmpty}</EmptyState>
      ) : (
        <ScrollTable caption={c.promoCodesTitle} cards>
          <thead>
            <tr>
              <th scope="col">{c.columnDate}</th>
              <th scope="col">{c.columnCode}</th>
              <th scope="col">{c.columnReceipt}</th>
            </tr>
          </thead>
          <tbody>
            {promoCodes.map((promo) => (
              <tr key={promo.code}>
                <DataCell label={c.columnDate}>{moscow(promo.issued_at)}</DataCell>
                <DataCell label={c.columnCode}>
                  <code>{promo.code}</code>
                </DataCell>
                <DataCell label={c.columnReceipt}>
                  {promo.receipt_id === null ? s.notAvailable : fillMessage(c.receiptNumber, { id: promo.receipt_id })}
                </DataCell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </Panel>
  );
}

/** Who invited whom (referral programme), the buyer on either side, with each invitation's status and why it was refused. */
export function ReferralsPanel({ referrals }: { referrals: BuyerCard['referrals'] }) {
  const r = messages.referral;
  const person = (tgId: string, name: string | null) => (name ? `${name} (${tgId})` : tgId);
  return (
    <Panel title={r.cardTitle}>
      {referrals.length === 0 ? (
        <EmptyState>{r.cardEmpty}</EmptyState>
      ) : (
        <ScrollTable caption={r.cardTitle} cards>
          <thead>
            <tr>
              <th scope="col">{c.columnDate}</th>
              <th scope="col">{r.cardInviter}</th>
              <th scope="col">{r.cardFriend}</th>
              <th scope="col">{r.cardStatus}</th>
            </tr>
          </thead>
          <tbody>
            {referrals.map((referral) => (
              <tr key={referral.id}>
                <DataCell label={c.columnDate}>{moscow(referral.joined_at)}</DataCell>
                <DataCell label={r.cardInviter}>{person(referral.inviter_tg_id, referral.inviter_name)}</DataCell>
                <DataCell label={r.cardFriend}>{person(referral.friend_tg_id, referral.friend_name)}</DataCell>
                <DataCell label={r.cardStatus}>
                  {referral.refusal_label ? `${referral.status_label}: ${referral.refusal_label}` : referral.status_label}
                </DataCell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </Panel>
  );
}

/** The electronic warranties the buyer's receipts brought. */
export function WarrantiesPanel({ warranties }: { warranties: BuyerCard['warranties'] }) {
  const w = messages.serviceDesk;
  return (
    <Panel title={w.cardTitle}>
      {warranties.length === 0 ? <EmptyState>{w.cardEmpty}</EmptyState> : <WarrantiesTable warranties={warranties} caption={w.cardTitle} />}
    </Panel>
  );
}
