import { selectHasWorkspace } from '../../features/invite';
import { selectAccessToken, selectSignedIn } from '../../features/session';
import type { AppStore } from '../hooks';

/*
 * The hand-off of a response the early script fetched (src/early.ts, start/earlyStart.ts) to RTK Query, shared by
 * every route that starts with one — the list's first page (start/prefetchItemList.ts) and an
 * item's detail and comments (start/prefetchItemDetail.ts). docs/performance.md "App start":
 * - when the early response is for this query, arrives within `EARLY_RESPONSE_WAIT_MS` and was made with the token
 *   the store holds now, it goes into RTK Query's cache as the entry the page reads: the page mounts with it and
 *   sends no request;
 * - otherwise (in-app navigation, the early request failed, came late, or the session moved on) the query is
 *   started here, and the page's hook with the same argument joins it when the page mounts (RTK Query keys the
 *   cache by argument and never sends a second request while one is pending).
 */

/** How long (ms) a loader waits for the early script's response before asking RTK Query itself. */
export const EARLY_RESPONSE_WAIT_MS = 300;

/** Resolves like `promise`, or to null after `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** True when the `/workspace` guard lets the visitor through (features/workspace/RequireWorkspaceSession.tsx). */
export function workspaceAllowed(store: AppStore): boolean {
  const state = store.getState();
  return selectHasWorkspace(state) && selectSignedIn(state);
}

/** How one query takes over an early response. */
export interface EarlyTakeOver<R extends { accessToken: string }> {
  /** True when `early` answers this query (same endpoint and argument). */
  matches: (early: R) => boolean;
  /** Puts `early` into RTK Query's cache as this query's entry (`api.util.upsertQueryEntries`). */
  store: (early: R) => void;
  /**
   * Starts this query through RTK Query (`api.endpoints.x.initiate(arg)`); returns its subscription, which is
   * released at once: the page subscribes when it mounts, and an entry nobody subscribes to is kept for RTK
   * Query's `keepUnusedDataFor` (60 s), longer than any chunk takes.
   */
  request: () => { unsubscribe: () => void };
}

/**
 * Provides one query of a route that is about to render: from `fromEntry`, the early script's response, when it
 * answers this query within `waitMs` with the store's current token; else through RTK Query (see above). Nothing
 * when the `/workspace` guard is about to send the visitor to sign in. Resolves to how the data was provided.
 */
export async function takeOverEarlyResponse<R extends { accessToken: string }>(
  store: AppStore,
  fromEntry: Promise<R | null> | null | undefined,
  takeOver: EarlyTakeOver<R>,
  waitMs: number = EARLY_RESPONSE_WAIT_MS,
): Promise<'entry' | 'query' | 'none'> {
  if (!workspaceAllowed(store)) return 'none';
  const early = fromEntry ? await within(fromEntry, waitMs) : null;
  if (!workspaceAllowed(store)) return 'none';
  const token = selectAccessToken(store.getState());
  if (early && token && early.accessToken === token && takeOver.matches(early)) {
    takeOver.store(early);
    return 'entry';
  }
  takeOver.request().unsubscribe();
  return 'query';
}
