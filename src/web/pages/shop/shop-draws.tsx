import { useEffect, useState } from 'react';
import type { ShopDraws } from '../../../contract/draws.js';
import { fillText, publicShopMessages as t } from '../../../contract/public-shop.js';
import { formatDayMonthTime } from '../../lib/format.js';
import { fetchDraws } from './shop-api.js';

/**
 * The action's open prize draws above the products: what a receipt may win, with the prize's
 * picture and the draw's public page. Nothing when there are none or they could not be read: the
 * shop works without them.
 */
export function ShopDrawsSection({ token }: { token: string }) {
  const [draws, setDraws] = useState<ShopDraws['draws']>([]);
  useEffect(() => {
    let live = true;
    fetchDraws(token).then(
      (answer) => live && setDraws(answer.draws),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);
  if (draws.length === 0) return null;
  return (
    <section className="shop-draws" aria-labelledby="shop-draws-title">
      <h2 id="shop-draws-title">{t.drawsTitle}</h2>
      <ul>
        {draws.map((draw) => (
          <li key={draw.id} className="shop-draw">
            {draw.prize?.image_url && <img className="shop-draw__image" src={draw.prize.image_url} alt={draw.prize.text} />}
            <div>
              <p className="shop-draw__title">{draw.title}</p>
              {draw.prize && <p className="shop-draw__prize">{fillText(t.drawPrize, { prize: draw.prize.text })}</p>}
              <p className="shop-draw__meta">{fillText(t.drawLine, { date: formatDayMonthTime(draw.closes_at) })}</p>
              <a href={draw.public_path}>{t.drawLink}</a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
