import type { ListPage } from '../../../../contract/items';
import { LIST_PAGE_SIZE, type Grouping, type ItemKind } from '../../../../contract/itemEnums';
import { kindFactMap } from '../../../../contract/kinds';
import { itemKindOfSegment } from '../../../app/paths';
import { fetchEnvelopeResult } from '../../../shared/lib/earlyFetch';

/*
 * The first page of a list, requested by the entry itself (app/earlySession.ts) before React, the router and the
 * store are evaluated (docs/architecture.md "Session"); the list route's loader hands it to RTK Query
 * (list/prefetchItemList.ts). No Redux and no RTK Query here: this module is in the entry chunk.
 */

/** The grouping a list opens with (ItemListPage's initial state, and what the first page is fetched with). */
export const INITIAL_GROUPING: Grouping = 'STATE';

/** API path segment per item kind (`/api/teams/{teamId}/goals|issues|externals`; `KIND_FACTS[kind].segment`). */
export const LIST_SEGMENTS: Readonly<Record<ItemKind, string>> = kindFactMap('segment');

/** A route's `:teamId` as a positive integer, else null (the page shows its 404 then; nothing to load). */
export function routeTeamId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export interface ListUrl {
  kind: ItemKind;
  teamId: number;
}

/** The list routes of app/router.tsx: `/workspace/(default/)team/:teamId/issue|goal|ext`. */
const LIST_PATH = /^\/workspace\/(?:default\/)?team\/([^/]+)\/(issue|goal|ext)\/?$/;

/** The list a URL opens, or null when it is no list route (or the team id is not valid). */
export function matchListUrl(pathname: string): ListUrl | null {
  const match = LIST_PATH.exec(pathname);
  const teamId = routeTeamId(match?.[1]);
  const kind = match && itemKindOfSegment(match[2]);
  return kind && teamId !== null ? { kind, teamId } : null;
}

/** A first page fetched with `accessToken`. */
export interface FirstListPage extends ListUrl {
  accessToken: string;
  page: ListPage;
}

/**
 * GET the first page of the list (initial grouping, one page) the way RTK Query's `getItemList` would. Null for
 * anything but a successful envelope (a 401 included: the page then loads the list the usual way, which renews).
 */
export async function fetchFirstListPage(
  { kind, teamId }: ListUrl,
  accessToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<FirstListPage | null> {
  const url = `/api/teams/${teamId}/${LIST_SEGMENTS[kind]}?query=${INITIAL_GROUPING}&size=${LIST_PAGE_SIZE}`;
  const page = await fetchEnvelopeResult(url, accessToken, isListPage, fetchImpl);
  return page ? { kind, teamId, accessToken, page } : null;
}

const isListPage = (result: unknown): result is ListPage =>
  typeof result === 'object' && result !== null && Array.isArray((result as ListPage).data);
