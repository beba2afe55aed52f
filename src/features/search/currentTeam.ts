import { useLocation } from 'react-router-dom';
import type { ItemKind } from '../../../contract/itemEnums';
import { useGetWorkspaceProfileQuery } from '../../api/workspaceApi';
import { matchItemRoute, matchTeamRoute, teamListPath } from '../../app/paths';
import type { ItemScope } from '../../shared/copy';

/*
 * "The current team" of the palette's actions and the `C` / `G …` shortcuts (docs/product.md "Search"): the team
 * of the URL (`/workspace/(default/)team/:teamId/…`), else the workspace's default team.
 */

export interface TeamRef {
  scope: ItemScope;
  teamId: number;
}

/** The team a workspace URL is about, or null (the route table, app/paths.ts). */
export function teamOfPath(pathname: string): TeamRef | null {
  return matchTeamRoute(pathname);
}

/** The item a detail URL (view or edit) shows, or null (the route table, app/paths.ts). */
export function detailOfPath(pathname: string): { kind: ItemKind; teamId: number; id: number } | null {
  const match = matchItemRoute(pathname, ['view', 'edit']);
  return match && match.id !== null ? { kind: match.kind, teamId: match.teamId, id: match.id } : null;
}

/** The URL's team, else the default team (once the workspace profile is known), else null. */
export function useCurrentTeam(): TeamRef | null {
  const { pathname } = useLocation();
  const { data: profile } = useGetWorkspaceProfileQuery();
  const fromUrl = teamOfPath(pathname);
  if (fromUrl) return fromUrl;
  return profile ? { scope: 'default', teamId: profile.defaultTeamId } : null;
}

/** The workspace's default team id, once known: its items live under `/workspace/default/team/…`. */
export function useDefaultTeamId(): number | undefined {
  return useGetWorkspaceProfileQuery().data?.defaultTeamId;
}

/** An item's detail URL: the default team's items under its `default` prefix, like the sidebar's links. */
export function itemDetailPath(
  item: { kind: ItemKind; teamId: number; id: number },
  defaultTeamId: number | undefined,
): string {
  const scope: ItemScope = item.teamId === defaultTeamId ? 'default' : 'team';
  return `${teamListPath(scope, item.teamId, item.kind)}/${item.id}`;
}
