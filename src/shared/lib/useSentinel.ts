import { useCallback, useEffect, useRef, type RefCallback } from 'react';

/**
 * Infinite scroll (docs/product.md "Grouped lists"): returns a ref callback for a sentinel element; while
 * `enabled`, `onVisible` runs whenever the sentinel comes within 200px of the viewport. The observer is re-created
 * each time `enabled` turns true again (after a page arrives), so a sentinel that is still visible keeps loading.
 * Without IntersectionObserver (old browsers, jsdom) every enabled moment loads the next page (right after the
 * commit), i.e. all pages load one after another.
 *
 * The element is never kept in React state: a ref callback that set state would make every commit that mounts the
 * sentinel (a list page's first one) render the page a second time, synchronously, before the browser could paint
 * it (docs/performance.md "App start").
 */
export function useSentinel(onVisible: () => void, enabled: boolean): RefCallback<Element> {
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });

  // A new callback when `enabled` changes: React detaches the old one (its cleanup) and attaches this one.
  return useCallback(
    (node: Element | null) => {
      if (!enabled || !node) return undefined;
      if (typeof IntersectionObserver === 'undefined') {
        const timer = setTimeout(() => callback.current(), 0);
        return () => clearTimeout(timer);
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) callback.current();
        },
        { rootMargin: '200px' },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [enabled],
  );
}
