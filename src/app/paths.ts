import type { ItemKind } from '../../contract/itemEnums';
import { kindFactMap, kindOfRouteSegment, type KindFactsOf } from '../../contract/kinds';
import type { ItemScope } from '../shared/shellCopy';
import { itemRoute, matchRoute, route, teamRoute } from './itemRoutes';

/*
 * The one route table of the app (docs/product.md "Sidebar", "Items"; docs/architecture.md "Decisions and
 * deviations"): one `{ path, href() }` per route. The router (app/router.tsx) declares its routes with these
 * `path`s, every link, redirect and back button builds its target with `href()`, and the early script
 * (app/start/) and the palette (features/search) read URLs back with `matchRoute`. Item kinds' URL segments and id
 * parameters come from contract/kinds.ts. A leaf module: features may import it, and the early script does (keep it
 * free of React and Redux).
 */

export {
  ITEM_SCOPES,
  itemRoute,
  matchItemRoute,
  matchRoute,
  matchTeamRoute,
  routeId,
  teamRoute,
  type AppRoute,
  type ItemRouteMatch,
  type ItemRouteMode,
} from './itemRoutes';

/** Every route that is not an item's (item routes: `teamRoute` and `itemRoute`). */
export const ROUTES = {
  landing: route('/'),
  login: route('/onboarding'),
  onboardingWorkspace: route('/onboarding/workspace'),
  onboardingInvite: route('/onboarding/invite'),
  onboardingFin: route('/onboarding/fin'),
  onboardingInputPw: route('/onboarding/input-pw'),
  onboardingLoading: route('/onboarding/loading'),
  workspaceInvite: route<[workspaceName: string]>('/:workspaceName/invite'),
  workspaceComplete: route('/workspace/complete'),
  workspace: route('/workspace'),
  noti: route('/workspace/noti'),
  settings: route('/workspace/setting'),
  wsProfile: route('/workspace/setting/ws-profile'),
  teamList: route('/workspace/setting/team-list'),
  teamMembers: route('/workspace/setting/team-members'),
  // issue #23 (teams and membership): a team's settings page (settings mode of the sidebar).
  teamSettings: route<[teamId: number]>('/workspace/setting/team/:teamId'),
  myProfile: route('/workspace/setting/my-profile'),
  // issue #23 (admin)
  auditLog: route('/workspace/setting/audit-log'),
  // issue #23 (teams and membership)
  teamBrowse: route('/workspace/teams'),
  githubComplete: route('/workspace/github/complete'),
  slackComplete: route('/workspace/slack/complete'),
} as const;

/** Fixed workspace paths (`ROUTES`' hrefs, under the names the links use). */
export const workspacePaths = {
  root: ROUTES.workspace.path,
  noti: ROUTES.noti.path,
  settings: ROUTES.settings.path,
  wsProfile: ROUTES.wsProfile.path,
  teamList: ROUTES.teamList.path,
  teamMembers: ROUTES.teamMembers.path,
  myProfile: ROUTES.myProfile.path,
  // issue #23 (teams and membership)
  teamBrowse: ROUTES.teamBrowse.path,
  // issue #23 (admin)
  auditLog: ROUTES.auditLog.path,
} as const;

/** The URL segment of each item kind (contract/kinds.ts `routeSegment`; the external kind is `ext`). */
export const ITEM_ROUTE_SEGMENTS = /*#__PURE__*/ kindFactMap('routeSegment');
export type ItemRouteSegment = KindFactsOf<ItemKind>['routeSegment'];

/** The item kind of a URL segment (`goal`, `issue`, `ext`), else null (contract/kinds.ts). */
export const itemKindOfSegment = kindOfRouteSegment;

/** The id parameter of each kind's detail routes (contract/kinds.ts `idParam`: `…/goal/:goalId`, `…/ext/:extId`). */
export const ITEM_ID_PARAMS: Readonly<Record<ItemKind, string>> = /*#__PURE__*/ kindFactMap('idParam');

/** A team's base path (`teamRoute`). */
export const teamBasePath = (scope: ItemScope, teamId: number) => teamRoute(scope).href(teamId);

/** A team's goal, issue or external list. */
export const teamListPath = (scope: ItemScope, teamId: number, kind: ItemKind) =>
  itemRoute(scope, kind, 'list').href(teamId);

/** A team's create screen for goals and issues. */
export const teamCreatePath = (scope: ItemScope, teamId: number, kind: 'goal' | 'issue') =>
  itemRoute(scope, kind, 'create').href(teamId);

/** The default team's issue list: where `/workspace`, the workspace name and "‹ 홈" lead. */
export const defaultTeamIssuePath = (defaultTeamId: number) =>
  teamListPath('default', defaultTeamId, 'issue');

/** Settings mode of the sidebar: the settings route and every path under it. */
export const isSettingsPath = (pathname: string) =>
  matchRoute(`${ROUTES.settings.path}/*`, pathname) !== null;

// issue #23 (teams and membership): a team's settings page (settings mode of the sidebar).
export const teamSettingsPath = (teamId: number) => ROUTES.teamSettings.href(teamId);
