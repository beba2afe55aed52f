import { act, configure, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, Route, Routes } from 'react-router-dom';
import { App } from '../../../../src/app/App';
import type * as EarlySession from '../../../../src/app/start/earlySession';
import { preloadFirstScreen, startEarlySession } from '../../../../src/app/start/earlyStart';
import { takeEarlyStart } from '../../../../src/app/start/handoff';
import { routeChunkLoads } from '../../../../src/app/start/routeChunks';
import { ITEM_SEGMENTS } from '../../../../src/api/itemsApi';
import {
  fetchFirstListPage,
  matchListUrl,
  type FirstListPage,
} from '../../../../src/app/start/firstListPage';
import { INITIAL_GROUPING, itemListRequest, requestUrl } from '../../../../src/api/requests';
import { FIRST_PAGE_WAIT_MS, prefetchItemList } from '../../../../src/app/start/prefetchItemList';
import { theme } from '../../../../src/app/theme';
import ItemPage, { loadItemListPage } from '../../../../src/features/items/pages/ItemPage';
import { applyEarlyRenewal, whenSessionReady } from '../../../../src/app/appStore';
import { createRoutes } from '../../../../src/app/router';
import type { AppStoreBundle } from '../../../../src/app/store';
import { HANDOFF_MS, SESSION_CHANNEL_NAME } from '../../../../src/features/session/crossTabRenewal';
import {
  claimRenewal,
  PERSISTED_SESSION_KEY,
  readStoredSessionFlag,
  RENEWAL_CLAIM_KEY,
  RENEWAL_CLAIM_MS,
  startEarlyRenewal,
  startsWithSession,
  type EarlyRenewalOutcome,
} from '../../../../src/features/session/earlyRenewal';
import { envelopeResponse, createTestStore, mockFetch, type SeenRequest } from '../../support/helpers';
import { group, item, listRoutes, page, signedIn } from '../../features/items/itemListSupport';

/*
 * App start (docs/architecture.md "Session"): the access token lives in memory only, so the entry restores the
 * session with the refresh cookie before React (earlyRenewal.ts), the store applies the outcome before the first
 * screen (appStore.ts), and the list routes' loader requests the list's first
 * page in parallel with the route chunks — before the list page mounts, and only once.
 */

configure({ asyncUtilTimeout: 5000 });

/** Each mount of the list page, with the list requests already sent at that moment. */
const mockListMounts: number[] = [];
let mockSeenRequests: SeenRequest[] = [];
const mockListRequestsSoFar = () => mockSeenRequests.filter((r) => r.path === '/api/teams/7/issues').length;

/* The list page, recording how many list requests had been sent when each instance first rendered. */
jest.setTimeout(30_000);

jest.mock('../../../../src/features/items/list/ItemListPage', () => {
  const actual = jest.requireActual('../../../../src/features/items/list/ItemListPage');
  const react = jest.requireActual('react');
  function RecordedItemListPage(props: object) {
    const first = react.useRef(true);
    if (first.current) {
      first.current = false;
      mockListMounts.push(mockListRequestsSoFar());
    }
    return react.createElement(actual.default, props);
  }
  return { __esModule: true, ...actual, default: RecordedItemListPage };
});

afterEach(() => {
  jest.restoreAllMocks();
  mockListMounts.length = 0;
  mockSeenRequests = [];
  localStorage.clear();
});

/** An unsigned JWT-shaped token (the client reads only `iat` / `exp`). */
function jwt(name: string, expiresInSeconds: number, iatSeconds = Math.floor(Date.now() / 1000)): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: name, iat: iatSeconds, exp })}.sig`;
}

/** What redux-persist writes for the session slice. */
function persistedSession(hasSession: boolean) {
  return JSON.stringify({
    hasSession: JSON.stringify(hasSession),
    _persist: JSON.stringify({ version: 2, rehydrated: true }),
  });
}
/** Local storage of a browser that holds a session (`values`: what is stored, for the test to look at). */
const withSession = (more: Record<string, string> = {}) =>
  memoryStorage({ [PERSISTED_SESSION_KEY]: persistedSession(true), ...more });

const memoryStorage = (values: Record<string, string>) => ({
  values,
  getItem: (key: string) => values[key] ?? null,
  setItem: (key: string, value: string) => {
    values[key] = value;
  },
  removeItem: (key: string) => {
    delete values[key];
  },
});

/** What another tab notes while it renews, `ageMs` ago. */
const claimedBefore = (ageMs: number) => ({ [RENEWAL_CLAIM_KEY]: `${Date.now() - ageMs}:othertab` });

/** Locks that are granted at once, in order (enough for one tab at a time). */
function grantingLocks() {
  const granted: string[] = [];
  const request = async (name: string, _options: LockOptions, callback: (lock: Lock | null) => unknown) => {
    granted.push(name);
    return callback({ name, mode: 'exclusive' } as Lock);
  };
  return { locks: { request } as unknown as LockManager, granted };
}

/**
 * Locks held elsewhere (another tab, or a busy browser) until `release()`; `letGo` lists the locks this tab held
 * and released again.
 */
function heldLocks() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const letGo: string[] = [];
  const request = async (name: string, _options: LockOptions, callback: (lock: Lock | null) => unknown) => {
    await held;
    await callback({ name, mode: 'exclusive' } as Lock);
    letGo.push(name);
  };
  return { locks: { request } as unknown as LockManager, release, letGo };
}

const LIST = '/workspace/default/team/7/issue';
const firstPage = page([group('TODO', [item(1, { title: '첫 번째 이슈', state: 'TODO' })])]);

describe('early session renewal (entry, before React)', () => {
  it('only for workspace URLs', () => {
    expect(startsWithSession('/workspace')).toBe(true);
    expect(startsWithSession('/workspace/default/team/7/issue')).toBe(true);
    expect(startsWithSession('/workspaces')).toBe(false);
    expect(startsWithSession('/onboarding/loading')).toBe(false);
    expect(startsWithSession('/acme/invite')).toBe(false);
  });

  it('reads the session flag redux-persist stored; anything unreadable is none', () => {
    expect(readStoredSessionFlag(withSession())).toBe(true);
    expect(readStoredSessionFlag(memoryStorage({ [PERSISTED_SESSION_KEY]: persistedSession(false) }))).toBe(
      false,
    );
    expect(readStoredSessionFlag(memoryStorage({ [PERSISTED_SESSION_KEY]: '{not json' }))).toBe(false);
    expect(readStoredSessionFlag(memoryStorage({}))).toBe(false);
    expect(readStoredSessionFlag(null)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(readStoredSessionFlag(throwing)).toBe(false);
  });

  it('starts nothing for the login route or without a session', () => {
    const { seen } = mockFetch({});
    const crossTab = { locks: null, BroadcastChannel: null };
    expect(startEarlyRenewal('/onboarding', withSession(), { crossTab })).toBeNull();
    expect(
      startEarlyRenewal(LIST, memoryStorage({ [PERSISTED_SESSION_KEY]: persistedSession(false) }), {
        crossTab,
      }),
    ).toBeNull();
    expect(startEarlyRenewal(LIST, memoryStorage({}), { crossTab })).toBeNull();
    expect(seen).toEqual([]);
  });

  it('a session: one reissue under the cross-tab lock, its token broadcast to the other tabs', async () => {
    const fresh = jwt('fresh', 900);
    const { seen } = mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: fresh }),
    });
    const otherTab = new BroadcastChannel(SESSION_CHANNEL_NAME);
    const received: unknown[] = [];
    otherTab.onmessage = (event) => received.push(event.data);
    const { locks, granted } = grantingLocks();
    const storage = withSession();

    const outcome = await startEarlyRenewal(LIST, storage, { crossTab: { locks, BroadcastChannel } });

    expect(outcome).toEqual({ kind: 'renewed', accessToken: fresh });
    // The note "this tab is renewing" is gone once it is done.
    expect(storage.values[RENEWAL_CLAIM_KEY]).toBeUndefined();
    expect(seen).toEqual([
      { method: 'POST', path: '/api/token/reissue', authorization: null, credentials: 'include' },
    ]);
    expect(granted).toEqual(['momentum-reissue']);
    await waitFor(() =>
      expect(received).toEqual([{ type: 'momentum/accessTokenRenewed', accessToken: fresh }]),
    );
    otherTab.close();
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_MS + 10));
  });

  it('no other tab renewing: the request leaves at once, without waiting for the lock', async () => {
    const fresh = jwt('fresh', 900);
    const { seen } = mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: fresh }),
    });
    // A busy browser grants the lock late: here, only when the test says so.
    const { locks, release: grant, letGo } = heldLocks();
    const storage = withSession();
    const outcome = startEarlyRenewal(LIST, storage, { crossTab: { locks, BroadcastChannel: null } })!;
    // While the request is out, the note tells tabs that start now to wait for this tab's token.
    expect(storage.values[RENEWAL_CLAIM_KEY]).toMatch(/^\d+:/);

    await expect(outcome).resolves.toEqual({ kind: 'renewed', accessToken: fresh });
    expect(seen.map((r) => r.path)).toEqual(['/api/token/reissue']);
    expect(storage.values[RENEWAL_CLAIM_KEY]).toBeUndefined();
    // The lock, granted after the renewal, is still let go again (after the hand-over time).
    grant();
    await waitFor(() => expect(letGo).toEqual(['momentum-reissue']));
  });

  it('another tab renewing since a moment: waits for the lock and uses its token (no request)', async () => {
    const { seen } = mockFetch({});
    const shared = jwt('shared', 900);
    // Another tab holds the lock: it broadcasts its new token, then lets go.
    const { locks, release: releaseOther } = heldLocks();
    const note = claimedBefore(200);
    const storage = withSession(note);
    const outcomePromise = startEarlyRenewal(LIST, storage, { crossTab: { locks, BroadcastChannel } })!;
    const otherTab = new BroadcastChannel(SESSION_CHANNEL_NAME);
    otherTab.postMessage({ type: 'momentum/accessTokenRenewed', accessToken: shared });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    releaseOther();

    expect(await outcomePromise).toEqual({ kind: 'renewed', accessToken: shared });
    expect(seen).toEqual([]);
    // The other tab's note is left to it.
    expect(storage.values[RENEWAL_CLAIM_KEY]).toBe(note[RENEWAL_CLAIM_KEY]);
    otherTab.close();
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_MS + 10));
  });

  it('a note older than the claim time (its tab was closed) holds nobody back', () => {
    const now = Date.now();
    expect(claimRenewal(withSession(claimedBefore(RENEWAL_CLAIM_MS - 100)), now)).toBeNull();
    const stale = withSession(claimedBefore(RENEWAL_CLAIM_MS + 100));
    const claim = claimRenewal(stale, now);
    expect(claim).toMatch(new RegExp(`^${now}:`));
    expect(stale.values[RENEWAL_CLAIM_KEY]).toBe(claim);
    // No storage (private mode, disabled): always through the lock.
    expect(claimRenewal(null, now)).toBeNull();
  });

  it('tells when the request has left, once (the entry evaluates the app after that)', async () => {
    let answer!: (response: Response) => void;
    mockFetch({
      'POST /api/token/reissue': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const onRequestSent = jest.fn();
    const outcome = startEarlyRenewal(LIST, withSession(), {
      crossTab: { locks: grantingLocks().locks, BroadcastChannel: null },
      onRequestSent,
    })!;
    await waitFor(() => expect(onRequestSent).toHaveBeenCalledTimes(1));
    answer(envelopeResponse(200, { accessToken: jwt('fresh', 900) }));
    await expect(outcome).resolves.toMatchObject({ kind: 'renewed' });
    expect(onRequestSent).toHaveBeenCalledTimes(1);
  });

  it('tells it too when the renewal ends without a request (the lock manager refused)', async () => {
    const { seen } = mockFetch({});
    const onRequestSent = jest.fn();
    const sharedOutcome = startEarlyRenewal(LIST, withSession(claimedBefore(0)), {
      crossTab: {
        locks: {
          request: () => {
            throw new Error('locks refused');
          },
        } as unknown as LockManager,
        BroadcastChannel: null,
      },
      onRequestSent,
    })!;
    await expect(sharedOutcome).resolves.toMatchObject({ kind: 'unavailable' });
    expect(onRequestSent).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
  });

  it.each([
    ['401', 'signedOut', () => envelopeResponse(401, null, 'JWT401_3')],
    ['200 without a token', 'signedOut', () => envelopeResponse(200, {})],
    ['429', 'unavailable', () => envelopeResponse(429, null, 'JWT429_0')],
    ['500', 'unavailable', () => envelopeResponse(500, { requestId: 'r' }, 'COMMON500')],
    [
      'a network error',
      'unavailable',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('reissue answering %s → %s', async (_label, kind, answer) => {
    mockFetch({ 'POST /api/token/reissue': answer });
    const outcome = await startEarlyRenewal(LIST, withSession(), {
      crossTab: { locks: null, BroadcastChannel: null },
    });
    expect(outcome).toEqual({ kind });
  });
});

describe('applying the early renewal to the store', () => {
  /** A fresh page: the session flag came back from storage, the token (memory only) did not. */
  const storeWith = (accessToken: string | null) =>
    createTestStore({
      preloadedState: { session: { accessToken, hasSession: true }, invite: signedIn.invite },
    });

  it('holds the renewed token (the page started without one)', async () => {
    const { store } = await storeWith(null);
    applyEarlyRenewal(store, { kind: 'renewed', accessToken: 'fresh' });
    expect(store.getState().session).toMatchObject({ accessToken: 'fresh', hasSession: true });
  });

  it('signed out: clears the session flag (the /workspace guard then sends the visitor to sign in)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = await storeWith(null);
    applyEarlyRenewal(store, { kind: 'signedOut' });
    expect(store.getState().session).toMatchObject({ accessToken: null, hasSession: false });
  });

  it('changes nothing when the session moved on meanwhile, or the server could not renew now', async () => {
    const { store } = await storeWith('renewed-by-the-saga');
    applyEarlyRenewal(store, { kind: 'renewed', accessToken: 'late' });
    applyEarlyRenewal(store, { kind: 'signedOut' });
    expect(store.getState().session.accessToken).toBe('renewed-by-the-saga');
    const other = await storeWith(null);
    applyEarlyRenewal(other.store, { kind: 'unavailable' });
    expect(other.store.getState().session).toMatchObject({ accessToken: null, hasSession: true });
  });

  it('the first screen waits for the outcome, but not longer than the cap', async () => {
    const bundle = await storeWith(null);
    const never = new Promise<EarlyRenewalOutcome>(() => undefined);
    const started = Date.now();
    await expect(whenSessionReady(bundle, never, 30)).resolves.toBe(bundle);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(bundle.store.getState().session.accessToken).toBeNull();

    let settle!: (outcome: EarlyRenewalOutcome) => void;
    const late = new Promise<EarlyRenewalOutcome>((resolve) => {
      settle = resolve;
    });
    const ready = whenSessionReady(bundle, late, 10_000);
    settle({ kind: 'renewed', accessToken: 'fresh' });
    await ready;
    expect(bundle.store.getState().session.accessToken).toBe('fresh');
  });
});

describe('route chunks started by the entry', () => {
  it('a list URL: store, workspace shell, item page and list page; other workspace URLs: store and shell', () => {
    expect(routeChunkLoads(LIST)).toHaveLength(7);
    expect(routeChunkLoads('/workspace/team/11/goal/')).toHaveLength(7);
    expect(routeChunkLoads('/workspace/team/11/goal/5')).toHaveLength(8);
    expect(routeChunkLoads('/workspace/setting/my-profile')).toHaveLength(4);
    expect(routeChunkLoads('/onboarding')).toHaveLength(0);
  });
});

describe("the list's first page, requested by the entry", () => {
  it('knows the list routes and their API paths', () => {
    expect(matchListUrl(LIST)).toEqual({ kind: 'issue', teamId: 7 });
    expect(matchListUrl('/workspace/team/11/ext/')).toEqual({ kind: 'external', teamId: 11 });
    expect(matchListUrl('/workspace/team/11/goal/5')).toBeNull();
    expect(matchListUrl('/workspace/team/0/goal')).toBeNull();
    expect(matchListUrl('/workspace/team/abc/goal')).toBeNull();
    for (const kind of ['goal', 'issue', 'external'] as const) {
      // The request RTK Query's getItemList sends (src/api/requests.ts), first page.
      expect(requestUrl(itemListRequest({ kind, teamId: 7, grouping: INITIAL_GROUPING }))).toBe(
        `/api/teams/7/${ITEM_SEGMENTS[kind]}?query=STATE&size=20`,
      );
    }
  });

  it('GETs the first page with the initial grouping and the bearer token', async () => {
    const { seen, spy } = mockFetch({ 'GET /api/teams/7/issues': () => envelopeResponse(200, firstPage) });
    await expect(fetchFirstListPage({ kind: 'issue', teamId: 7 }, 'tok')).resolves.toEqual({
      kind: 'issue',
      teamId: 7,
      accessToken: 'tok',
      page: firstPage,
    });
    expect(seen).toEqual([
      { method: 'GET', path: '/api/teams/7/issues', authorization: 'Bearer tok', credentials: 'include' },
    ]);
    expect(String(spy.mock.calls[0]![0])).toBe('/api/teams/7/issues?query=STATE&size=20');
  });

  it.each([
    ['401', () => envelopeResponse(401, null, 'JWT401_0')],
    ['a failed envelope', () => envelopeResponse(500, { requestId: 'r' }, 'COMMON500')],
    ['no page', () => envelopeResponse(200, null)],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('answers null for %s', async (_label, answer) => {
    mockFetch({ 'GET /api/teams/7/issues': answer });
    await expect(fetchFirstListPage({ kind: 'issue', teamId: 7 }, 'tok')).resolves.toBeNull();
  });
});

describe('the early script (src/early.ts) and the entry (app/earlySession.ts)', () => {
  const persistedInvite = JSON.stringify({ hasWorkspace: JSON.stringify(true) });
  const storageWith = (stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    return localStorage;
  };

  /** Runs the early script at `path`, then the entry (as index.html does); returns the entry's exports. */
  function runEarlyScriptThenEntry(path: string, stored: Record<string, string>) {
    window.history.replaceState(null, '', path);
    storageWith(stored);
    let entry!: typeof EarlySession;
    jest.isolateModules(() => {
      jest.requireActual('../../../../src/early');
      entry = jest.requireActual('../../../../src/app/start/earlySession');
    });
    return entry;
  }

  afterEach(() => {
    window.history.replaceState(null, '', '/');
    takeEarlyStart(window);
  });

  it('a session: renewal first (no token in memory), then the first page with the new token', async () => {
    const fresh = jwt('fresh', 900);
    const { seen } = mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: fresh }),
      'GET /api/teams/7/issues': () => envelopeResponse(200, firstPage),
    });
    const started = startEarlySession(
      LIST,
      storageWith({ [PERSISTED_SESSION_KEY]: persistedSession(true), 'persist:invite': persistedInvite }),
    );
    await started.requestSent;
    await expect(started.earlyRenewal).resolves.toMatchObject({ kind: 'renewed', accessToken: fresh });
    await expect(started.firstListPage).resolves.toMatchObject({ accessToken: fresh });
    expect(seen.filter((r) => r.path.startsWith('/api/')).map((r) => [r.path, r.authorization])).toEqual([
      ['/api/token/reissue', null],
      ['/api/teams/7/issues', `Bearer ${fresh}`],
    ]);
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_MS + 10));
  });

  it("preloads the first screen's chunk for a start with a session, never for the login screen", () => {
    const chunk = '/assets/workspace-start.0123456789.js';
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
        href: link.getAttribute('href'),
        as: link.getAttribute('as'),
        priority: link.fetchPriority,
      }));
    const renewal = Promise.resolve({ kind: 'none' } as never);
    // A start without a session (the login screen, a visitor): nothing is fetched ahead (the login budget).
    expect(preloadFirstScreen(document, { earlyRenewal: null }, chunk)).toBeNull();
    expect(preloads()).toEqual([]);
    // A build without the attribute (the dev server): nothing either.
    expect(preloadFirstScreen(document, { earlyRenewal: renewal }, null)).toBeNull();
    // A start with a session: the chunk, as a low-priority script preload.
    const link = preloadFirstScreen(document, { earlyRenewal: renewal }, chunk);
    expect(preloads()).toEqual([{ href: chunk, as: 'script', priority: 'low' }]);
    link?.remove();
  });

  it('no session, no known workspace or not a list: no first page', async () => {
    const { seen } = mockFetch({});
    const none = startEarlySession(LIST, storageWith({ 'persist:invite': persistedInvite }));
    expect(none.earlyRenewal).toBeNull();
    expect(none.firstListPage).toBeNull();
    await none.requestSent;
    expect(seen.filter((r) => r.path.startsWith('/api/'))).toEqual([]);
    localStorage.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const noWorkspace = startEarlySession(
      LIST,
      storageWith({ [PERSISTED_SESSION_KEY]: persistedSession(true) }),
    );
    expect(noWorkspace.firstListPage).toBeNull();
    await noWorkspace.earlyRenewal;
    localStorage.clear();
    const settings = startEarlySession(
      '/workspace/setting/my-profile',
      storageWith({ [PERSISTED_SESSION_KEY]: persistedSession(true), 'persist:invite': persistedInvite }),
    );
    expect(settings.firstListPage).toBeNull();
    // Any workspace page of a session renews at start: the token is not kept across pages.
    expect(settings.earlyRenewal).not.toBeNull();
    await settings.earlyRenewal;
    expect(seen.filter((r) => r.path.startsWith('/api/')).map((r) => r.path)).toEqual([
      '/api/token/reissue',
      '/api/token/reissue',
    ]);
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_MS + 10));
  });

  it('the entry takes over what the early script started, once, and sends nothing itself', async () => {
    const fresh = jwt('fresh', 900);
    const { seen } = mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: fresh }),
      'GET /api/teams/7/issues': () => envelopeResponse(200, firstPage),
    });
    const entry = runEarlyScriptThenEntry(LIST, {
      [PERSISTED_SESSION_KEY]: persistedSession(true),
      'persist:invite': persistedInvite,
    });
    // The request left while the early script ran, before the entry was evaluated.
    expect(seen.map((r) => r.path)).toContain('/api/token/reissue');
    await entry.appMayStart;
    await expect(entry.earlyRenewal).resolves.toMatchObject({ kind: 'renewed', accessToken: fresh });
    await expect(entry.firstListPage).resolves.toMatchObject({ accessToken: fresh, teamId: 7 });
    // Handed over once: nothing is left on `window` for anyone else.
    expect(takeEarlyStart(window)).toBeNull();
    expect(seen.filter((r) => r.path.startsWith('/api/')).map((r) => r.path)).toEqual([
      '/api/token/reissue',
      '/api/teams/7/issues',
    ]);
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_MS + 10));
  });

  it('without the early script, the entry starts nothing: the first 401 renews the usual way', async () => {
    const { seen } = mockFetch({});
    window.history.replaceState(null, '', LIST);
    storageWith({ [PERSISTED_SESSION_KEY]: persistedSession(true), 'persist:invite': persistedInvite });
    let entry!: typeof EarlySession;
    jest.isolateModules(() => {
      entry = jest.requireActual('../../../../src/app/start/earlySession');
    });
    expect(entry.earlyRenewal).toBeNull();
    expect(entry.firstListPage).toBeNull();
    await entry.appMayStart;
    expect(seen.filter((r) => r.path.startsWith('/api/'))).toEqual([]);
  });
});

/** Renders the app at `path`; the store comes from `loadStore` (like the browser: created on first need). */
function renderWithLoadStore(path: string, loadStore: () => Promise<AppStoreBundle>) {
  const router = createMemoryRouter(createRoutes({ loadStore }), { initialEntries: [path] });
  render(<App router={router} />);
  return router;
}

describe('list route loader', () => {
  it('requests the first page before the list page mounts, and only once', async () => {
    const { seen } = mockFetch(
      listRoutes({ 'GET /api/teams/7/issues': () => envelopeResponse(200, firstPage) }),
    );
    mockSeenRequests = seen;
    const bundle = await createTestStore({ preloadedState: signedIn });
    renderWithLoadStore(LIST, async () => bundle);

    expect(await screen.findByText('첫 번째 이슈')).toBeInTheDocument();
    expect(mockListMounts.length).toBeGreaterThan(0);
    expect(mockListMounts[0]).toBe(1);
    const lists = seen.filter((r) => r.path === '/api/teams/7/issues');
    expect(lists).toEqual([
      { method: 'GET', path: '/api/teams/7/issues', authorization: 'Bearer tok', credentials: 'include' },
    ]);
  });

  it('starts the request without the page: the loader runs while the route chunks load', async () => {
    const { seen } = mockFetch(
      listRoutes({ 'GET /api/teams/7/issues': () => envelopeResponse(200, firstPage) }),
    );
    const bundle = await createTestStore({ preloadedState: signedIn });
    // A router that is never rendered: no component mounts, yet the loader asks for the list.
    const router = createMemoryRouter(createRoutes({ loadStore: async () => bundle }), {
      initialEntries: [LIST],
    });
    await waitFor(() => expect(seen.map((r) => r.path)).toContain('/api/teams/7/issues'));
    await waitFor(() =>
      expect(bundle.store.getState().api.queries).toEqual(
        expect.objectContaining({
          'getItemList({"grouping":"STATE","kind":"issue","teamId":7})': expect.objectContaining({
            status: 'fulfilled',
          }),
        }),
      ),
    );
    router.dispose();
  });

  it('prefetches nothing when the guard will send the visitor to sign in', async () => {
    const { seen } = mockFetch({});
    const bundle = await createTestStore({
      preloadedState: { session: { accessToken: 'tok', hasSession: true } },
    });
    const router = renderWithLoadStore(LIST, async () => bundle);
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    // The sign-in screen may already ask which sign-in methods there are; nothing else is requested.
    expect(seen.filter((r) => r.path !== '/api/auth/providers')).toEqual([]);
  });

  it('a new page of a session: reissue first, then one list request with the new token (no 401)', async () => {
    const fresh = jwt('fresh', 900);
    const { seen } = mockFetch(
      listRoutes({
        'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: fresh }),
        'GET /api/teams/7/issues': (request) =>
          request.headers.get('Authorization') === `Bearer ${fresh}`
            ? envelopeResponse(200, firstPage)
            : envelopeResponse(401, null, 'JWT401_0'),
      }),
    );
    mockSeenRequests = seen;
    // The entry's part: started before the store exists.
    const early = startEarlyRenewal(LIST, withSession(), {
      crossTab: { locks: null, BroadcastChannel: null },
    });
    expect(early).not.toBeNull();
    const bundle = await createTestStore({
      preloadedState: { ...signedIn, session: { accessToken: null, hasSession: true } },
    });
    renderWithLoadStore(LIST, () => whenSessionReady(bundle, early));

    expect(await screen.findByText('첫 번째 이슈')).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/token/reissue' });
    expect(seen.filter((r) => r.path === '/api/token/reissue')).toHaveLength(1);
    expect(seen.filter((r) => r.path === '/api/teams/7/issues')).toEqual([
      {
        method: 'GET',
        path: '/api/teams/7/issues',
        authorization: `Bearer ${fresh}`,
        credentials: 'include',
      },
    ]);
    expect(seen.every((r) => r.authorization === null || r.authorization === `Bearer ${fresh}`)).toBe(true);
    expect(bundle.store.getState().session.accessToken).toBe(fresh);
  });

  it('renders the list page in the same pass once the router has loaded its chunk (no Suspense round)', async () => {
    mockFetch(listRoutes({ 'GET /api/teams/7/issues': () => envelopeResponse(200, firstPage) }));
    const bundle = await createTestStore({ preloadedState: signedIn });
    await loadItemListPage();
    render(
      <Provider store={bundle.store}>
        <ThemeProvider theme={theme}>
          <MemoryRouter initialEntries={[LIST]}>
            <Routes>
              <Route
                path="/workspace/default/team/:teamId/issue"
                element={<ItemPage kind="issue" mode="list" scope="default" />}
              />
            </Routes>
          </MemoryRouter>
        </ThemeProvider>
      </Provider>,
    );
    // Synchronously after the first render: a lazy component would still be suspended here.
    expect(screen.getByRole('region', { name: '공동 이슈 목록' })).toBeInTheDocument();
    expect(await screen.findByText('첫 번째 이슈')).toBeInTheDocument();
  });

  it("the entry's first page goes into the cache: the page mounts with it and sends no request", async () => {
    const { seen } = mockFetch(
      listRoutes({ 'GET /api/teams/7/issues': () => envelopeResponse(200, firstPage) }),
    );
    mockSeenRequests = seen;
    const bundle = await createTestStore({ preloadedState: signedIn });
    const fromEntry = fetchFirstListPage({ kind: 'issue', teamId: 7 }, 'tok');
    const router = createMemoryRouter(
      createRoutes({ loadStore: async () => bundle, firstListPage: fromEntry }),
      { initialEntries: [LIST] },
    );
    render(<App router={router} />);

    expect(await screen.findByText('첫 번째 이슈')).toBeInTheDocument();
    expect(mockListMounts[0]).toBe(1);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(seen.filter((r) => r.path === '/api/teams/7/issues')).toHaveLength(1);
  });

  it("falls back to RTK Query when the entry's page is for another token, missing or late", async () => {
    const bundle = await createTestStore({ preloadedState: signedIn });
    const otherToken: FirstListPage = {
      kind: 'issue',
      teamId: 7,
      accessToken: 'someone-else',
      page: firstPage,
    };
    const { seen } = mockFetch({ 'GET /api/teams/7/issues': () => envelopeResponse(200, firstPage) });
    await expect(prefetchItemList(bundle.store, 'issue', '7', Promise.resolve(otherToken))).resolves.toBe(
      'query',
    );
    await expect(prefetchItemList(bundle.store, 'goal', '7', Promise.resolve(null))).resolves.toBe('query');
    const never = new Promise<FirstListPage | null>(() => undefined);
    const started = Date.now();
    await expect(prefetchItemList(bundle.store, 'external', '7', never)).resolves.toBe('query');
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_PAGE_WAIT_MS - 20);
    await waitFor(() =>
      expect(seen.map((r) => r.path).sort()).toEqual([
        '/api/teams/7/externals',
        '/api/teams/7/goals',
        '/api/teams/7/issues',
      ]),
    );
    await expect(
      prefetchItemList(
        bundle.store,
        'issue',
        '8',
        Promise.resolve({ ...otherToken, teamId: 8, accessToken: 'tok' }),
      ),
    ).resolves.toBe('entry');
    await expect(prefetchItemList(bundle.store, 'issue', 'x', null)).resolves.toBe('none');
  });
});
