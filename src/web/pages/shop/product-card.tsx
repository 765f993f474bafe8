import type { PublicProduct } from '../../../contract/shop.js';
import { fillText, PRELOADED_IMAGES, publicShopMessages as t } from '../../../contract/public-shop.js';
import { formatPoints } from '../../lib/format.js';

interface Props {
  product: PublicProduct;
  index: number;
  /** The buyer's balance; null while unknown (not in Telegram, or still loading). */
  points: number | null;
  busy: boolean;
  /** The product the shop was opened for (an announcement's button). */
  announced?: boolean;
  onExchange: (product: PublicProduct) => void;
}

/** One product: picture (3:4), title, description, price and 'Обменять'. */
export function ProductCard({ product, index, points, busy, announced = false, onExchange }: Props) {
  const short = product.in_stock && points !== null && points < product.price_points;
  const hintId = `product-${product.id}-hint`;
  // SPEC §9: the first 4 pictures load at once and first; the rest when scrolled near.
  const preload = index < PRELOADED_IMAGES;
  return (
    <li className={announced ? 'shop-card shop-card--announced' : 'shop-card'}>
      {product.image_url ? (
        <img
          className="shop-card__image"
          src={product.image_url}
          alt=""
          width={300}
          height={400}
          loading={preload ? 'eager' : 'lazy'}
          fetchPriority={preload ? 'high' : 'auto'}
          decoding="async"
        />
      ) : (
        <div className="shop-card__image shop-card__image--empty" aria-hidden="true">
          {t.noImage}
        </div>
      )}
      <div className="shop-card__body">
        {announced ? <p className="shop-card__badge">{t.announced}</p> : null}
        <h3 className="shop-card__title">{product.title}</h3>
        {product.description ? <p className="shop-card__description">{product.description}</p> : null}
        <p className="shop-card__price">{formatPoints(product.price_points)}</p>
        {product.in_stock ? null : <p className="shop-card__hint">{t.outOfStock}</p>}
        <button
          type="button"
          className="shop-button"
          disabled={points === null || short || busy || !product.in_stock}
          aria-describedby={short ? hintId : undefined}
          onClick={() => onExchange(product)}
        >
          {t.exchange}
          <span className="visually-hidden"> «{product.title}»</span>
        </button>
        {short ? (
          <p className="shop-card__hint" id={hintId}>
            {fillText(t.notEnoughPoints, { price: formatPoints(product.price_points), points: formatPoints(points ?? 0) })}
          </p>
        ) : null}
      </div>
    </li>
  );
}
