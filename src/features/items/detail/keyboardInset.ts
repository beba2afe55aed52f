import { useEffect, useState, type RefObject } from 'react';

/*
 * The on-screen keyboard of a phone (docs/product.md "Comments": the comment box stays above it). Phone browsers
 * keep the layout viewport when the keyboard opens (Chrome for Android's default `resizes-visual`, Safari on iOS
 * always): only `window.visualViewport` shrinks, so a box stuck to the bottom of the page's scroll area ends up
 * behind the keyboard. The box is lifted by the part of that scroll area the visual viewport no longer shows.
 */

/** What `keyboardInset` reads (CSS px, layout-viewport coordinates). */
export interface ViewportMetrics {
  /** The bottom edge of the scroll area the box sticks to (`getBoundingClientRect().bottom`, or `innerHeight`). */
  areaBottom: number;
  /** `visualViewport.offsetTop`: how far the visual viewport is scrolled down inside the layout viewport. */
  visualTop: number;
  /** `visualViewport.height`. */
  visualHeight: number;
  /** `visualViewport.scale`: pinch zoom (1 = none). */
  scale: number;
}

/** Below this the difference is rounding or a browser toolbar, not a keyboard (px). */
export const KEYBOARD_MIN_PX = 80;

/**
 * How far (px, a whole number ≥ 0) a box stuck to the bottom of the scroll area must rise to sit on the top edge of
 * the on-screen keyboard: the part of the area below the visual viewport. 0 without a keyboard, for differences
 * under `KEYBOARD_MIN_PX` (toolbars collapsing), and while the page is pinch-zoomed (the visual viewport is then a
 * window the reader pans, not a keyboard).
 */
export function keyboardInset({ areaBottom, visualTop, visualHeight, scale }: ViewportMetrics): number {
  if (!(scale <= 1.01)) return 0;
  const hidden = Math.round(areaBottom - (visualTop + visualHeight));
  return hidden >= KEYBOARD_MIN_PX ? hidden : 0;
}

/** The nearest ancestor that scrolls vertically (the workspace shell's `<main>`), or null for the page itself. */
function scrollArea(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const overflowY = getComputedStyle(node).overflowY;
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * `keyboardInset` for the element in `ref`, kept current on `visualViewport` resize and scroll (at most once per
 * frame). Only while `active` (the box has the focus: another field's keyboard must not lift it over the page); 0
 * without `visualViewport` (old browsers, jsdom).
 */
export function useKeyboardInset(ref: RefObject<HTMLElement | null>, active: boolean): number {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const viewport = typeof window === 'undefined' ? undefined : window.visualViewport;
    if (!active || !viewport) return undefined;
    const area = scrollArea(ref.current);
    let frame = 0;
    const measure = () => {
      frame = 0;
      setInset(
        keyboardInset({
          areaBottom: area ? area.getBoundingClientRect().bottom : window.innerHeight,
          visualTop: viewport.offsetTop,
          visualHeight: viewport.height,
          scale: viewport.scale,
        }),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    viewport.addEventListener('resize', schedule);
    viewport.addEventListener('scroll', schedule);
    return () => {
      cancelAnimationFrame(frame);
      viewport.removeEventListener('resize', schedule);
      viewport.removeEventListener('scroll', schedule);
    };
  }, [ref, active]);
  return active ? inset : 0;
}
