import { fetchFirstListPage, matchListUrl, type FirstListPage } from '../features/items/list/firstListPage';
import {
  PERSISTED_INVITE_KEY,
  readPersistedFlag,
  startEarlyRenewal,
  type EarlyRenewalOutcome,
} from '../features/session/earlyRenewal';
import { preloadRouteChunks } from './routeChunks';

/*
 * The first thing the entry (src/index.tsx) runs, before React, MUI and the router are evaluated
 * (docs/architecture.md "Session"). For a `/workspace` URL in a browser that holds a session:
 * - the session renewal starts at once (features/session/earlyRenewal.ts): the access token is kept in memory
 *   only, so a new page has none; the router hands the outcome to the store (app/appStore.ts);
 * - a list URL requests the list's first page with the renewed token (features/items/list/firstListPage.ts); the
 *   list route's loader hands it to RTK Query;
 * - the first screen's route chunks start downloading (app/routeChunks.ts) while the entry is still evaluating.
 * The token stays in memory; the only thing written is the renewal's short-lived note in local storage (a
 * timestamp, see `claimRenewal` in features/session/earlyRenewal.ts).
 */

performance.mark?.('momentum:entry');

/** How long (ms) the app waits for the renewal's request to leave before it is evaluated anyway. */
export const EARLY_START_MAX_WAIT_MS = 100;

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
  // The guard sends a visitor without a session or a workspace to sign in: nothing to load for them.
  if (!list || !earlyRenewal || !readPersistedFlag(storage, PERSISTED_INVITE_KEY, 'hasWorkspace'))
    return null;
  return earlyRenewal.then((outcome) =>
    outcome.kind === 'renewed' ? fetchFirstListPage(list, outcome.accessToken) : null,
  );
}

/** The first page of the list at this URL, requested right after the renewal, or null. */
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
