import { useEffect, useState } from 'react';
import type { WheelSpin, WheelState } from '../../../contract/wheel.js';
import { fillText, publicShopMessages as t } from '../../../contract/public-shop.js';
import { fetchWheel, sendSpin, ShopApiError } from './shop-api.js';

type View =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; wheel: WheelState; spinning: boolean; error: string | null };

const TURNS = 5;
const SIZE = 240;
const RADIUS = SIZE / 2;

/** The wheel's rotation (degrees, clockwise) that brings `sector`'s middle under the pointer at the top. */
export function restingAngle(sector: number, count: number, turns: number): number {
  return turns * 360 - (sector + 0.5) * (360 / count);
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The daily bonus's wheel of fortune (the bot's button opens the shop with `?wheel=1`). The server
 * draws the sector and stores it before it answers; the wheel only turns to it, and a reload
 * finds it resting there. With reduced motion it does not spin at all.
 */
export function FortuneWheel({ token, initData, onPoints }: { token: string; initData: string; onPoints: (points: number) => void }) {
  const [view, setView] = useState<View>({ state: 'loading' });
  const [angle, setAngle] = useState(0);
  // The words under the wheel wait until it stops: the result is not told before it is shown.
  const [told, setTold] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchWheel(token, initData).then(
      (wheel) => {
        if (!live) return;
        setView({ state: 'ready', wheel, spinning: false, error: null });
        setTold(wheel.message);
        // A bonus taken before the wheel was set up (or on a wheel since shortened) has no sector to rest on.
        if (wheel.spin && wheel.spin.sector >= 0 && wheel.spin.sector < wheel.sectors.length)
          setAngle(restingAngle(wheel.spin.sector, wheel.sectors.length, 0));
      },
      (error: unknown) => {
        if (live) setView({ state: 'failed', message: (error instanceof ShopApiError && error.serverMessage) || t.wheelLoadFailed });
      },
    );
    return () => {
      live = false;
    };
  }, [token, initData]);

  if (view.state === 'loading') return <p className="shop__placeholder">{t.loading}</p>;
  if (view.state === 'failed')
    return (
      <p className="shop-notice shop-notice--error" role="alert">
        {view.message}
      </p>
    );

  const { wheel } = view;
  const landed = (spin: WheelSpin, message: string) => {
    setView({ state: 'ready', wheel: { ...wheel, spin, message }, spinning: !reducedMotion(), error: null });
    setAngle(restingAngle(spin.sector, wheel.sectors.length, TURNS));
    if (reducedMotion()) setTold(message);
  };
  const handleSpin = async () => {
    setView({ ...view, spinning: true, error: null });
    try {
      const answer = await sendSpin(token, initData);
      landed(answer.spin, answer.message);
      onPoints(answer.points);
    } catch (error) {
      const message = (error instanceof ShopApiError && error.serverMessage) || t.wheelSpinFailed;
      setView({ ...view, spinning: false, error: message });
    }
  };
  const handleStopped = () => {
    setView((current) => (current.state === 'ready' ? { ...current, spinning: false } : current));
    setTold(wheel.message);
  };

  const count = wheel.sectors.length;
  const step = 360 / count;
  return (
    <section className="wheel" aria-labelledby="wheel-title">
      <h2 id="wheel-title" className="wheel__title">
        {t.wheelTitle}
      </h2>
      <div className="wheel__stage">
        <span className="wheel__pointer" aria-hidden="true" />
        <svg
          className={view.spinning ? 'wheel__disc wheel__disc--spinning' : 'wheel__disc'}
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="img"
          aria-label={fillText(t.wheelLabel, { count })}
          data-sector={wheel.spin?.sector ?? ''}
          style={{ transform: `rotate(${angle}deg)` }}
          onTransitionEnd={handleStopped}
        >
          {wheel.sectors.map((sector, index) => (
            <g key={index}>
              <path className={`wheel__sector wheel__sector--${index % 3}`} d={sectorPath(index * step, (index + 1) * step)} />
              <text
                className="wheel__text"
                x={RADIUS}
                y={RADIUS * 0.3}
                textAnchor="middle"
                transform={`rotate(${(index + 0.5) * step} ${RADIUS} ${RADIUS})`}
              >
                {sector.label}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <div aria-live="polite">
        {told && !view.spinning ? <p className="wheel__result">{told}</p> : null}
        {view.error ? (
          <p className="shop-notice shop-notice--error" role="alert">
            {view.error}
          </p>
        ) : null}
      </div>
      {wheel.spin === null && wheel.message === null ? (
        <button type="button" className="shop-button wheel__button" disabled={view.spinning} onClick={() => void handleSpin()}>
          {view.spinning ? t.wheelSpinning : t.wheelSpin}
        </button>
      ) : null}
    </section>
  );
}

/** A sector from `from` to `to` degrees, clockwise from the top. */
function sectorPath(from: number, to: number): string {
  const point = (degrees: number) => {
    const radians = ((degrees - 90) * Math.PI) / 180;
    return `${RADIUS + RADIUS * Math.cos(radians)} ${RADIUS + RADIUS * Math.sin(radians)}`;
  };
  return `M ${RADIUS} ${RADIUS} L ${point(from)} A ${RADIUS} ${RADIUS} 0 ${to - from > 180 ? 1 : 0} 1 ${point(to)} Z`;
}
