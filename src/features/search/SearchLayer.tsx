import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { teamCreatePath, teamListPath } from '../../app/paths';
import { useCommandPaletteRequests } from '../../shared/lib/commandPalette';
import type { CloseReason } from './CommandPalette';
import { useCurrentTeam } from './currentTeam';
import { moveRowFocus, openFocusedRow } from './listNavigation';
import type { ShortcutCommand } from './shortcutModel';
import { useRecordRecentVisit } from './useRecordRecentVisit';
import { useShortcuts } from './useShortcuts';

/** The palette and the help dialog: their own chunks, fetched on first use (the shell keeps only the listener). */
export const loadCommandPalette = () => import(/* webpackChunkName: "search-palette" */ './CommandPalette');
const CommandPalette = lazy(loadCommandPalette);
const ShortcutHelpDialog = lazy(
  () => import(/* webpackChunkName: "search-palette" */ './ShortcutHelpDialog'),
);

type Overlay = 'palette' | 'help' | null;

/** The element that has the focus, unless that is nothing in particular (the body). */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Mounted once by the workspace shell (docs/product.md "Search"): the keyboard shortcuts, the command palette
 * (Ctrl/⌘-K, `/`, or a search button: `openCommandPalette`, shared/lib/commandPalette.ts), the shortcut help (`?`)
 * and the recording of recently opened items. A dismissed overlay gives the focus back to the control that opened
 * it; one that navigates leaves the focus to the new page (its title field, its heading).
 */
export function SearchLayer() {
  const navigate = useNavigate();
  const team = useCurrentTeam();
  const [overlay, setOverlay] = useState<Overlay>(null);
  /** The control that opened the overlay on screen. */
  const opener = useRef<HTMLElement | null>(null);
  /** Set on a dismissal: focused once the overlay is gone. */
  const restoreTo = useRef<HTMLElement | null>(null);
  useRecordRecentVisit();

  const open = useCallback((next: 'palette' | 'help', from?: HTMLElement | null) => {
    opener.current = from ?? focusedElement();
    setOverlay(next);
  }, []);
  const close = useCallback((reason: CloseReason = 'dismiss') => {
    restoreTo.current = reason === 'dismiss' ? opener.current : null;
    opener.current = null;
    setOverlay(null);
  }, []);

  useEffect(() => {
    const target = restoreTo.current;
    if (overlay !== null || !target) return;
    restoreTo.current = null;
    if (target.isConnected) target.focus({ preventScroll: true });
  }, [overlay]);

  useCommandPaletteRequests((from) => open('palette', from));

  useShortcuts((command: ShortcutCommand) => {
    switch (command) {
      case 'palette':
        if (overlay === 'palette') close('dismiss');
        else open('palette');
        return true;
      case 'search':
        open('palette');
        return true;
      case 'help':
        open('help');
        return true;
      case 'newIssue':
        if (!team) return false;
        void navigate(teamCreatePath(team.scope, team.teamId, 'issue'));
        return true;
      case 'goGoals':
      case 'goIssues':
      case 'goExternals':
        if (!team) return false;
        void navigate(teamListPath(team.scope, team.teamId, GO_KINDS[command]));
        return true;
      case 'next':
        return moveRowFocus(1);
      case 'previous':
        return moveRowFocus(-1);
      case 'open':
        return openFocusedRow();
    }
  });

  return (
    <Suspense fallback={null}>
      {overlay === 'palette' && <CommandPalette onClose={close} team={team} />}
      {overlay === 'help' && <ShortcutHelpDialog open onClose={() => close('dismiss')} />}
    </Suspense>
  );
}

const GO_KINDS = { goGoals: 'goal', goIssues: 'issue', goExternals: 'external' } as const;
