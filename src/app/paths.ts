import type { ItemKind } from '../../contract/itemEnums';
import type { ItemScope } from '../shared/copy';

/*
 * The workspace's URLs (docs/product.md "Sidebar", "Items"): the router (app/router.tsx) declares these routes,
 * and every link, redirect and back button builds its target here. A leaf module: features may import it.
 */

/** Fixed workspace paths. */
export const workspacePaths = {
  root: '/workspace',
  noti: '/workspace/noti',
  settings: '/workspace/setting',
  wsProfile: '/workspace/setting/ws-profile',
  teamList: '/workspace/setting/team-list',
  teamMembers: '/workspace/setting/team-members',
  myProfile: '/workspace/setting/my-profile',
  // issue #23 (teams and membership)
  teamBrowse: '/workspace/teams',
  // issue #23 (admin)
  auditLog: '/workspace/setting/audit-log',
} as const;

/** The URL segment of each item kind: the only place where the external kind is spelled `ext`. */
export const ITEM_ROUTE_SEGMENTS = {
  goal: 'goal',
  issue: 'issue',
  external: 'ext',
} as const satisfies Record<ItemKind, string>;
export type ItemRouteSegment = (typeof ITEM_ROUTE_SEGMENTS)[ItemKind];

/** The item kind of a URL segment (`goal`, `issue`, `ext`), else null. */
export function itemKindOfSegment(segment: string | undefined): ItemKind | null {
  const kinds = Object.keys(ITEM_ROUTE_SEGMENTS) as ItemKind[];
  return kinds.find((kind) => ITEM_ROUTE_SEGMENTS[kind] === segment) ?? null;
}

/** The id parameter of each kind's detail routes (`…/goal/:goalId`, `…/ext/:extId`). */
export const ITEM_ID_PARAMS: Record<ItemKind, string> = {
  goal: 'goalId',
  issue: 'issueId',
  external: 'extId',
};

/** `default`: the workspace's default team (`/workspace/default/team/{id}`); `team`: any other team. */
export const teamBasePath = (scope: ItemScope, teamId: number) =>
  scope === 'default' ? `/workspace/default/team/${teamId}` : `/workspace/team/${teamId}`;

/** A team's goal, issue or external list. */
export const teamListPath = (scope: ItemScope, teamId: number, kind: ItemKind) =>
  `${teamBasePath(scope, teamId)}/${ITEM_ROUTE_SEGMENTS[kind]}`;

/** A team's create screen for goals and issues. */
export const teamCreatePath = (scope: ItemScope, teamId: number, kind: 'goal' | 'issue') =>
  `${teamListPath(scope, teamId, kind)}/detail/create`;

/** The default team's issue list: where `/workspace`, the workspace name and "‹ 홈" lead. */
export const defaultTeamIssuePath = (defaultTeamId: number) =>
  teamListPath('default', defaultTeamId, 'issue');

/** Settings mode of the sidebar: every path under `/workspace/setting`. */
export const isSettingsPath = (pathname: string) =>
  pathname === workspacePaths.settings || pathname.startsWith(`${workspacePaths.settings}/`);

// issue #23 (teams and membership): a team's settings page (settings mode of the sidebar).
export const teamSettingsPath = (teamId: number) => `/workspace/setting/team/${teamId}`;
