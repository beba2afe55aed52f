/*
 * The workspace's keyboard shortcuts (docs/product.md "Search"), as a pure function of the key event: the shell's
 * listener (useShortcuts.ts) turns its answer into navigation. Rules: nothing while an IME composition is open
 * (a Hangul syllable in progress reports `isComposing`, Safari keyCode 229); nothing but Ctrl/⌘-K while the
 * focus is in a text field, a select or an editable area; nothing with Ctrl, Alt or ⌘ held (browser and system
 * shortcuts) except Ctrl/⌘-K.
 */

export type ShortcutCommand =
  | 'palette'
  | 'search'
  | 'help'
  | 'newIssue'
  | 'goGoals'
  | 'goIssues'
  | 'goExternals'
  | 'next'
  | 'previous'
  | 'open';

/** The window after `G` within which the second key counts. */
export const G_SEQUENCE_MS = 1000;

/** The key event fields the model reads (a DOM `KeyboardEvent` has them all). */
export interface ShortcutKey {
  key: string;
  code?: string;
  keyCode?: number;
  isComposing?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

/** An IME composition is open: the key belongs to the syllable being composed. */
export function isComposingKey(event: ShortcutKey): boolean {
  return Boolean(event.isComposing) || event.keyCode === 229;
}

/** Input types that take no typed text: shortcuts still work while they have focus. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Whether keys typed at `target` are text: inputs that take text, textareas, selects, editable areas. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  // jsdom (and old engines) do not compute isContentEditable: read the attribute up the tree as well.
  const editable = target.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}

/**
 * The Latin letter of a key, lower-cased, or null. With the Korean layout active the key reports a jamo
 * (`ㅊ` for C); the physical key (`KeyC`) still names the letter printed on it.
 */
export function letterOf(event: ShortcutKey): string | null {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  const physical = event.code ? /^Key([A-Z])$/.exec(event.code) : null;
  if (physical && /^[\u3131-\u318e]$/.test(event.key)) return physical[1]!.toLowerCase();
  return null;
}

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'HangulMode', 'Process']);
const G_FOLLOWERS: Record<string, ShortcutCommand> = { g: 'goGoals', i: 'goIssues', e: 'goExternals' };
const SINGLE_LETTERS: Record<string, ShortcutCommand> = { c: 'newIssue', j: 'next', k: 'previous' };

export interface ShortcutOutcome {
  command: ShortcutCommand | null;
  /** When the pending `G` was pressed (ms), else null. */
  pendingG: number | null;
}

/**
 * What a keydown means. `typing`: the focus is in a text field (`isTypingTarget`); `pendingG`: when a first `G`
 * was pressed; `now`: the event's time.
 */
export function resolveShortcut(
  event: ShortcutKey,
  { typing, pendingG, now }: { typing: boolean; pendingG: number | null; now: number },
): ShortcutOutcome {
  const none: ShortcutOutcome = { command: null, pendingG: null };
  if (isComposingKey(event)) return none;
  // A modifier pressed on its own (Shift on the way to `?`) neither acts nor ends a `G` sequence.
  if (MODIFIER_KEYS.has(event.key)) return { command: null, pendingG };
  const modified = event.ctrlKey || event.metaKey;
  if (modified && !event.altKey && !event.shiftKey && letterOf(event) === 'k') {
    return { command: 'palette', pendingG: null };
  }
  if (modified || event.altKey || typing) return none;

  if (event.key === '?') return { command: 'help', pendingG: null };
  if (event.key === '/') return { command: 'search', pendingG: null };
  if (event.key === 'Enter') return event.shiftKey ? none : { command: 'open', pendingG: null };
  if (event.shiftKey) return none;

  const letter = letterOf(event);
  if (letter === null) return none;
  if (pendingG !== null && now - pendingG <= G_SEQUENCE_MS) {
    return { command: G_FOLLOWERS[letter] ?? null, pendingG: null };
  }
  if (letter === 'g') return { command: null, pendingG: now };
  return { command: SINGLE_LETTERS[letter] ?? null, pendingG: null };
}
