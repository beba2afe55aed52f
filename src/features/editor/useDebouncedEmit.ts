import { useCallback, useEffect, useRef } from 'react';
import { slateToLexical } from './lexical';
import type { DescriptionEditor as SlateDescriptionEditor } from './slateTypes';

/** Delay between the last document change and `onChange` (flushed early on blur and unmount). */
export const EMIT_DEBOUNCE_MS = 250;

/**
 * The editor's save/sync: `markChanged` after each document change (selection moves do not count) schedules
 * `onChange(slateToLexical(document))` for `EMIT_DEBOUNCE_MS` later, so typing in a long document does not
 * serialise it on every keystroke; `flush` emits a pending change at once (on blur — before a click on the page's
 * save button lands — and on unmount, which this hook does itself).
 */
export function useDebouncedEmit(
  editor: SlateDescriptionEditor,
  onChange: (contentJson: string) => void,
): { markChanged: () => void; flush: () => void } {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const pending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!pending.current) return;
    pending.current = false;
    onChangeRef.current(slateToLexical(editor.children));
  }, [editor]);
  const markChanged = useCallback(() => {
    pending.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, EMIT_DEBOUNCE_MS);
  }, [flush]);
  useEffect(() => flush, [flush]);

  return { markChanged, flush };
}
