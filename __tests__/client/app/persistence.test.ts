import { type AppStoreOptions, createAppStore as createStore } from '../../../src/app/store';
import { createMemoryStorage } from '../../../src/app/storage';
import { whenRehydrated } from '../../../src/app/persistence';
import { workspaceApi } from '../../../src/api/workspaceApi';
import {
  inviteLinkOpened,
  joinFailed,
  joinStarted,
  workspaceAvailable,
} from '../../../src/features/invite/inviteSlice';
import {
  createStarted,
  nameCheckStarted,
  workspaceCreated,
  workspaceNameRejected,
  workspaceUrlConfirmed,
} from '../../../src/features/onboarding/onboardingSlice';
import { reissueSucceeded, signedOut } from '../../../src/features/session/sessionSlice';
import { sectionToggled, sidebarToggled } from '../../../src/features/uiPrefs/uiPrefsSlice';
import { TEST_INVARIANT_WARN_AFTER_MS, envelopeResponse, mockFetch, profile } from '../support/helpers';

afterEach(() => jest.restoreAllMocks());

/** The app's store on the given storage, its invariant checks' timing warning raised as in `createTestStore`. */
const createAppStore = (options: AppStoreOptions) =>
  createStore({ invariantCheckWarnAfterMs: TEST_INVARIANT_WARN_AFTER_MS, ...options });

const parse = (raw: string | undefined) => {
  const outer = JSON.parse(raw ?? '{}') as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([key, value]) => [key, JSON.parse(value)]));
};

describe('persistence (docs/security.md: no credential in local storage)', () => {
  it('persists only the five small slices, never the api cache, and no credential', async () => {
    mockFetch({ 'GET /api/workspace/setting': () => envelopeResponse(200, profile) });
    const storage = createMemoryStorage();
    const { store, persistor } = createAppStore({ storage });
    await whenRehydrated(persistor);

    store.dispatch(reissueSucceeded({ accessToken: 'tok' }));
    store.dispatch(inviteLinkOpened({ workspaceName: 'acme', token: 'inv' }));
    store.dispatch(workspaceUrlConfirmed({ workspaceName: 'acme', workspaceUrl: 'http://localhost/acme' }));
    store.dispatch(sidebarToggled());
    store.dispatch(sectionToggled('my-teams'));
    await store.dispatch(workspaceApi.endpoints.getWorkspaceProfile.initiate());
    expect(store.getState().api.queries).not.toEqual({});
    await persistor.flush();

    const dump = storage.dump();
    expect(Object.keys(dump).sort()).toEqual(
      ['persist:invite', 'persist:onboarding', 'persist:search', 'persist:session', 'persist:uiPrefs'].sort(),
    );
    expect(Object.keys(dump).some((key) => key.includes('api'))).toBe(false);

    expect(parse(dump['persist:session'])).toEqual({
      hasSession: true,
      _persist: { version: 2, rehydrated: true },
    });
    expect(parse(dump['persist:invite'])).toEqual({
      workspaceName: 'acme',
      isInvite: 'true',
      hasWorkspace: true,
      _persist: { version: 2, rehydrated: true },
    });
    const everything = JSON.stringify(dump);
    for (const secret of ['tok', 'inv', profile.inviteUrl, profile.invitePassword])
      expect(everything).not.toContain(`"${secret}`);
    expect(parse(dump['persist:onboarding'])).toMatchObject({
      workspaceUrl: 'http://localhost/acme',
      isLocked: true,
    });
    expect(parse(dump['persist:uiPrefs'])).toMatchObject({
      sidebarOpen: false,
      sectionOpen: { 'my-teams': false },
    });
  });

  it('rehydrates a new store from storage: the session flag, never the token (memory only)', async () => {
    const storage = createMemoryStorage();
    const first = createAppStore({ storage });
    await whenRehydrated(first.persistor);
    first.store.dispatch(reissueSucceeded({ accessToken: 'kept' }));
    await first.persistor.flush();

    const second = createAppStore({ storage });
    await whenRehydrated(second.persistor);
    expect(second.store.getState().session).toEqual({
      accessToken: null,
      hasSession: true,
      _persist: { version: 2, rehydrated: true },
    });
  });

  it('migrates version 1 storage: credentials dropped, their presence kept as flags', async () => {
    const v1 = (fields: Record<string, unknown>) =>
      JSON.stringify({
        ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)])),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      });
    const storage = createMemoryStorage({
      'persist:session': v1({ accessToken: 'old-token' }),
      'persist:invite': v1({
        inviteUrl: profile.inviteUrl,
        invitePassword: profile.invitePassword,
        name: '김민수',
        workspaceName: 'Acme',
        isInvite: null,
        token: 'inv',
      }),
    });
    const { store, persistor } = createAppStore({ storage });
    await whenRehydrated(persistor);
    expect(store.getState().session).toMatchObject({ accessToken: null, hasSession: true });
    expect(store.getState().invite).toMatchObject({ hasWorkspace: true, workspaceName: 'Acme', token: null });
    await persistor.flush();
    const everything = JSON.stringify(storage.dump());
    for (const secret of ['old-token', '"inv', profile.inviteUrl, profile.invitePassword])
      expect(everything).not.toContain(secret);
  });

  it('keeps the invite token of an opened link in the tab storage only, and forgets it on sign-out', async () => {
    const tab = new Map<string, string>();
    const tabStorage = {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => void tab.set(key, value),
      removeItem: (key: string) => void tab.delete(key),
    };
    const storage = createMemoryStorage();
    const first = createAppStore({ storage, tabStorage });
    await whenRehydrated(first.persistor);
    first.store.dispatch(inviteLinkOpened({ workspaceName: 'acme', token: 'inv' }));
    await first.persistor.flush();
    expect([...tab.values()]).toEqual(['inv']);
    expect(JSON.stringify(storage.dump())).not.toContain('"inv');

    // After the sign-in redirect (a new page in the same tab) the token is back.
    const second = createAppStore({ storage, tabStorage });
    await whenRehydrated(second.persistor);
    expect(second.store.getState().invite).toMatchObject({ token: 'inv', isInvite: 'true' });
    second.store.dispatch(signedOut());
    expect(tab.size).toBe(0);
  });

  it('stores the created workspace (flags, name) but never the invite link or the transient state', async () => {
    const storage = createMemoryStorage();
    const { store, persistor } = createAppStore({ storage });
    await whenRehydrated(persistor);

    store.dispatch(workspaceUrlConfirmed({ workspaceName: 'Acme', workspaceUrl: 'http://localhost/acme' }));
    store.dispatch(createStarted());
    store.dispatch(workspaceAvailable({ workspaceName: 'Acme' }));
    store.dispatch(workspaceCreated({ workspaceId: 3 }));
    store.dispatch(nameCheckStarted());
    store.dispatch(workspaceNameRejected('워크스페이스 이름은 숫자로 시작할 수 없습니다.'));
    store.dispatch(joinStarted());
    store.dispatch(joinFailed({ message: '입력 정보를 다시 확인하세요', failedPassword: 'wrong123' }));
    await persistor.flush();

    const invite = parse(storage.dump()['persist:invite']);
    const onboarding = parse(storage.dump()['persist:onboarding']);
    expect(invite).toMatchObject({ hasWorkspace: true, workspaceName: 'Acme' });
    expect(onboarding).toMatchObject({ workspaceCreated: true, createdWorkspaceId: 3 });
    for (const key of ['isJoining', 'joinError', 'failedPassword']) expect(invite).not.toHaveProperty(key);
    for (const key of ['nameError', 'isCheckingName', 'isCreating'])
      expect(onboarding).not.toHaveProperty(key);

    // A reload starts the attempt afresh: the stored draft comes back, the error and pending flags do not.
    const next = createAppStore({ storage });
    await whenRehydrated(next.persistor);
    expect(next.store.getState().invite).toMatchObject({
      joinError: null,
      failedPassword: null,
      isJoining: false,
    });
    expect(next.store.getState().onboarding).toMatchObject({
      workspaceCreated: true,
      nameError: null,
      isCheckingName: false,
      isCreating: false,
    });
  });

  it('marks the workspace and fills a missing workspace name from the profile', async () => {
    mockFetch({ 'GET /api/workspace/setting': () => envelopeResponse(200, profile) });
    const { store, persistor } = createAppStore({ storage: createMemoryStorage() });
    await whenRehydrated(persistor);
    await store.dispatch(workspaceApi.endpoints.getWorkspaceProfile.initiate());
    expect(store.getState().invite).toMatchObject({ hasWorkspace: true, workspaceName: 'Acme' });
  });

  it('signedOut clears every persisted slice', async () => {
    const storage = createMemoryStorage();
    const { store, persistor } = createAppStore({
      storage,
      preloadedState: {
        session: { accessToken: 'tok', hasSession: true },
        invite: { hasWorkspace: true, isInvite: 'true' },
      },
    });
    await whenRehydrated(persistor);
    store.dispatch(sidebarToggled());
    store.dispatch(signedOut());
    const state = store.getState();
    expect(state.session).toMatchObject({ accessToken: null, hasSession: false });
    expect(state.invite.hasWorkspace).toBe(false);
    expect(state.invite.isInvite).toBeNull();
    expect(state.uiPrefs.sidebarOpen).toBe(true);
  });
});
