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
  persistStore,
  type Persistor,
  type WebStorage,
} from 'redux-persist';
import { baseApi } from '../api/baseApi';
import type { ApiThunkExtra } from '../api/baseQuery';
import { sessionReducer, type SessionState } from '../features/session/sessionSlice';
import { INVITE_PERSISTED_KEYS, inviteReducer, type InviteState } from '../features/invite/inviteSlice';
import {
  ONBOARDING_PERSISTED_KEYS,
  onboardingReducer,
  type OnboardingState,
} from '../features/onboarding/onboardingSlice';
import { uiPrefsReducer, type UiPrefsState } from '../features/uiPrefs/uiPrefsSlice';
import { toastReducer } from '../features/toast/toastSlice';
import { leaveGuardReducer } from '../features/leaveGuard/leaveGuardSlice';
import { navigateBeforeRouter, type AppNavigate, type SagaContext } from './navigation';
import { rootSaga } from './rootSaga';
import { localStorageAdapter } from './storage';

/**
 * The persisted slices and their storage keys (`persist:<key>`). One small config per slice; the RTK Query
 * cache (`api`) is never persisted.
 */
export const PERSISTED_KEYS = ['session', 'invite', 'onboarding', 'uiPrefs'] as const;

/** Bump when a persisted shape changes incompatibly (add a `migrate` then). */
const PERSIST_VERSION = 1;

function buildRootReducer(storage: WebStorage) {
  const config = <K extends string>(key: K, whitelist?: string[]) => ({
    key,
    storage,
    version: PERSIST_VERSION,
    ...(whitelist ? { whitelist } : {}),
  });
  return combineReducers({
    [baseApi.reducerPath]: baseApi.reducer,
    session: persistReducer(config('session', ['accessToken']), sessionReducer),
    // Whitelists name the stored keys only: pending flags, error messages and the last failed password stay
    // in memory (a reload starts the attempt afresh).
    invite: persistReducer(config('invite', [...INVITE_PERSISTED_KEYS]), inviteReducer),
    onboarding: persistReducer(config('onboarding', [...ONBOARDING_PERSISTED_KEYS]), onboardingReducer),
    uiPrefs: persistReducer(config('uiPrefs', ['sidebarOpen', 'sectionOpen']), uiPrefsReducer),
    toast: toastReducer,
    leaveGuard: leaveGuardReducer,
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
  /** Saga navigation; normally attached later with `setNavigate(router.navigate)`. */
  navigate?: AppNavigate;
}

function withInitialStates(preloaded: PreloadedAppState | undefined) {
  if (!preloaded) return undefined;
  const probe = { type: '@@momentum/INIT' };
  const merged = {
    ...(preloaded.session && { session: { ...sessionReducer(undefined, probe), ...preloaded.session } }),
    ...(preloaded.invite && { invite: { ...inviteReducer(undefined, probe), ...preloaded.invite } }),
    ...(preloaded.onboarding && {
      onboarding: { ...onboardingReducer(undefined, probe), ...preloaded.onboarding },
    }),
    ...(preloaded.uiPrefs && { uiPrefs: { ...uiPrefsReducer(undefined, probe), ...preloaded.uiPrefs } }),
  };
  // No `_persist` key on purpose: redux-persist still rehydrates (stored values win over preloaded ones).
  return merged as unknown as Partial<RootState>;
}

/**
 * Creates the store: RTK Query (one api), redux-saga (context `{ navigate }`), redux-persist (one config per
 * small slice) and the serializability check (redux-persist's own actions excepted). The saga runner is the
 * thunk `extraArgument`, so the base query can ask the session saga for a token.
 */
export function createAppStore(options: AppStoreOptions = {}) {
  const context: SagaContext = { navigate: options.navigate ?? navigateBeforeRouter };
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  const extra: ApiThunkExtra = { runSaga: (saga, ...args) => sagaMiddleware.run(saga, ...args) };

  const store = configureStore({
    reducer: buildRootReducer(options.storage ?? localStorageAdapter),
    preloadedState: withInitialStates(options.preloadedState),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(baseApi.middleware, sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production' && { name: 'Momentum' },
  });

  const persistor: Persistor = persistStore(store);
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
