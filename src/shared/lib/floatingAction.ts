import { useEffect, useSyncExternalStore } from 'react';

/*
 * The floating action of a page (docs/product.md "Errors and messages"; today the detail page's 작성 완료/수정하기,
 * features/items/detail/SaveButton.tsx): while one is on screen, overlays that share its corner (the toasts) stay
 * clear of it. A count, not a flag, so two mounts (StrictMode, a page swap) never clear each other.
 */

/**
 * Where the floating action sits (the SaveButton's CSS): `right` and `bottom` from the viewport edges and its
 * `height`, in rem (root font size 10 px). `top` is the room it takes from the bottom edge: bottom + height.
 */
export const FLOATING_ACTION_BOX = { right: 6.4, bottom: 5.3, height: 3.6, top: 8.9 } as const;

let count = 0;
const listeners = new Set<() => void>();

function change(delta: number) {
  count += delta;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Marks a floating action as on screen while the calling component is mounted. Call it once in the floating
 * button's component: `useFloatingActionReserve();`.
 */
export function useFloatingActionReserve(): void {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}

/** True while at least one floating action is on screen (`useFloatingActionReserve`). */
export function useFloatingActionPresent(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => count > 0,
    () => false,
  );
}
