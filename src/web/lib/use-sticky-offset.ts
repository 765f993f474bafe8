import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable the page's scroll padding reads (see styles.css). */
export const STICKY_TOP_VARIABLE = '--sticky-top';

/**
 * Publishes a sticky header's height as `--sticky-top` on the document, so anything the
 * browser scrolls into view (a field taking focus after a failed submit, an anchor) stops
 * below the header instead of under it. The height changes when the bar wraps on a phone.
 */
export function useStickyOffset(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(STICKY_TOP_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(STICKY_TOP_VARIABLE);
    };
  }, [ref]);
}
