import type { ListGroup, ListItem, ListPage, Manager } from '../../../../contract/items';
import { envelopeResponse, profile, type FetchHandler } from '../../support/helpers';
import { onePage, teamsHandler, team as teamOf } from '../workspace/workspaceSupport';

/* Fixtures of the list page tests: items, groups, pages, and the API routes the list page and the shell read. */

export const signedIn = { session: { accessToken: 'tok', hasSession: true }, invite: { hasWorkspace: true } };

export const manager = (memberId: number, name: string, profileUrl: string | null = null): Manager => ({
  memberId,
  name,
  profileUrl,
});

export const kim = manager(1, '김민수', '/uploads/profile/1.webp');
export const lee = manager(2, '이영희');
export const park = manager(3, '박철수');

export function item(id: number, overrides: Partial<ListItem> = {}): ListItem {
  return {
    id,
    name: `Acme-i${id}`,
    title: `이슈 ${id}`,
    state: 'NONE',
    priority: 'NONE',
    deadline: { start: null, end: null },
    managers: { cnt: 0, info: [] },
    goal: null,
    extServiceType: null,
    createdAt: '2026-11-21T10:12:30+09:00',
    ...overrides,
  };
}

export const withManagers = (...managers: Manager[]) => ({
  managers: { cnt: managers.length, info: managers },
});

export function group(
  groupKey: string,
  items: ListItem[],
  dataCnt = items.length,
  filterName = groupKey,
  imageUrl: string | null = null,
): ListGroup {
  return { groupKey, filterName, imageUrl, dataCnt, items };
}

export const page = (data: ListGroup[], nextCursor: string | null = null): ListPage => ({
  data,
  hasNext: nextCursor !== null,
  nextCursor,
});

/** A recorded list request: its query parameters. */
export interface ListRequest {
  path: string;
  query: string | null;
  cursor: string | null;
  size: string | null;
}

/**
 * A list endpoint answering by grouping (`query`) and cursor: `pages[grouping][cursor ?? 'first']`. Records every
 * request in `requests`.
 */
export function listHandler(
  pages: Record<string, Record<string, ListPage>>,
  requests: ListRequest[] = [],
): FetchHandler {
  return (request) => {
    const url = new URL(request.url);
    const query = url.searchParams.get('query');
    const cursor = url.searchParams.get('cursor');
    requests.push({ path: url.pathname, query, cursor, size: url.searchParams.get('size') });
    const byCursor = pages[query ?? 'STATE'] ?? {};
    const answer = byCursor[cursor ?? 'first'] ?? page([]);
    return envelopeResponse(200, answer);
  };
}

/** The default team (7, "Acme") and team 11 "Frontend". */
export const teamsRoute = teamsHandler(onePage(teamOf(7, 'Acme', true), teamOf(11, 'Frontend')));

/** Shell reads plus the given list routes. */
export const listRoutes = (routes: Record<string, FetchHandler>): Record<string, FetchHandler> => ({
  'GET /api/workspace/setting': () => envelopeResponse(200, profile),
  'GET /api/workspace/setting/teams': teamsRoute,
  'GET /api/teams/7/externals/links': () =>
    envelopeResponse(200, { linkedWithGithub: false, linkedWithSlack: false }),
  'GET /api/teams/11/externals/links': () =>
    envelopeResponse(200, { linkedWithGithub: true, linkedWithSlack: false }),
  ...routes,
});
