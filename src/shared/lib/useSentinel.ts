import { useEffect, useRef, useState } from 'react';

/**
 * Infinite scroll (docs/product.md "Grouped lists"): returns a ref callback for a sentinel element; while
 * `enabled`, `onVisible` runs whenever the sentinel comes within 200px of the viewport. The observer is re-created
 * each time `enabled` turns true again (after a page arrives), so a sentinel that is still visible keeps loading.
 * Without IntersectionObserver (old browsers, jsdom) every enabled moment loads the next page, i.e. all pages load
 * one after another.
 */
export function useSentinel(onVisible: () => void, enabled: boolean) {
  const [node, setNode] = useState<Element | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });

  useEffect(() => {
    if (!enabled || !node) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      callback.current();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, node]);

  return setNode;
}
