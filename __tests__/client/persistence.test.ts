import { createAppStore } from '../../src/app/store';
import { createMemoryStorage } from '../../src/app/storage';
import { whenRehydrated } from '../../src/app/persistence';
import { workspaceApi } from '../../src/api/workspaceApi';
import {
  inviteInfoStored,
  inviteLinkOpened,
  joinFailed,
  joinStarted,
} from '../../src/features/invite/inviteSlice';
import {
  createStarted,
  nameCheckStarted,
  workspaceCreated,
  workspaceNameRejected,
  workspaceUrlConfirmed,
} from '../../src/features/onboarding/onboardingSlice';
import { reissueSucceeded, signedOut } from '../../src/features/session/sessionSlice';
import { sectionToggled, sidebarToggled } from '../../src/features/uiPrefs/uiPrefsSlice';
import { envelopeResponse, mockFetch, profile } from './helpers';

afterEach(() => jest.restoreAllMocks());

const parse = (raw: string | undefined) => {
  const outer = JSON.parse(raw ?? '{}') as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([key, value]) => [key, JSON.parse(value)]));
};

describe('persistence (spec §3 local storage)', () => {
  it('persists only the four small slices, never the api cache', async () => {
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
      ['persist:invite', 'persist:onboarding', 'persist:session', 'persist:uiPrefs'].sort(),
    );
    expect(Object.keys(dump).some((key) => key.includes('api'))).toBe(false);

    expect(parse(dump['persist:session'])).toEqual({
      accessToken: 'tok',
      _persist: { version: 1, rehydrated: true },
    });
    expect(parse(dump['persist:invite'])).toMatchObject({
      workspaceName: 'acme',
      isInvite: 'true',
      token: 'inv',
      inviteUrl: profile.inviteUrl,
      invitePassword: profile.invitePassword,
    });
    expect(parse(dump['persist:onboarding'])).toMatchObject({
      workspaceUrl: 'http://localhost/acme',
      isLocked: true,
    });
    expect(parse(dump['persist:uiPrefs'])).toMatchObject({
      sidebarOpen: false,
      sectionOpen: { 'my-teams': false },
    });
  });

  it('rehydrates a new store from storage', async () => {
    const storage = createMemoryStorage();
    const first = createAppStore({ storage });
    await whenRehydrated(first.persistor);
    first.store.dispatch(reissueSucceeded({ accessToken: 'kept' }));
    await first.persistor.flush();

    const second = createAppStore({ storage });
    await whenRehydrated(second.persistor);
    expect(second.store.getState().session.accessToken).toBe('kept');
  });

  it('does not overwrite stored invite data with the profile', async () => {
    mockFetch({ 'GET /api/workspace/setting': () => envelopeResponse(200, profile) });
    const { store, persistor } = createAppStore({
      storage: createMemoryStorage(),
      preloadedState: {
        invite: { inviteUrl: 'http://localhost/mine/invite?token=a', invitePassword: 'mine' },
      },
    });
    await whenRehydrated(persistor);
    await store.dispatch(workspaceApi.endpoints.getWorkspaceProfile.initiate());
    expect(store.getState().invite).toMatchObject({
      inviteUrl: 'http://localhost/mine/invite?token=a',
      invitePassword: 'mine',
    });
  });

  it('stores the created workspace (invite data, created flag) but never the transient onboarding state', async () => {
    const storage = createMemoryStorage();
    const { store, persistor } = createAppStore({ storage });
    await whenRehydrated(persistor);

    store.dispatch(workspaceUrlConfirmed({ workspaceName: 'Acme', workspaceUrl: 'http://localhost/acme' }));
    store.dispatch(createStarted());
    store.dispatch(
      inviteInfoStored({
        inviteUrl: profile.inviteUrl,
        invitePassword: profile.invitePassword,
        name: '김민수',
        workspaceName: 'Acme',
      }),
    );
    store.dispatch(workspaceCreated({ workspaceId: 3 }));
    store.dispatch(nameCheckStarted());
    store.dispatch(workspaceNameRejected('워크스페이스 이름은 숫자로 시작할 수 없습니다.'));
    store.dispatch(joinStarted());
    store.dispatch(joinFailed({ message: '입력 정보를 다시 확인하세요', failedPassword: 'wrong123' }));
    await persistor.flush();

    const invite = parse(storage.dump()['persist:invite']);
    const onboarding = parse(storage.dump()['persist:onboarding']);
    expect(invite).toMatchObject({
      inviteUrl: profile.inviteUrl,
      invitePassword: profile.invitePassword,
      name: '김민수',
      workspaceName: 'Acme',
    });
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

  it('fills a missing workspace name from the profile', async () => {
    mockFetch({ 'GET /api/workspace/setting': () => envelopeResponse(200, profile) });
    const { store, persistor } = createAppStore({ storage: createMemoryStorage() });
    await whenRehydrated(persistor);
    await store.dispatch(workspaceApi.endpoints.getWorkspaceProfile.initiate());
    expect(store.getState().invite).toMatchObject({
      inviteUrl: profile.inviteUrl,
      invitePassword: profile.invitePassword,
      workspaceName: 'Acme',
    });
  });

  it('signedOut clears every persisted slice', async () => {
    const storage = createMemoryStorage();
    const { store, persistor } = createAppStore({
      storage,
      preloadedState: { session: { accessToken: 'tok' }, invite: { inviteUrl: 'u', isInvite: 'true' } },
    });
    await whenRehydrated(persistor);
    store.dispatch(sidebarToggled());
    store.dispatch(signedOut());
    const state = store.getState();
    expect(state.session.accessToken).toBeNull();
    expect(state.invite.inviteUrl).toBeNull();
    expect(state.invite.isInvite).toBeNull();
    expect(state.uiPrefs.sidebarOpen).toBe(true);
  });
});
