import { useState } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { ORDER_STATUS_LABELS, type OrderStatus, type ShopOrder } from '../../../../contract/shop.js';
import { useCloseOrderMutation, useShopOrdersQuery } from '../../../api/shop.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { StatusBadge, type StatusTone } from '../../../components/status-badge.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { PriceCell, ShopTable, type ShopColumn } from './shop-table.js';

const s = messages.shopScreen;

const ORDER_COLUMNS: readonly ShopColumn[] = [
  { label: s.columnTime },
  { label: s.columnBuyer },
  { label: s.columnTitle },
  { label: s.columnPrice, numeric: true },
  { label: s.columnState },
  { label: s.columnActions },
];

const ORDER_STATUS_TONES: Record<OrderStatus, StatusTone> = {
  pending: 'warning',
  fulfilled: 'success',
  cancelled: 'neutral',
};

/** A buyer as the seller knows them: the Telegram ID, and the name Telegram gave when there is one. */
function buyerOf(order: ShopOrder): string {
  return order.buyer_name ? `${order.buyer_name} (${order.buyer_tg_id})` : order.buyer_tg_id;
}

/**
 * Exchange requests (not in SPEC: the seller must know what to hand out). A pending one
 * is closed with «Выдан», or «Отменить» after a confirmation (the points go back).
 */
export function OrdersPanel({ projectId }: { projectId: number }) {
  const orders = useShopOrdersQuery(projectId);
  const close = useCloseOrderMutation(projectId);
  const [cancelling, setCancelling] = useState<ShopOrder | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const closeOrder = (order: ShopOrder, action: 'fulfil' | 'cancel') => {
    setNotice(null);
    close.mutate(
      { orderId: order.id, action },
      {
        onSuccess: ({ message }) => setNotice(successNotice(message)),
        onError: (failure) => setNotice(errorNotice(failure, action === 'fulfil' ? s.fulfilFailed : s.cancelOrderFailed)),
        onSettled: () => setCancelling(null),
      },
    );
  };

  return (
    <Panel title={s.ordersTitle}>
      <p className="shop-hint">{s.ordersHint}</p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <QueryView
        query={orders}
        loading={s.ordersLoading}
        failed={s.ordersLoadFailed}
        empty={{ text: s.ordersEmpty, when: (list) => list.length === 0 }}
      >
        {(list) => (
          <ShopTable className="shop-orders" caption={s.ordersCaption} columns={ORDER_COLUMNS}>
            {list.map((order) => {
              const named = { title: order.title, buyer: order.buyer_tg_id };
              return (
                <tr key={order.id} data-order-id={order.id}>
                  <td data-label={s.columnTime}>{formatDateTime(order.created_at)}</td>
                  <td data-label={s.columnBuyer}>{buyerOf(order)}</td>
                  <th scope="row" className="shop-table__title">
                    {order.title}
                  </th>
                  <PriceCell points={order.price_points} />
                  <td data-label={s.columnState}>
                    <StatusBadge tone={ORDER_STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</StatusBadge>
                  </td>
                  <td className="shop-table__actions">
                    {order.status === 'pending' && (
                      <div className="shop-actions">
                        <button
                          type="button"
                          className="button button--primary button--small"
                          disabled={close.isPending}
                          aria-label={fillMessage(s.fulfilNamed, named)}
                          onClick={() => closeOrder(order, 'fulfil')}
                        >
                          {s.fulfil}
                        </button>
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          disabled={close.isPending}
                          aria-label={fillMessage(s.cancelOrderNamed, named)}
                          onClick={() => setCancelling(order)}
                        >
                          {s.cancelOrder}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </ShopTable>
        )}
      </QueryView>
      {cancelling && (
        <ConfirmDialog
          title={s.cancelOrderTitle}
          confirmLabel={s.cancelOrderConfirm}
          pending={close.isPending}
          onConfirm={() => closeOrder(cancelling, 'cancel')}
          onClose={() => setCancelling(null)}
        >
          <p>{fillMessage(s.cancelOrderText, { points: formatNumber(cancelling.price_points), buyer: buyerOf(cancelling) })}</p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
