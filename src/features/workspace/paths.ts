import type { ItemKind, ItemScope } from '../../shared/copy';

/** Workspace paths (spec §2 "Workspace routes"); the sidebar and the redirects build every link here. */
export const workspacePaths = {
  root: '/workspace',
  noti: '/workspace/noti',
  settings: '/workspace/setting',
  wsProfile: '/workspace/setting/ws-profile',
  teamList: '/workspace/setting/team-list',
  teamMembers: '/workspace/setting/team-members',
  myProfile: '/workspace/setting/my-profile',
} as const;

/** `default`: the workspace's default team (`/workspace/default/team/{id}`); `team`: any other team. */
export const teamBasePath = (scope: ItemScope, teamId: number) =>
  scope === 'default' ? `/workspace/default/team/${teamId}` : `/workspace/team/${teamId}`;

/** A team's goal, issue or external list. */
export const teamListPath = (scope: ItemScope, teamId: number, kind: ItemKind) =>
  `${teamBasePath(scope, teamId)}/${kind}`;

/** A team's create screen for goals and issues. */
export const teamCreatePath = (scope: ItemScope, teamId: number, kind: 'goal' | 'issue') =>
  `${teamListPath(scope, teamId, kind)}/detail/create`;

/** The default team's issue list: where `/workspace`, the workspace name and "‹ 홈" lead. */
export const defaultTeamIssuePath = (defaultTeamId: number) =>
  teamListPath('default', defaultTeamId, 'issue');

/** Settings mode of the sidebar: every path under `/workspace/setting`. */
export const isSettingsPath = (pathname: string) =>
  pathname === workspacePaths.settings || pathname.startsWith(`${workspacePaths.settings}/`);
