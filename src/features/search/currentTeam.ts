import { useLocation } from 'react-router-dom';
import type { ItemKind } from '../../../contract/itemEnums';
import { useGetWorkspaceProfileQuery } from '../../api/workspaceApi';
import { itemKindOfSegment, teamListPath } from '../../app/paths';
import type { ItemScope } from '../../shared/copy';

/*
 * "The current team" of the palette's actions and the `C` / `G …` shortcuts (docs/product.md "Search"): the team
 * of the URL (`/workspace/(default/)team/:teamId/…`), else the workspace's default team.
 */

export interface TeamRef {
  scope: ItemScope;
  teamId: number;
}

const TEAM_PATH = /^\/workspace\/(default\/)?team\/(\d+)(?:\/|$)/;
const DETAIL_PATH = /^\/workspace\/(?:default\/)?team\/(\d+)\/(goal|issue|ext)\/(\d+)(?:\/edit)?\/?$/;

const positive = (value: string) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The team a workspace URL is about, or null. */
export function teamOfPath(pathname: string): TeamRef | null {
  const match = TEAM_PATH.exec(pathname);
  const teamId = match ? positive(match[2]!) : null;
  return match && teamId !== null ? { scope: match[1] ? 'default' : 'team', teamId } : null;
}

/** The item a detail URL (view or edit) shows, or null. */
export function detailOfPath(pathname: string): { kind: ItemKind; teamId: number; id: number } | null {
  const match = DETAIL_PATH.exec(pathname);
  if (!match) return null;
  const teamId = positive(match[1]!);
  const id = positive(match[3]!);
  const kind = itemKindOfSegment(match[2]);
  return kind && teamId !== null && id !== null ? { kind, teamId, id } : null;
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
