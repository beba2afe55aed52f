import { useEffect, useRef } from 'react';

/*
 * Opening the command palette from a button (docs/product.md "Search"): the sidebar's search button and the phone
 * app bar's ask here; features/search/SearchLayer.tsx, which owns the palette, listens. A plain event channel, not
 * store state: a request is an event, and the element that asked is not serializable.
 */

type Listener = (opener: HTMLElement | null) => void;
const listeners = new Set<Listener>();

/**
 * Opens the command palette. `opener` (the button pressed) gets the focus back when the palette closes without
 * going anywhere (Esc, the backdrop, the close button).
 */
export function openCommandPalette(opener: HTMLElement | null = null): void {
  for (const listener of listeners) listener(opener);
}

/** Calls `onOpen` for every `openCommandPalette` while the caller is mounted. */
export function useCommandPaletteRequests(onOpen: Listener): void {
  const handler = useRef(onOpen);
  useEffect(() => {
    handler.current = onOpen;
  });
  useEffect(() => {
    const listener: Listener = (opener) => handler.current(opener);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}

/** True on Apple platforms, where the palette's shortcut is ⌘K rather than Ctrl+K. */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

/** The palette's shortcut as printed on buttons and tooltips: `⌘K` on Apple platforms, `Ctrl+K` elsewhere. */
export function paletteShortcutLabel(): string {
  return isApplePlatform() ? '⌘K' : 'Ctrl+K';
}
