import { useState } from 'react';
import { Link } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { ShopProduct } from '../../../../contract/shop.js';
import { useDeleteProductMutation, useReorderProductMutation, useUpdateProductMutation } from '../../../api/shop.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { PriceCell, ShopTable, type ShopColumn } from './shop-table.js';
import { moveLimits } from './shop-view.js';
import { formatNumber } from '../../../lib/format.js';

const m = messages.shop;
const s = messages.shopScreen;

const PRODUCT_COLUMNS: readonly ShopColumn[] = [
  { label: s.columnImage },
  { label: s.columnTitle },
  { label: s.columnPrice, numeric: true },
  { label: s.columnQuantity, numeric: true },
  { label: s.columnStatus },
  { label: s.columnActions },
];

/**
 * The products in the buyers' order (SPEC §2): move up / down, hide / show, edit, delete
 * after a confirmation. A table on wide screens; each row becomes a card on a phone
 * (shop.css), so every button stays in reach without sideways scrolling.
 */
export function ProductsTable({
  projectId,
  products,
  editingId,
  onEdit,
  onNotice,
}: {
  projectId: number;
  products: readonly ShopProduct[];
  editingId: number | null;
  onEdit: (product: ShopProduct) => void;
  onNotice: (notice: Notice | null) => void;
}) {
  const reorder = useReorderProductMutation(projectId);
  const update = useUpdateProductMutation(projectId);
  const remove = useDeleteProductMutation(projectId);
  const [deleting, setDeleting] = useState<ShopProduct | null>(null);
  const busy = reorder.isPending || update.isPending || remove.isPending;
  const failed = (fallback: string) => (failure: Error) => onNotice(errorNotice(failure, fallback));

  const move = (product: ShopProduct, direction: 'up' | 'down') => {
    onNotice(null);
    reorder.mutate({ productId: product.id, direction }, { onError: failed(m.productReorderFailed) });
  };

  const toggle = (product: ShopProduct) => {
    onNotice(null);
    update.mutate(
      { id: product.id, fields: { is_active: !product.is_active }, fallbackMessage: m.productStatusFailed },
      { onError: failed(m.productStatusFailed) },
    );
  };

  const confirmDelete = (product: ShopProduct) => {
    onNotice(null);
    remove.mutate(product.id, {
      onSuccess: ({ message }) => onNotice(successNotice(message)),
      onError: failed(m.productDeleteFailed),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <ShopTable className="shop-products" caption={s.productsCaption} columns={PRODUCT_COLUMNS}>
        {products.map((product, index) => {
          const { canMoveUp, canMoveDown } = moveLimits(index, products.length);
          const named = { title: product.title };
          return (
            <tr key={product.id} className={product.id === editingId ? 'shop-table__row--editing' : undefined}>
              <td className="shop-table__image">
                {product.image_url ? (
                  <img src={product.image_url} alt="" loading="lazy" />
                ) : (
                  <span className="shop-table__no-image">{s.noImage}</span>
                )}
              </td>
              <th scope="row" className="shop-table__title">
                <span className="shop-table__name">{product.title}</span>
                {product.description && <span className="shop-table__description">{product.description}</span>}
              </th>
              <PriceCell points={product.price_points} />
              <td className="data-table__number" data-label={s.columnQuantity}>
                {product.quantity === null ? s.quantityUnlimited : formatNumber(product.quantity)}
              </td>
              <td data-label={s.columnStatus}>
                <StatusBadge tone={product.is_active ? 'success' : 'neutral'}>
                  {product.is_active ? m.productActive : m.productHidden}
                </StatusBadge>
              </td>
              <td className="shop-table__actions">
                <div className="shop-actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={!canMoveUp || busy}
                    aria-label={fillMessage(s.moveUpNamed, named)}
                    onClick={() => move(product, 'up')}
                  >
                    ↑ {s.moveUp}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={!canMoveDown || busy}
                    aria-label={fillMessage(s.moveDownNamed, named)}
                    onClick={() => move(product, 'down')}
                  >
                    ↓ {s.moveDown}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={busy}
                    aria-label={fillMessage(product.is_active ? s.hideNamed : s.showNamed, named)}
                    onClick={() => toggle(product)}
                  >
                    {product.is_active ? s.hide : s.show}
                  </button>
                  <Link
                    className="button button--secondary button--small"
                    to={`/dashboard/mailing?project_id=${projectId}&announce=${product.id}`}
                    aria-label={fillMessage(messages.mailingScheduleScreen.announceNamed, named)}
                  >
                    {messages.mailingScheduleScreen.announce}
                  </Link>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={fillMessage(s.editNamed, named)}
                    onClick={() => onEdit(product)}
                  >
                    {s.edit}
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    disabled={busy}
                    aria-label={fillMessage(s.deleteNamed, named)}
                    onClick={() => setDeleting(product)}
                  >
                    {s.delete}
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </ShopTable>
      {deleting && (
        <ConfirmDialog
          title={m.productDeleteConfirm}
          confirmLabel={s.delete}
          pendingLabel={s.deleting}
          pending={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>«{deleting.title}»</p>
        </ConfirmDialog>
      )}
    </>
  );
}
