import { act, configure, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../../../../src/app/App';
import { preloadDetailScreen, startEarlySession } from '../../../../src/app/start/earlyStart';
import { takeEarlyStart } from '../../../../src/app/start/handoff';
import { routeChunkLoads } from '../../../../src/app/start/routeChunks';
import { createRoutes } from '../../../../src/app/router';
import { COMMENT_CATEGORY } from '../../../../src/api/itemDetailApi';
import { itemDetailRequest } from '../../../../src/api/requests';
import { slateToLexical } from '../../../../src/features/editor/lexical';
import {
  commentsArgOf,
  fetchFirstDetail,
  matchDetailUrl,
  type FirstDetail,
} from '../../../../src/app/start/firstDetail';
import { prefetchItemDetail } from '../../../../src/app/start/prefetchItemDetail';
import { EARLY_RESPONSE_WAIT_MS } from '../../../../src/app/start/earlyResponse';
import { HANDOFF_MS } from '../../../../src/features/session/crossTabRenewal';
import { PERSISTED_SESSION_KEY } from '../../../../src/features/session/earlyRenewal';
import { createTestStore, envelopeResponse, mockFetch } from '../../support/helpers';
import { detail, detailRoutes, signedIn } from '../../features/items/itemDetailSupport';

/*
 * Opening an item directly (docs/performance.md "Opening an item directly"): the early script recognises an item's
 * detail URL, requests its detail (and, in view mode, its comments) with the renewed token, and the detail
 * routes' loader hands the answers to RTK Query through the hand-off the list's first page uses
 * (features/items/earlyResponse.ts) — the page then sends no second request.
 */

configure({ asyncUtilTimeout: 5000 });
// The whole app renders in some of these (the shell, the detail page, the editor): slow on a shared machine.
jest.setTimeout(30_000);

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  takeEarlyStart(window);
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

const ISSUE = '/workspace/default/team/7/issue/5';
const DESCRIPTION = '설명 첫 문단';
const content = slateToLexical([{ type: 'paragraph', children: [{ text: DESCRIPTION }] }] as never);
const issue5 = detail(5, { title: '다섯 번째 이슈', content });
const comments = { cnt: 1, info: [] };

/** Every request of `seen` to `path`. */
const requestsTo = <R extends { path: string }>(seen: R[], path: string) =>
  seen.filter((r) => r.path === path);

describe('detail URLs the early script recognises', () => {
  it('view and edit of every kind, in the default team and any team', () => {
    expect(matchDetailUrl(ISSUE)).toEqual({ kind: 'issue', teamId: 7, id: 5, mode: 'view' });
    expect(matchDetailUrl('/workspace/team/11/goal/3/edit')).toEqual({
      kind: 'goal',
      teamId: 11,
      id: 3,
      mode: 'edit',
    });
    expect(matchDetailUrl('/workspace/team/11/ext/9/')).toEqual({
      kind: 'external',
      teamId: 11,
      id: 9,
      mode: 'view',
    });
  });

  it.each([
    ['a list', '/workspace/default/team/7/issue'],
    ['the create screen', '/workspace/default/team/7/issue/detail/create'],
    ['an id that is no positive integer', '/workspace/default/team/7/issue/abc'],
    ['id 0', '/workspace/default/team/7/issue/0'],
    ['a team id that is no number', '/workspace/team/x/goal/3'],
    ['an unknown kind', '/workspace/team/11/external/3'],
    ['more segments', '/workspace/team/11/goal/3/edit/more'],
    ['outside the workspace', '/team/11/goal/3'],
  ])('not %s', (_label, path) => {
    expect(matchDetailUrl(path)).toBeNull();
  });

  it("requests what RTK Query's endpoints request (same paths, same comment categories)", () => {
    const paths = { goal: '/api/goals/5', issue: '/api/issues/5', external: '/api/teams/7/externals/5' };
    for (const kind of ['goal', 'issue', 'external'] as const) {
      const arg = { kind, teamId: 7, id: 5 };
      expect(itemDetailRequest(arg).url).toBe(paths[kind]);
      expect(commentsArgOf(arg)).toEqual({ category: COMMENT_CATEGORY[kind], targetId: 5 });
    }
  });
});

describe("the item's detail, requested by the early script", () => {
  it('view: the detail and the comments, both with the bearer token', async () => {
    const { seen, spy } = mockFetch({
      'GET /api/issues/5': () => envelopeResponse(200, issue5),
      'GET /api/comments': () => envelopeResponse(200, comments),
    });
    const first = fetchFirstDetail({ kind: 'issue', teamId: 7, id: 5, mode: 'view' }, 'tok');
    await expect(first.detail).resolves.toEqual({
      arg: { kind: 'issue', teamId: 7, id: 5 },
      accessToken: 'tok',
      value: issue5,
    });
    await expect(first.comments).resolves.toEqual({
      arg: { category: 'ISSUE', targetId: 5 },
      accessToken: 'tok',
      value: comments,
    });
    expect(seen.map((r) => [r.path, r.authorization, r.credentials])).toEqual([
      ['/api/issues/5', 'Bearer tok', 'include'],
      ['/api/comments', 'Bearer tok', 'include'],
    ]);
    expect(String(spy.mock.calls[1]![0])).toBe('/api/comments?category=ISSUE&targetId=5');
  });

  it('edit: the detail only (the edit page shows no comments); an external under its team', async () => {
    const { seen } = mockFetch({
      'GET /api/teams/7/externals/5': () => envelopeResponse(200, issue5),
    });
    const first = fetchFirstDetail({ kind: 'external', teamId: 7, id: 5, mode: 'edit' }, 'tok');
    await expect(first.detail).resolves.toMatchObject({ value: issue5 });
    await expect(first.comments).resolves.toBeNull();
    expect(seen.map((r) => r.path)).toEqual(['/api/teams/7/externals/5']);
  });

  it.each([
    ['401', () => envelopeResponse(401, null, 'JWT401_0')],
    ['404', () => envelopeResponse(404, null, 'ISSUE404_0')],
    ['another item', () => envelopeResponse(200, detail(6))],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('answers null for %s (the page then loads it the usual way)', async (_label, answer) => {
    mockFetch({ 'GET /api/issues/5': answer, 'GET /api/comments': answer });
    const first = fetchFirstDetail({ kind: 'issue', teamId: 7, id: 5, mode: 'view' }, 'tok');
    await expect(first.detail).resolves.toBeNull();
    await expect(first.comments).resolves.toBeNull();
  });

  const persistedInvite = JSON.stringify({ hasWorkspace: JSON.stringify(true) });
  const persistedSession = JSON.stringify({
    hasSession: JSON.stringify(true),
    _persist: JSON.stringify({ version: 2, rehydrated: true }),
  });
  const store = (stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    return localStorage;
  };

  it('a session at a detail URL: renewal first, then the detail and comments with the new token', async () => {
    const { seen } = mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: 'fresh' }),
      'GET /api/issues/5': () => envelopeResponse(200, issue5),
      'GET /api/comments': () => envelopeResponse(200, comments),
    });
    const started = startEarlySession(
      ISSUE,
      store({ [PERSISTED_SESSION_KEY]: persistedSession, 'persist:invite': persistedInvite }),
    );
    expect(started.firstListPage).toBeNull();
    expect(started.firstDetail).not.toBeNull();
    await expect(started.firstDetail!.detail).resolves.toMatchObject({ accessToken: 'fresh', value: issue5 });
    await expect(started.firstDetail!.comments).resolves.toMatchObject({ accessToken: 'fresh' });
    expect(seen.map((r) => [r.path, r.authorization])).toEqual([
      ['/api/token/reissue', null],
      ['/api/issues/5', 'Bearer fresh'],
      ['/api/comments', 'Bearer fresh'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_MS + 10));
  });

  it('nothing for a list URL, without a known workspace, or without a session', async () => {
    const { seen } = mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: 'fresh' }),
    });
    const list = startEarlySession(
      '/workspace/default/team/7/issue',
      store({ [PERSISTED_SESSION_KEY]: persistedSession, 'persist:invite': persistedInvite }),
    );
    expect(list.firstDetail).toBeNull();
    await list.earlyRenewal;
    localStorage.clear();
    const noWorkspace = startEarlySession(ISSUE, store({ [PERSISTED_SESSION_KEY]: persistedSession }));
    expect(noWorkspace.firstDetail).toBeNull();
    await noWorkspace.earlyRenewal;
    localStorage.clear();
    const noSession = startEarlySession(ISSUE, store({ 'persist:invite': persistedInvite }));
    expect(noSession.earlyRenewal).toBeNull();
    expect(noSession.firstDetail).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_MS + 10));
    // Two renewals (a session at a workspace URL), the list's first page, and no detail or comments.
    expect(seen.filter((r) => r.path === '/api/token/reissue')).toHaveLength(2);
    expect(seen.filter((r) => r.path === '/api/issues/5' || r.path === '/api/comments')).toEqual([]);
  });

  it("preloads the detail page's and the editor's chunks only when the detail was requested", () => {
    const hrefs = '/assets/route-item-detail.0123456789.js /assets/editor.0123456789.js';
    const renewal = Promise.resolve({ kind: 'none' } as never);
    const firstDetail = {} as FirstDetail;
    expect(preloadDetailScreen(document, { earlyRenewal: renewal, firstDetail: null }, hrefs)).toEqual([]);
    expect(preloadDetailScreen(document, { earlyRenewal: null, firstDetail }, hrefs)).toEqual([]);
    expect(preloadDetailScreen(document, { earlyRenewal: renewal, firstDetail }, null)).toEqual([]);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
    preloadDetailScreen(document, { earlyRenewal: renewal, firstDetail }, hrefs);
    expect(
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [
        link.getAttribute('href'),
        link.getAttribute('as'),
      ]),
    ).toEqual([
      ['/assets/route-item-detail.0123456789.js', 'script'],
      ['/assets/editor.0123456789.js', 'script'],
    ]);
  });

  it("the entry starts the detail screen's chunks too (item page, detail page and its prefetch, editor)", () => {
    const shell = routeChunkLoads('/workspace/setting/my-profile').length;
    expect(routeChunkLoads(ISSUE).length).toBe(shell + 4);
    expect(routeChunkLoads('/workspace/team/11/ext/9/edit').length).toBe(shell + 4);
    expect(routeChunkLoads('/workspace/default/team/7/issue/detail/create').length).toBe(shell);
  });
});

/**
 * A test store's bundle and the routes answered; with `token`, the early script's detail for `ISSUE` made with it
 * (its requests are in `seen`).
 */
async function detailStart(token: string | null = 'tok') {
  const { seen } = mockFetch(
    detailRoutes({
      'GET /api/issues/5': () => envelopeResponse(200, issue5),
      'GET /api/comments': () => envelopeResponse(200, comments),
    }),
  );
  const bundle = await createTestStore({ preloadedState: signedIn });
  const firstDetail =
    token === null ? null : fetchFirstDetail({ kind: 'issue', teamId: 7, id: 5, mode: 'view' }, token);
  return { seen, bundle, firstDetail };
}

describe('detail route loader: the hand-off to RTK Query', () => {
  it("the early script's detail and comments go into the cache: the page shows them and sends no request", async () => {
    const { seen, bundle, firstDetail } = await detailStart();
    const router = createMemoryRouter(createRoutes({ loadStore: async () => bundle, firstDetail }), {
      initialEntries: [ISSUE],
    });
    render(<App router={router} />);

    expect(await screen.findByRole('heading', { name: '다섯 번째 이슈' })).toBeInTheDocument();
    expect(await screen.findByText(DESCRIPTION)).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // One request each: the early script's. The page's queries found them in the cache.
    expect(requestsTo(seen, '/api/issues/5')).toHaveLength(1);
    expect(requestsTo(seen, '/api/comments')).toHaveLength(1);
    router.dispose();
  });

  it('without the early script, the loader starts the detail and the page joins it (one request)', async () => {
    const { seen, bundle } = await detailStart(null);
    const router = createMemoryRouter(createRoutes({ loadStore: async () => bundle }), {
      initialEntries: [ISSUE],
    });
    render(<App router={router} />);
    expect(await screen.findByText(DESCRIPTION)).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(requestsTo(seen, '/api/issues/5')).toEqual([
      { method: 'GET', path: '/api/issues/5', authorization: 'Bearer tok', credentials: 'include' },
    ]);
    expect(requestsTo(seen, '/api/comments')).toHaveLength(1);
    router.dispose();
  });

  it('the loader starts the queries without the page (while the route chunks load)', async () => {
    const { seen, bundle } = await detailStart(null);
    const router = createMemoryRouter(createRoutes({ loadStore: async () => bundle }), {
      initialEntries: [ISSUE],
    });
    await waitFor(() =>
      expect(bundle.store.getState().api.queries).toEqual(
        expect.objectContaining({
          'getItemDetail({"id":5,"kind":"issue","teamId":7})': expect.objectContaining({
            status: 'fulfilled',
          }),
          'getComments({"category":"ISSUE","targetId":5})': expect.objectContaining({
            status: 'fulfilled',
          }),
        }),
      ),
    );
    expect(requestsTo(seen, '/api/issues/5')).toHaveLength(1);
    router.dispose();
  });

  it('takes the early answers only for this item, with the current token, in time', async () => {
    const { seen, bundle, firstDetail } = await detailStart('someone-else');
    // Another token (the session moved on): RTK Query asks again, with the store's token.
    await expect(prefetchItemDetail(bundle.store, 'issue', 'view', '7', '5', firstDetail!)).resolves.toEqual({
      detail: 'query',
      comments: 'query',
    });
    await waitFor(() => expect(requestsTo(seen, '/api/issues/5')).toHaveLength(2));
    expect(requestsTo(seen, '/api/issues/5')[1]!.authorization).toBe('Bearer tok');

    const fresh = await createTestStore({ preloadedState: signedIn });
    const mine = fetchFirstDetail({ kind: 'issue', teamId: 7, id: 5, mode: 'view' }, 'tok');
    // Another item: not taken.
    await expect(prefetchItemDetail(fresh.store, 'issue', 'view', '7', '6', mine)).resolves.toEqual({
      detail: 'query',
      comments: 'query',
    });
    // This item: taken, and the cache holds the early value.
    await expect(prefetchItemDetail(fresh.store, 'issue', 'view', '7', '5', mine)).resolves.toEqual({
      detail: 'entry',
      comments: 'entry',
    });
    expect(
      fresh.store.getState().api.queries['getItemDetail({"id":5,"kind":"issue","teamId":7})']?.data,
    ).toEqual(issue5);
    // Edit mode: the detail only.
    await expect(prefetchItemDetail(fresh.store, 'goal', 'edit', '7', '5', null)).resolves.toEqual({
      detail: 'query',
      comments: 'none',
    });
    // Late: the loader waits no longer than the list's loader does.
    const never: FirstDetail = {
      detail: new Promise(() => undefined),
      comments: new Promise(() => undefined),
    };
    const started = Date.now();
    await expect(prefetchItemDetail(fresh.store, 'external', 'view', '7', '8', never)).resolves.toEqual({
      detail: 'query',
      comments: 'query',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(EARLY_RESPONSE_WAIT_MS - 20);
    // Not a valid id: nothing (the page shows its 404).
    await expect(prefetchItemDetail(fresh.store, 'issue', 'view', '7', 'x', mine)).resolves.toEqual({
      detail: 'none',
      comments: 'none',
    });
    expect(commentsArgOf({ kind: 'external', teamId: 7, id: 8 })).toEqual({
      category: 'EXTERNAL',
      targetId: 8,
    });
  });

  it('prefetches nothing when the guard will send the visitor to sign in', async () => {
    const { seen } = mockFetch({});
    const bundle = await createTestStore({
      preloadedState: { session: { accessToken: 'tok', hasSession: true } },
    });
    await expect(prefetchItemDetail(bundle.store, 'issue', 'view', '7', '5', null)).resolves.toEqual({
      detail: 'none',
      comments: 'none',
    });
    expect(seen).toEqual([]);
  });
});
