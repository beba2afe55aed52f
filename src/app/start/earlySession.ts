import { takeEarlyStart } from './handoff';
import { preloadRouteChunks } from './routeChunks';

/*
 * The first thing the entry (src/index.tsx) runs, before React, MUI and the router are evaluated
 * (docs/architecture.md "Session"):
 * - it takes over what the early script (src/early.ts, start/earlyStart.ts) started while the HTML was parsed: the
 *   session renewal and, for a list URL, the list's first page (for an item's URL, its detail). When the early
 *   script did not run, nothing was started: the first request without a token renews the usual way (the session
 *   saga);
 * - the first screen's route chunks start downloading (start/routeChunks.ts) while the entry is still evaluating.
 */

performance.mark?.('momentum:entry');

/** How long (ms) the app waits for the renewal's request to leave before it is evaluated anyway. */
export const EARLY_START_MAX_WAIT_MS = 100;

const early = takeEarlyStart(window);

/** The renewal the early script started, or null when none was needed (or it did not run). */
export const earlyRenewal = early?.earlyRenewal ?? null;

/** The first page of the list at this URL, requested right after the renewal, or null. */
export const firstListPage = early?.firstListPage ?? null;

/** The detail (and comments) of the item at this URL, requested right after the renewal, or null. */
export const firstDetail = early?.firstDetail ?? null;

preloadRouteChunks(window.location.pathname);

/**
 * When the rest of the app may be evaluated: at once without a renewal; with one, once its request has left (a
 * renewal that waits for another tab's cross-tab lock needs turns of the event loop, which the app's long first
 * evaluation would otherwise delay by hundreds of milliseconds), but never later than `EARLY_START_MAX_WAIT_MS`
 * (another tab may hold the lock).
 */
export const appMayStart: Promise<void> = early?.earlyRenewal
  ? Promise.race([
      early.requestSent,
      new Promise<void>((resolve) => setTimeout(resolve, EARLY_START_MAX_WAIT_MS)),
    ])
  : Promise.resolve();
