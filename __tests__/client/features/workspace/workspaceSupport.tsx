import type { Team, TeamPage } from '../../../../contract/teams';
import type { AppStoreOptions } from '../../../../src/app/store';
import { envelopeResponse, profile, type FetchHandler } from '../../support/helpers';
import { renderWorkspaceShell } from '../../support/shell';

/** Shared fixtures and renderers of the workspace shell, sidebar and toast tests. */

export const signedIn = { session: { accessToken: 'tok', hasSession: true }, invite: { hasWorkspace: true } };

export function team(teamId: number, teamName: string, isDefault = false): Team {
  return {
    teamId,
    teamName,
    teamImageUrl: null,
    memberCount: 2,
    createdAt: '2026-11-21T10:12:30+09:00',
    isDefault,
    visibility: 'public',
    isMember: true,
  };
}

/** The default team of `profile` (id 7) and two more. */
export const defaultTeam = team(profile.defaultTeamId, 'Acme', true);
export const frontend = team(11, 'Frontend');
export const design = team(12, 'Design');

/** `GET /api/workspace/setting/teams` answering `pages[page]` (by the `page` query parameter). */
export function teamsHandler(pages: TeamPage[] | (() => TeamPage[])): FetchHandler {
  return (request) => {
    const list = typeof pages === 'function' ? pages() : pages;
    const page = Number(new URL(request.url).searchParams.get('page') ?? 0);
    return envelopeResponse(200, list[page] ?? { teamList: [], isLast: true });
  };
}

/** One page holding every team. */
export const onePage = (...teams: Team[]): TeamPage[] => [{ teamList: teams, isLast: true }];

/**
 * Renders only the workspace shell (sidebar, `<main>` with a stub page, toasts) at `path` with the real
 * store, in StrictMode like the browser entry, so these tests do not depend on the pages other issues put
 * under it.
 */
export function renderShell(path: string, options: AppStoreOptions = {}) {
  return renderWorkspaceShell(path, [{ path: '*', element: <p>page</p> }], {
    preloadedState: signedIn,
    ...options,
  });
}

export type MatchMediaMock = ReturnType<typeof mockMatchMedia>;

/** Whether a media query's width conditions (`(max-width: Npx)`, `(min-width: Npx)`) hold at `width` px. */
export function widthMatches(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, side, px]) => (side === 'max' ? width <= Number(px) : width >= Number(px)));
}

/**
 * `window.matchMedia` for a window `width` px wide (queries without a width condition never match), changed later
 * with `set()`. `true` stands for a narrow tablet (700 px: the sidebar auto-collapses), `false` for a desktop
 * (1440 px); phones are below 600 px.
 */
export function mockMatchMedia(initial: boolean | number) {
  const widthOf = (value: boolean | number) => (typeof value === 'number' ? value : value ? 700 : 1440);
  let width = widthOf(initial);
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return widthMatches(query, width);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    set(next: boolean | number) {
      width = widthOf(next);
      listeners.forEach((listener) => listener());
    },
    restore() {
      window.matchMedia = original;
    },
  };
}
