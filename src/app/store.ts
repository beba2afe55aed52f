import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import createSagaMiddleware from 'redux-saga';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  type PersistedState,
  persistStore,
  type Persistor,
  type WebStorage,
} from 'redux-persist';
import { baseApi } from '../api/baseApi';
import type { ApiThunkExtra } from '../api/baseQuery';
import {
  SESSION_PERSISTED_KEYS,
  awaitReissue,
  selectAccessToken,
  sessionReducer,
  type SessionState,
} from '../features/session';
import { INVITE_PERSISTED_KEYS, inviteReducer, type InviteState } from '../features/invite/inviteSlice';
import {
  browserTabStorage,
  keepInviteTokenInTab,
  readInviteToken,
  type TabStorage,
} from '../features/invite/inviteTokenStorage';
import {
  ONBOARDING_PERSISTED_KEYS,
  onboardingReducer,
  type OnboardingState,
} from '../features/onboarding/onboardingSlice';
import { uiPrefsReducer, type UiPrefsState } from '../features/uiPrefs/uiPrefsSlice';
import { toastReducer } from '../features/toast/toastSlice';
import { leaveGuardReducer } from '../features/leaveGuard/leaveGuardSlice';
import { SEARCH_PERSISTED_KEYS, searchReducer } from '../features/search/recentSlice';
import { liveReducer } from '../features/live/liveSlice';
import { LIVE_ENVIRONMENT_CONTEXT } from '../features/live/liveSaga';
import type { LiveEnvironment } from '../features/live/liveUpdates';
import { actionSanitizer, stateSanitizer } from './devtoolsSanitizers';
import { navigateBeforeRouter, type AppNavigate, type SagaContext } from './navigation';
import { rootSaga } from './rootSaga';
import { localStorageAdapter } from './storage';
import { eventMarks } from '../shared/lib/eventMarks';

/**
 * The persisted slices and their local-storage keys (`persist:<key>`). One small config per slice, each with a
 * whitelist of what is no credential (docs/security.md): the session flag, the onboarding step and flags, UI
 * prefs, the palette's recent items. The access token stays in memory, the invite token in the tab's session storage
 * (features/invite/inviteTokenStorage.ts), the invite link and password on the server. The RTK Query cache (`api`)
 * is never persisted.
 */
export const PERSISTED_KEYS = ['session', 'invite', 'onboarding', 'uiPrefs', 'search'] as const;

/** Bump when a persisted shape changes incompatibly, and teach `migrate` the old shape. */
const PERSIST_VERSION = 2;

type Stored = Record<string, unknown> & NonNullable<PersistedState>;

/**
 * Version 1 kept credentials in local storage (the access token; the invite link, password and token): a stored
 * state of that version keeps only the whitelisted keys, and the presence of the dropped ones becomes the flags
 * that replace them (`hasSession`, `hasWorkspace`). The next write stores the cleaned state.
 */
function migrateFrom1(key: string, whitelist: readonly string[] | undefined) {
  return (state: PersistedState): Promise<PersistedState> => {
    if (!state || state._persist.version >= PERSIST_VERSION || !whitelist) return Promise.resolve(state);
    const old = state as Stored;
    const kept: Stored = { _persist: old._persist };
    for (const field of whitelist) if (field in old) kept[field] = old[field];
    if (key === 'session') kept.hasSession = Boolean(old.accessToken);
    if (key === 'invite') kept.hasWorkspace = Boolean(old.inviteUrl);
    return Promise.resolve(kept);
  };
}

function buildRootReducer(storage: WebStorage) {
  const config = <K extends string>(key: K, whitelist?: readonly string[]) => ({
    key,
    storage,
    version: PERSIST_VERSION,
    migrate: migrateFrom1(key, whitelist),
    ...(whitelist ? { whitelist: [...whitelist] } : {}),
  });
  return combineReducers({
    [baseApi.reducerPath]: baseApi.reducer,
    session: persistReducer(config('session', SESSION_PERSISTED_KEYS), sessionReducer),
    // Whitelists name the stored keys only: tokens, pending flags, error messages and the last failed password
    // stay in memory (a reload starts the attempt afresh).
    invite: persistReducer(config('invite', INVITE_PERSISTED_KEYS), inviteReducer),
    onboarding: persistReducer(config('onboarding', ONBOARDING_PERSISTED_KEYS), onboardingReducer),
    uiPrefs: persistReducer(config('uiPrefs', ['sidebarOpen', 'sectionOpen']), uiPrefsReducer),
    // The palette's recently opened items: kinds, ids, names and titles only (features/search/recentSlice.ts).
    search: persistReducer(config('search', SEARCH_PERSISTED_KEYS), searchReducer),
    toast: toastReducer,
    leaveGuard: leaveGuardReducer,
    // Live updates: whether events arrive, the offline notice (features/live/liveSlice.ts); never persisted.
    live: liveReducer,
  });
}

export type RootState = ReturnType<ReturnType<typeof buildRootReducer>>;

/** What tests (and SSR-free tooling) may preload: any subset of each small slice. */
export interface PreloadedAppState {
  session?: Partial<SessionState>;
  invite?: Partial<InviteState>;
  onboarding?: Partial<OnboardingState>;
  uiPrefs?: Partial<UiPrefsState>;
}

export interface AppStoreOptions {
  preloadedState?: PreloadedAppState;
  /** Where persisted slices live; `localStorage` by default. */
  storage?: WebStorage;
  /**
   * Where the invite token lives per tab; `sessionStorage` by default — or, when `storage` is given (tests),
   * nowhere unless this is given too.
   */
  tabStorage?: TabStorage | null;
  /** Saga navigation; normally attached later with `setNavigate(router.navigate)`. */
  navigate?: AppNavigate;
  /** EventSource, Web Locks and BroadcastChannel of the live saga; the browser's by default (tests inject fakes). */
  liveEnvironment?: LiveEnvironment;
  /**
   * The development-only immutability and serializability checks warn when one action takes them longer than this
   * (milliseconds; RTK's default is 32). Tests raise it: on a loaded machine the timing warning is noise, while the
   * checks themselves keep running. Unset in the app.
   */
  invariantCheckWarnAfterMs?: number;
}

function withInitialStates(preloaded: PreloadedAppState | undefined, inviteToken: string | null) {
  if (!preloaded && !inviteToken) return undefined;
  const probe = { type: '@@momentum/INIT' };
  const invite = inviteToken ? { token: inviteToken, ...preloaded?.invite } : preloaded?.invite;
  const merged = {
    ...(preloaded?.session && { session: { ...sessionReducer(undefined, probe), ...preloaded.session } }),
    ...(invite && { invite: { ...inviteReducer(undefined, probe), ...invite } }),
    ...(preloaded?.onboarding && {
      onboarding: { ...onboardingReducer(undefined, probe), ...preloaded.onboarding },
    }),
    ...(preloaded?.uiPrefs && { uiPrefs: { ...uiPrefsReducer(undefined, probe), ...preloaded.uiPrefs } }),
  };
  // No `_persist` key on purpose: redux-persist still rehydrates (stored values win over preloaded ones).
  return merged as unknown as Partial<RootState>;
}

/**
 * Creates the store: RTK Query (one api), redux-saga (context `{ navigate }`), redux-persist (one config per
 * small slice), the serializability check (redux-persist's own actions excepted) and Redux DevTools (sanitized). The session's token
 * selector and renewal (the session saga's, run on demand) are the thunk `extraArgument`, so the base query uses
 * them without importing the session feature (src/api/baseQuery.ts `SessionAccess`); so is the sink of the answers'
 * event marks (shared/lib/eventMarks.ts).
 */
export function createAppStore(options: AppStoreOptions = {}) {
  const context: SagaContext = { navigate: options.navigate ?? navigateBeforeRouter };
  const sagaMiddleware = createSagaMiddleware({
    context: { ...context, [LIVE_ENVIRONMENT_CONTEXT]: options.liveEnvironment },
  });
  const extra: ApiThunkExtra = {
    session: {
      selectAccessToken: (state) => selectAccessToken(state as RootState),
      renewAccessToken: () => sagaMiddleware.run(awaitReissue).toPromise<string | null>(),
    },
    noteEventMark: (mark) => eventMarks.note(mark),
  };
  const tabStorage =
    options.tabStorage !== undefined ? options.tabStorage : options.storage ? null : browserTabStorage();

  const store = configureStore({
    reducer: buildRootReducer(options.storage ?? localStorageAdapter),
    preloadedState: withInitialStates(options.preloadedState, readInviteToken(tabStorage)),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        serializableCheck: {
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          ...(options.invariantCheckWarnAfterMs !== undefined && {
            warnAfter: options.invariantCheckWarnAfterMs,
          }),
        },
        ...(options.invariantCheckWarnAfterMs !== undefined && {
          immutableCheck: { warnAfter: options.invariantCheckWarnAfterMs },
        }),
      }).concat(baseApi.middleware, sagaMiddleware),
    // On in every build, production included (README "Debugging a production build with time-travel"): only when
    // the extension is installed, and it sees actions and state with secrets redacted (app/devtoolsSanitizers.ts).
    devTools: { name: 'Momentum', actionSanitizer, stateSanitizer },
  });

  const persistor: Persistor = persistStore(store);
  keepInviteTokenInTab(store, tabStorage);
  // The sign-out saga purges and flushes the stored slices (features/session/signOutSaga.ts).
  sagaMiddleware.setContext({ persistor });
  sagaMiddleware.run(rootSaga);
  // Focus / online events for `refetchOnFocus` (returns the unsubscribe, kept for tests and HMR).
  const stopListeners = setupListeners(store.dispatch);

  return {
    store,
    persistor,
    /** Attaches the router's navigate to the saga context once the router exists. */
    setNavigate(navigate: AppNavigate) {
      sagaMiddleware.setContext({ navigate } satisfies SagaContext);
    },
    stopListeners,
  };
}

export type AppStoreBundle = ReturnType<typeof createAppStore>;
export type AppStore = AppStoreBundle['store'];
export type AppDispatch = AppStore['dispatch'];
