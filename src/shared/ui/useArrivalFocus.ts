import { useEffect, type RefObject } from 'react';
import { compositionOpen, watchCompositions } from '../lib/composition';

/*
 * Focus on arrival (docs/responsive.md "Focus"): a screen whose job is to type something (an onboarding step, the
 * invite password) puts the caret in its first field when it appears — but never takes the focus away from a
 * Hangul composition in progress or from another text field the person is already typing in.
 */

watchCompositions();

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
  if (compositionOpen()) return false;
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
