import { useEffect, useRef } from 'react';
import { isTypingTarget, resolveShortcut, type ShortcutCommand } from './shortcutModel';

/**
 * Listens for the workspace's shortcuts on the document (shortcutModel.ts decides what a key means) and calls
 * `onCommand`, which answers whether it acted (then the key's default is prevented). Keys another handler already
 * used (`defaultPrevented`) are left alone, and so is everything but Ctrl/⌘-K while a dialog is open.
 */
export function useShortcuts(onCommand: (command: ShortcutCommand) => boolean) {
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });

  useEffect(() => {
    let pendingG: number | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const outcome = resolveShortcut(event, {
        typing: isTypingTarget(event.target),
        pendingG,
        now: event.timeStamp || Date.now(),
      });
      pendingG = outcome.pendingG;
      const { command } = outcome;
      if (!command) return;
      if (command !== 'palette' && document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (handler.current(command)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
