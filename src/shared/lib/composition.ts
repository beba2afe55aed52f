/*
 * Whether an IME composition (a Hangul syllable being typed) is open anywhere on the page (docs/responsive.md
 * "Focus"). Screens that move the focus on their own — the title of a create screen, the first field of an
 * onboarding step — ask first, so the focus is never taken from a syllable in progress.
 */

let open = false;
let watching = false;

/**
 * Starts following `compositionstart` / `compositionend` on the document (capture phase, once per page). Called as
 * early as a screen that moves the focus may load (the item routes, the onboarding pages), so a composition that
 * began before that screen mounted is known to it. A field left mid-syllable may never send `compositionend`:
 * leaving a field (`focusout`) ends what it had open.
 */
export function watchCompositions(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('compositionstart', () => (open = true), true);
  document.addEventListener('compositionend', () => (open = false), true);
  document.addEventListener('focusout', () => (open = false), true);
}

/** True while a composition is open in the focused element (nothing focused — the body — counts as none). */
export function compositionOpen(): boolean {
  if (!open) return false;
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (!active || active === document.body) {
    open = false;
    return false;
  }
  return true;
}
