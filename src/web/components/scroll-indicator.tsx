import { useEffect, useState, type RefObject } from 'react';
import { SCROLL_INDICATOR_CLEAR_MS } from '../../contract/constants.js';
import './scroll-indicator.css';

export type ScrollAxis = 'x' | 'y';

interface ScrollState {
  /** Scrolling now, or less than SCROLL_INDICATOR_CLEAR_MS ago. */
  active: boolean;
  /** Where the visible part starts and how much of the whole it is, as fractions of the whole. */
  start: number;
  size: number;
}

const IDLE: ScrollState = { active: false, start: 0, size: 1 };

function measure(source: HTMLElement | Window, axis: ScrollAxis): Omit<ScrollState, 'active'> {
  const box = source instanceof Window ? document.documentElement : source;
  const [offset, visible, whole] =
    axis === 'x' ? [box.scrollLeft, box.clientWidth, box.scrollWidth] : [box.scrollTop, box.clientHeight, box.scrollHeight];
  if (whole <= 0) return { start: 0, size: 1 };
  return { start: offset / whole, size: Math.min(1, visible / whole) };
}

/**
 * Follows the scrolling of a box (or of the window): active while it scrolls and until
 * SCROLL_INDICATOR_CLEAR_MS (SPEC §9) after the last scroll event.
 */
export function useScrollIndicator(target: RefObject<HTMLElement | null> | 'window', axis: ScrollAxis): ScrollState {
  const [state, setState] = useState<ScrollState>(IDLE);
  useEffect(() => {
    const source = target === 'window' ? window : target.current;
    if (!source) return;
    let clear: ReturnType<typeof setTimeout> | undefined;
    const handleScroll = () => {
      setState({ active: true, ...measure(source, axis) });
      clearTimeout(clear);
      clear = setTimeout(() => setState((current) => ({ ...current, active: false })), SCROLL_INDICATOR_CLEAR_MS);
    };
    source.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      source.removeEventListener('scroll', handleScroll);
      clearTimeout(clear);
    };
  }, [target, axis]);
  return state;
}

/**
 * A thin bar showing where the visible part of a scrolled list is, only while it scrolls.
 * Decorative (the scrollbar and the content say the same), so hidden from screen readers.
 * `fixed`: along the window's edge (a page that scrolls as a whole); else along its positioned parent's.
 */
export function ScrollIndicator({ state, axis, fixed = false }: { state: ScrollState; axis: ScrollAxis; fixed?: boolean }) {
  if (!state.active || state.size >= 1) return null;
  const thumb =
    axis === 'x'
      ? { left: `${state.start * 100}%`, width: `${state.size * 100}%` }
      : { top: `${state.start * 100}%`, height: `${state.size * 100}%` };
  return (
    <div className={`scroll-indicator scroll-indicator--${axis}${fixed ? ' scroll-indicator--fixed' : ''}`} aria-hidden="true">
      <div className="scroll-indicator__thumb" style={thumb} />
    </div>
  );
}
