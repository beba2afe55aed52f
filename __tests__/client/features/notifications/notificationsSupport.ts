import type {
  AlarmGroup,
  AlarmPage,
  AlarmRow,
  AlarmType,
  AlarmUnreadCount,
} from '../../../../contract/alarms';
import { envelopeResponse, profile, type FetchHandler } from '../../support/helpers';
import { teamsRoute } from '../items/itemListSupport';

/* Fixtures of the notifications page tests: alarm rows, groups, pages and the routes the page and shell read. */

export { signedIn } from '../items/itemListSupport';

/** The response-level date of every page (today in Asia/Seoul, as the server says). */
export const TODAY = '2025-09-01';
/** The items' own deadline end in the fixtures (rows show it, not the page's "today"). */
export const ITEM_DEADLINE = '2025-09-05';

export function alarm(alarmId: number, overrides: Partial<AlarmRow> = {}): AlarmRow {
  return {
    alarmId,
    reason: 'DEADLINE',
    read: false,
    createdAt: '2025-09-01T09:00:00+09:00',
    teamId: 11,
    typeId: 100 + alarmId,
    name: `Acme-g${alarmId}`,
    title: `목표 ${alarmId}`,
    state: 'TODO',
    priority: 'NORMAL',
    deadline: { start: null, end: ITEM_DEADLINE },
    managerList: [],
    goal: null,
    extServiceType: null,
    ...overrides,
  };
}

export const alarmGroup = (
  groupKey: string,
  notiList: AlarmRow[],
  dataCnt = notiList.length,
  groupTitle = groupKey,
): AlarmGroup => ({ groupKey, groupTitle, dataCnt, notiList });

export function alarmPage(
  type: AlarmType,
  groupedList: AlarmGroup[],
  nextCursor: string | null = null,
): AlarmPage {
  const totalSize = groupedList.reduce((sum, group) => sum + group.dataCnt, 0);
  return { type, deadline: TODAY, groupedList, totalSize, hasNext: nextCursor !== null, nextCursor };
}

/** A recorded alarm page request. */
export interface AlarmRequest {
  type: string;
  query: string | null;
  cursor: string | null;
  size: string | null;
}

/**
 * `GET /api/alarms/{type}` answering `pages["TYPE query"][cursor ?? 'first']` (an empty page otherwise); records
 * every request. `pages` may be a function, read on every request (a later answer can differ).
 */
export function alarmsHandler(
  pages: Record<string, Record<string, AlarmPage>> | (() => Record<string, Record<string, AlarmPage>>),
  requests: AlarmRequest[],
): FetchHandler {
  return (request) => {
    const url = new URL(request.url);
    const type = url.pathname.split('/').pop() as AlarmType;
    const query = url.searchParams.get('query');
    const cursor = url.searchParams.get('cursor');
    requests.push({ type, query, cursor, size: url.searchParams.get('size') });
    const table = typeof pages === 'function' ? pages() : pages;
    return envelopeResponse(200, table[`${type} ${query}`]?.[cursor ?? 'first'] ?? alarmPage(type, []));
  };
}

export const unreadCount = (total: number, GOAL = total, ISSUE = 0, EXTERNAL = 0): AlarmUnreadCount => ({
  total,
  GOAL,
  ISSUE,
  EXTERNAL,
});

/** The shell's reads (profile, teams) plus the given routes. */
export const shellRoutes = (routes: Record<string, FetchHandler>): Record<string, FetchHandler> => ({
  'GET /api/workspace/setting': () => envelopeResponse(200, profile),
  'GET /api/workspace/setting/teams': teamsRoute,
  ...routes,
});
