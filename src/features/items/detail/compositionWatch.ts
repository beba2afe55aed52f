/*
 * Whether an IME composition (a Hangul syllable being typed) is open anywhere on the page. Screens that move the
 * focus on their own (the title of a create screen) ask first: the focus is never taken from a syllable in progress
 * (docs/product.md "Item detail").
 */

let open = false;
let watching = false;

/**
 * Starts following `compositionstart` / `compositionend` on the document (capture phase, once per page). Called when
 * the item routes load, so a composition that begins before a detail screen mounts is known to it.
 */
export function watchCompositions(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('compositionstart', () => (open = true), true);
  document.addEventListener('compositionend', () => (open = false), true);
}

/**
 * True while a composition is open in the focused element. A field that lost the focus mid-syllable may never send
 * `compositionend`, so nothing focused (the body) counts as no composition.
 */
export function compositionOpen(): boolean {
  if (!open) return false;
  const active = document.activeElement;
  if (!active || active === document.body) {
    open = false;
    return false;
  }
  return true;
}
