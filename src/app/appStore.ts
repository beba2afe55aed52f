import type { EarlyRenewalOutcome } from '../features/session/earlyRenewal';
import { reissueFailed, reissueSucceeded } from '../features/session';
import { copy } from '../shared/copy';
import type { AppNavigate } from './navigation';
import { whenRehydrated } from './persistence';
import { createAppStore, type AppStore, type AppStoreBundle } from './store';

/**
 * The browser's one store, created on first need. This module is its own lazy chunk (`app-store`, prefetched
 * at idle): the login page renders without Redux, so the state layer (~37 KB gzip: RTK, RTK Query, redux-saga,
 * redux-persist, react-redux) stays off the login route's critical path.
 */
let bundle: AppStoreBundle | undefined;

export function getAppStore(navigate: AppNavigate): AppStoreBundle {
  if (!bundle) {
    bundle = createAppStore();
    bundle.setNavigate(navigate);
  }
  return bundle;
}

/**
 * How long (ms) the first screen waits for the early renewal before rendering anyway. It normally takes one round
 * trip; the cross-tab lock can keep it waiting while another tab waits out a 429. Past this, requests go out
 * without a token (their 401 renews through the session saga, which meets the early renewal's token on the
 * cross-tab channel) and the outcome is still applied when it arrives.
 */
export const EARLY_RENEWAL_WAIT_MS = 3_000;

/**
 * Applies the early renewal's outcome (features/session/earlyRenewal.ts) — unless the session changed meanwhile
 * (the saga already renewed, or signed out): renewed → the token is held; signed out → the session flag is
 * cleared (the `/workspace` guard then sends the visitor to `/onboarding`, as the saga would); not now →
 * nothing, the first 401 renews the usual way.
 */
export function applyEarlyRenewal(store: AppStore, outcome: EarlyRenewalOutcome): void {
  const { accessToken, hasSession } = store.getState().session;
  if (accessToken !== null || !hasSession) return;
  if (outcome.kind === 'renewed') {
    store.dispatch(reissueSucceeded({ accessToken: outcome.accessToken }));
  } else if (outcome.kind === 'signedOut') {
    console.error(copy.session.reissueFailed, 'early renewal: 401');
    store.dispatch(reissueFailed());
  }
}

/**
 * `bundle` once it is usable by the first screen: rehydrated, and with the early renewal's outcome applied — waited
 * for at most `waitMs`; a later outcome is applied when it arrives.
 */
export async function whenSessionReady(
  current: AppStoreBundle,
  earlyRenewal: Promise<EarlyRenewalOutcome> | null | undefined,
  waitMs = EARLY_RENEWAL_WAIT_MS,
): Promise<AppStoreBundle> {
  await whenRehydrated(current.persistor);
  if (earlyRenewal) {
    const applied = earlyRenewal.then((outcome) => applyEarlyRenewal(current.store, outcome));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      applied,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }
  performance.mark?.('momentum:session-ready');
  return current;
}

let ready: Promise<AppStoreBundle> | undefined;

/**
 * The browser's store, ready for the first screen (`whenSessionReady`). Route loaders and the store layout share
 * this one promise.
 */
export function loadAppStore(
  navigate: AppNavigate,
  earlyRenewal?: Promise<EarlyRenewalOutcome> | null,
): Promise<AppStoreBundle> {
  ready ??= whenSessionReady(getAppStore(navigate), earlyRenewal);
  return ready;
}
