import { useCallback, useState, useSyncExternalStore } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSidebarOpen, sidebarOpenSet } from '../../uiPrefs';

/** The sidebar collapses by itself at a viewport width of 768px or less. */
export const NARROW_VIEWPORT_QUERY = '(max-width: 768px)';

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Whether a media query matches, following its changes (window resizes). */
export function useMediaQueryMatch(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => undefined;
      const list = window.matchMedia(query);
      if (typeof list.addEventListener === 'function') {
        list.addEventListener('change', onChange);
        return () => list.removeEventListener('change', onChange);
      }
      list.addListener(onChange);
      return () => list.removeListener(onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => hasMatchMedia() && window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * The sidebar's effective open state. On a wide viewport it is the member's persisted choice
 * (`uiPrefs.sidebarOpen`). On a narrow one (≤ 768px, on load and whenever the window gets that narrow) it
 * starts collapsed; the toggle then opens it for this visit only, so the persisted choice is never overwritten
 * by the automatic collapse and comes back when the window is wide again.
 */
export function useSidebarOpen(): { open: boolean; narrow: boolean; toggle: () => void } {
  const narrow = useMediaQueryMatch(NARROW_VIEWPORT_QUERY);
  const preferred = useAppSelector(selectSidebarOpen);
  const dispatch = useAppDispatch();
  const [narrowChoice, setNarrowChoice] = useState<boolean | null>(null);
  const [seenNarrow, setSeenNarrow] = useState(narrow);
  if (seenNarrow !== narrow) {
    // The viewport crossed 768px: collapse again when it became narrow, forget the temporary choice.
    setSeenNarrow(narrow);
    setNarrowChoice(null);
  }
  const open = narrow ? (narrowChoice ?? false) : preferred;
  const toggle = useCallback(() => {
    if (narrow) setNarrowChoice(!open);
    else dispatch(sidebarOpenSet(!open));
  }, [dispatch, narrow, open]);
  return { open, narrow, toggle };
}
