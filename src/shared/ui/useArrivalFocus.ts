import { useEffect, type RefObject } from 'react';

/*
 * Focus on arrival (docs/responsive.md "Focus"): a screen whose job is to type something (an onboarding step, the
 * invite password) puts the caret in its first field when it appears — but never takes the focus away from a
 * Hangul composition in progress or from another text field the person is already typing in.
 */

let composing = false;
let listening = false;

/** Tracks IME compositions anywhere in the document (installed once, on first use). */
function listenForCompositions() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('compositionstart', () => (composing = true), true);
  document.addEventListener('compositionend', () => (composing = false), true);
  // A composition that ends without `compositionend` (the field was removed) must not block focus forever.
  document.addEventListener('focusout', () => (composing = false), true);
}
listenForCompositions();

/** True while an IME composition (a Hangul syllable being typed) is open in this document. */
export function isCompositionInProgress(): boolean {
  return composing;
}

function isTextEntry(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement) {
    const textual = ['text', 'search', 'email', 'url', 'tel', 'password', 'number', ''];
    return textual.includes(element.type) && !element.readOnly && !element.disabled;
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * Whether `target` may take the focus now: not while a composition is open, and not from another text field that
 * has it (someone is typing there).
 */
export function mayTakeFocus(target: HTMLElement): boolean {
  const active = document.activeElement;
  if (active === target) return false;
  if (composing) return false;
  return !(active && active !== document.body && isTextEntry(active));
}

/**
 * Focuses `ref.current` once, after the screen mounts (and again whenever `key` changes), unless
 * `mayTakeFocus` says no. `enabled` false skips it (the field is not there yet).
 */
export function useArrivalFocus(
  ref: RefObject<HTMLElement | null>,
  enabled = true,
  key: unknown = null,
): void {
  useEffect(() => {
    const target = ref.current;
    if (!enabled || !target || !mayTakeFocus(target)) return;
    target.focus();
  }, [ref, enabled, key]);
}
