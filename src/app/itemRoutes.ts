import { ITEM_KINDS, type ItemKind } from '../../contract/itemEnums';
import { kindFacts } from '../../contract/kinds';
import type { ItemScope } from '../shared/shellCopy';

/*
 * The item part of the route table (app/paths.ts, which re-exports all of it): a team's routes and each kind's
 * list, create, view and edit routes, and how URLs are read back (`matchRoute`). Its own module so the early script
 * (app/start/) carries only these, not every route of the app (docs/performance.md "Bundle sizes").
 */

/** One route: its path pattern and how to build its URL. */
export interface AppRoute<Args extends unknown[] = []> {
  /** The router's pattern: absolute, `:name` segments, a trailing `/*` for "this path and everything below". */
  path: string;
  /** A URL of this route; `Args` fill the `:name` segments in order. */
  href: (...args: Args) => string;
}

/** `pattern` with its `:name` segments replaced by `values`, in order. */
function fill(pattern: string, values: readonly unknown[]): string {
  let next = 0;
  return pattern.replace(/:[^/]+/g, () => String(values[next++]));
}

/** The route at `path`: its `href` fills the path's parameters in order. */
export function route<Args extends unknown[] = []>(path: string): AppRoute<Args> {
  return { path, href: (...args: Args) => fill(path, args) };
}

/** The item scopes, in the router's order: the default team's pages, then any team's. */
export const ITEM_SCOPES: readonly ItemScope[] = ['default', 'team'];

/** `default`: the workspace's default team (`/workspace/default/team/{id}`); `team`: any other team. */
export function teamRoute(scope: ItemScope): AppRoute<[teamId: number]> {
  return route(scope === 'default' ? '/workspace/default/team/:teamId' : '/workspace/team/:teamId');
}

/** What an item route shows: a list, the create screen, an item, or an item being edited. */
export type ItemRouteMode = 'list' | 'create' | 'view' | 'edit';

/**
 * A kind's route under a team: `…/team/{teamId}/goal|issue|ext` (list), `…/detail/create`, `…/:goalId` (view),
 * `…/:goalId/edit` — the segment and id parameter of contract/kinds.ts. `href(teamId, id)`; `id` for view and edit.
 */
export function itemRoute(
  scope: ItemScope,
  kind: ItemKind,
  mode: ItemRouteMode,
): AppRoute<[teamId: number, id?: number]> {
  const { routeSegment, idParam } = kindFacts(kind);
  const suffix = mode === 'list' ? '' : mode === 'create' ? '/detail/create' : `/:${idParam}`;
  return route(`${teamRoute(scope).path}/${routeSegment}${suffix}${mode === 'edit' ? '/edit' : ''}`);
}

/**
 * The parameters of `pathname` when it matches `pattern` (`AppRoute.path`), else null. Segments compare exactly
 * (case included); a `:name` segment takes any non-empty segment; one trailing slash is ignored; a pattern ending
 * in `/*` also matches every path below it.
 */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const below = pattern.endsWith('/*');
  const want = (below ? pattern.slice(0, -2) : pattern).split('/');
  const have = (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).split('/');
  if (below ? have.length < want.length : have.length !== want.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const value = have[i]!;
    if (segment.startsWith(':') && value) params[segment.slice(1)] = value;
    else if (segment !== value) return null;
  }
  return params;
}

/** A route's id parameter (`:teamId`, `:goalId` …) as a positive integer, else null (the page shows its 404). */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The team a workspace URL is under (`/workspace/(default/)team/:teamId` and below), or null. */
export function matchTeamRoute(pathname: string): { scope: ItemScope; teamId: number } | null {
  for (const scope of ITEM_SCOPES) {
    const teamId = routeId(matchRoute(`${teamRoute(scope).path}/*`, pathname)?.teamId);
    if (teamId !== null) return { scope, teamId };
  }
  return null;
}

/** An item route a URL opens: its scope, kind and mode, the team and (view, edit) the item. */
export interface ItemRouteMatch {
  scope: ItemScope;
  kind: ItemKind;
  mode: ItemRouteMode;
  teamId: number;
  /** The item (view and edit); null for a list or the create screen. */
  id: number | null;
}

/**
 * The item route (of `modes`) that `pathname` opens, or null: no such route, or an id that is not a positive
 * integer (`routeId`).
 */
export function matchItemRoute(pathname: string, modes: readonly ItemRouteMode[]): ItemRouteMatch | null {
  for (const scope of ITEM_SCOPES)
    for (const kind of ITEM_KINDS)
      for (const mode of modes) {
        const params = matchRoute(itemRoute(scope, kind, mode).path, pathname);
        if (!params) continue;
        const teamId = routeId(params.teamId);
        const hasId = mode === 'view' || mode === 'edit';
        const id = hasId ? routeId(params[kindFacts(kind).idParam]) : null;
        return teamId !== null && (!hasId || id !== null) ? { scope, kind, mode, teamId, id } : null;
      }
  return null;
}
