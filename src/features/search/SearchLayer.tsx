import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { teamCreatePath, teamListPath } from '../../app/paths';
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

/**
 * Mounted once by the workspace shell (docs/product.md "Search"): the keyboard shortcuts, the command palette
 * (Ctrl/⌘-K, `/`), the shortcut help (`?`) and the recording of recently opened items.
 */
export function SearchLayer() {
  const navigate = useNavigate();
  const team = useCurrentTeam();
  const [overlay, setOverlay] = useState<Overlay>(null);
  useRecordRecentVisit();

  const open = useCallback((next: 'palette' | 'help') => setOverlay(next), []);
  const close = useCallback(() => setOverlay(null), []);

  useShortcuts((command: ShortcutCommand) => {
    switch (command) {
      case 'palette':
        if (overlay === 'palette') close();
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
      {overlay === 'help' && <ShortcutHelpDialog open onClose={close} />}
    </Suspense>
  );
}

const GO_KINDS = { goGoals: 'goal', goIssues: 'issue', goExternals: 'external' } as const;
