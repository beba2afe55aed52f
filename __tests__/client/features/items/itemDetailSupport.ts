import type { ItemDetail } from '../../../../src/api/itemDetailApi';
import { envelopeResponse, type FetchHandler } from '../../support/helpers';
import { members } from '../settings/settingsSupport';
import { kim, listRoutes } from './itemListSupport';

/* Fixtures of the detail page tests: details, the routes the page reads, and a recorder of sent bodies. */

export { signedIn } from './itemListSupport';

export function detail(id: number, overrides: Partial<ItemDetail> = {}): ItemDetail {
  return {
    id,
    name: `Acme-i${id}`,
    title: `이슈 ${id}`,
    state: 'IN_PROGRESS',
    priority: 'HIGH',
    deadline: { start: '2026-11-20', end: '2026-11-25' },
    managers: { cnt: 1, info: [kim] },
    goal: { id: 40, title: '알림 고도화' },
    extServiceType: null,
    createdAt: '2026-11-21T10:12:30+09:00',
    content: '',
    teamId: 7,
    teamName: 'Acme',
    updatedAt: '2026-11-21T10:12:30+09:00',
    issues: null,
    externalLink: null,
    ...overrides,
  };
}

export interface SentBody {
  method: string;
  path: string;
  body: unknown;
}

/** Records the JSON body of a request, then answers with `result`. */
export const recordBody =
  (sent: SentBody[], result: unknown, status = 200): FetchHandler =>
  async (request) => {
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname, body: await request.json() });
    return envelopeResponse(status, result);
  };

/** The shell reads, members, simple lists and name previews of team 7 and team 11. */
export const detailRoutes = (routes: Record<string, FetchHandler>): Record<string, FetchHandler> =>
  listRoutes({
    'GET /api/workspace/setting/members': () => envelopeResponse(200, members),
    'GET /api/teams/7/goals-simple': () =>
      envelopeResponse(200, {
        cnt: 3,
        info: [
          { id: 40, title: '알림 고도화' },
          { id: 41, title: '온보딩' },
          { id: 42, title: '온보딩' },
        ],
      }),
    'GET /api/teams/7/issues-simple': () =>
      envelopeResponse(200, {
        cnt: 2,
        info: [
          { id: 1, title: '첫 이슈' },
          { id: 2, title: '둘째 이슈' },
        ],
      }),
    'GET /api/teams/7/issue-name': () => envelopeResponse(200, 'Acme-i8'),
    'GET /api/teams/7/goal-name': () => envelopeResponse(200, 'Acme-g3'),
    'GET /api/teams/7/externals/external-name': () => envelopeResponse(200, 'Acme-e2'),
    'GET /api/comments': () => envelopeResponse(200, { cnt: 0, info: [] }),
    ...routes,
  });
