import type { KeyboardEvent } from 'react';

/**
 * True for an Enter that should act (confirm, submit): never while an IME composition is open — the Enter
 * that commits a Hangul syllable arrives with `isComposing` (or, in Safari, as keyCode 229) and must not
 * submit a half-typed word.
 */
export function isCommitEnter(event: KeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Enter') return false;
  return !(event.nativeEvent.isComposing || event.keyCode === 229);
}
