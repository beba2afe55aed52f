import { fetchFirstListPage, matchListUrl, type FirstListPage } from '../features/items/list/firstListPage';
import {
  readPersistedString,
  readStoredAccessToken,
  startEarlyRenewal,
  type EarlyRenewalOutcome,
} from '../features/session/earlyRenewal';
import { preloadRouteChunks } from './routeChunks';

/*
 * The first thing the entry (src/index.tsx) runs, before React, MUI and the router are evaluated (README.md "App
 * start"). For a `/workspace` URL of a signed-in member:
 * - an expired stored access token starts the session renewal at once (features/session/earlyRenewal.ts); the
 *   router hands its outcome to the store (app/appStore.ts);
 * - a list URL requests the list's first page with the stored (or just renewed) token
 *   (features/items/list/firstListPage.ts); the list route's loader hands it to RTK Query;
 * - the first screen's route chunks start downloading (app/routeChunks.ts) while the entry is still evaluating.
 * Nothing is written anywhere: the tokens stay in memory, as the store's persistence has them.
 */

performance.mark?.('momentum:entry');

/** How long (ms) the app waits for the renewal's request to leave before it is evaluated anyway. */
export const EARLY_START_MAX_WAIT_MS = 100;

/** redux-persist's key of the invite slice: the `/workspace` guard also needs a stored invite URL. */
const PERSISTED_INVITE_KEY = 'persist:invite';

function storageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const { pathname } = window.location;
const storage = storageOrNull();

let requestSent: () => void = () => undefined;
const sent = new Promise<void>((resolve) => {
  requestSent = resolve;
});

/** The renewal the entry started, or null when none was needed. */
export const earlyRenewal: Promise<EarlyRenewalOutcome> | null = startEarlyRenewal(pathname, storage, {
  onRequestSent: () => {
    performance.mark?.('momentum:reissue-sent');
    requestSent();
  },
});

function startFirstListPage(): Promise<FirstListPage | null> | null {
  const list = matchListUrl(pathname);
  // The guard sends a visitor without a token or an invite URL to sign in: nothing to load for them.
  const token = readStoredAccessToken(storage);
  if (!list || !token || !readPersistedString(storage, PERSISTED_INVITE_KEY, 'inviteUrl')) return null;
  if (!earlyRenewal) return fetchFirstListPage(list, token);
  return earlyRenewal.then((outcome) =>
    outcome.kind === 'renewed' ? fetchFirstListPage(list, outcome.accessToken) : null,
  );
}

/** The first page of the list at this URL, requested right now (or right after the renewal), or null. */
export const firstListPage: Promise<FirstListPage | null> | null = startFirstListPage();

preloadRouteChunks(pathname);

/**
 * When the rest of the app may be evaluated: at once without a renewal; with one, once its request has left
 * (taking the cross-tab lock needs a turn of the event loop, which the app's long first evaluation would otherwise
 * delay by hundreds of milliseconds), but never later than `EARLY_START_MAX_WAIT_MS` (another tab may hold the lock).
 */
export const appMayStart: Promise<void> = earlyRenewal
  ? Promise.race([sent, new Promise<void>((resolve) => setTimeout(resolve, EARLY_START_MAX_WAIT_MS))])
  : Promise.resolve();
