import { useEffect, useRef } from 'react';
import { formatPoints } from '../../../contract/format.js';
import type { PublicProduct } from '../../../contract/shop.js';
import { fillText, publicShopMessages as t } from '../../../contract/public-shop.js';

interface Props {
  product: PublicProduct;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before points are spent. A native modal <dialog>: focus stays inside, Escape cancels. */
export function ConfirmDialog({ product, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="shop-dialog"
      aria-labelledby="shop-confirm-title"
      aria-describedby="shop-confirm-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="shop-confirm-title">{t.confirmTitle}</h2>
      <p id="shop-confirm-text">{fillText(t.confirmText, { title: product.title, price: formatPoints(product.price_points) })}</p>
      <div className="shop-dialog__actions">
        <button type="button" className="shop-button shop-button--secondary" onClick={onCancel}>
          {t.cancel}
        </button>
        <button type="button" className="shop-button" onClick={onConfirm} autoFocus>
          {t.confirm}
        </button>
      </div>
    </dialog>
  );
}
