import {
  HANDOFF_MS,
  openCrossTabRenewal,
  readClaims,
  type CrossTabEnvironment,
  type HeldReissueLock,
} from './crossTabRenewal';

/*
 * Renewing the session at app start (README.md "App start"), from the entry chunk before React, the router's lazy
 * chunks and the store exist: a fresh tab at a `/workspace` URL whose stored access token has expired (or is about
 * to) starts `POST /api/token/reissue` at once, while the code loads. The store applies the outcome when it is
 * created (app/appStore.ts), before anything under the store renders or loads, so no request ever leaves with
 * the expired token.
 *
 * This is the same shared renewal the session saga runs (README.md "Sessions across tabs"): the Web Lock
 * `momentum-reissue` first, then a token another tab broadcast meanwhile instead of a request, else the request,
 * whose token is broadcast to the other tabs. No Redux here (this module is in the entry chunk, which the login
 * route loads): only `fetch`, local storage (read only — nothing is written) and crossTabRenewal.ts.
 */

/** What became of the early renewal (the saga's `RenewalOutcome`, plus the token it replaces). */
export type EarlyRenewalOutcome = { failedToken: string } & (
  | { kind: 'renewed'; accessToken: string }
  /** The reissue answered 401 (or 200 without a token): signed out. */
  | { kind: 'signedOut' }
  /** Not now (429, 5xx, network): left to the usual path (the first 401 asks the session saga). */
  | { kind: 'unavailable' }
);

/** redux-persist's key of the session slice (app/store.ts `PERSISTED_KEYS`, stored as `persist:<key>`). */
export const PERSISTED_SESSION_KEY = 'persist:session';

/** A stored token that is not valid for at least this long (ms) is renewed at start. */
export const EARLY_RENEWAL_MARGIN_MS = 30_000;

/** Screens whose first requests need an access token: the workspace (list, details, settings). */
export function startsWithSession(pathname: string): boolean {
  return pathname === '/workspace' || pathname.startsWith('/workspace/');
}

/**
 * A non-empty string field redux-persist stored under `persist:<slice>` (each field JSON-encoded again), or null.
 * Storage errors (private mode, disabled storage) and unreadable values count as none. Read only.
 */
export function readPersistedString(
  storage: Pick<Storage, 'getItem'> | null | undefined,
  storageKey: string,
  field: string,
): string | null {
  try {
    const raw = storage?.getItem(storageKey);
    if (!raw) return null;
    const encoded = (JSON.parse(raw) as Record<string, unknown> | null)?.[field];
    if (typeof encoded !== 'string') return null;
    const value: unknown = JSON.parse(encoded);
    return typeof value === 'string' && value.length > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The access token redux-persist stored, or null. */
export function readStoredAccessToken(storage: Pick<Storage, 'getItem'> | null | undefined): string | null {
  return readPersistedString(storage, PERSISTED_SESSION_KEY, 'accessToken');
}

/**
 * The stored token that should be renewed before the first request, or null: there is one (without a token the
 * `/workspace` guard signs the visitor in again, as before), it is a JWT with an `exp`, and it expires within
 * `EARLY_RENEWAL_MARGIN_MS`. A token that looks valid is left to the server (a 401 still renews the usual way).
 */
export function tokenToRenew(token: string | null, now = Date.now()): string | null {
  if (!token) return null;
  const exp = readClaims(token)?.exp;
  if (exp === undefined) return null;
  return exp * 1000 < now + EARLY_RENEWAL_MARGIN_MS ? token : null;
}

export interface EarlyRenewalDeps {
  fetch?: typeof fetch;
  crossTab?: CrossTabEnvironment;
  /**
   * Called once, as soon as the reissue request has left — or the renewal ended without one (a token shared by
   * another tab, an error). The entry holds the rest of the app back until then (see app/earlySession.ts).
   */
  onRequestSent?: () => void;
}

/** One renewal through the cross-tab lock and channel (see `reissueWorker` in sessionSaga.ts). */
export async function renewEarly(
  failedToken: string,
  { fetch: fetchImpl = fetch, crossTab, onRequestSent }: EarlyRenewalDeps = {},
): Promise<EarlyRenewalOutcome> {
  const renewal = openCrossTabRenewal(crossTab);
  let lock: HeldReissueLock | undefined;
  let broadcast = false;
  let sent = false;
  const markSent = () => {
    if (sent) return;
    sent = true;
    onRequestSent?.();
  };
  try {
    lock = await renewal.acquire();
    const shared = renewal.newerToken(failedToken);
    if (shared) return { failedToken, kind: 'renewed', accessToken: shared };

    const request = fetchImpl('/api/token/reissue', { method: 'POST', credentials: 'include' });
    markSent();
    const response = await request;
    if (response.status === 401) return { failedToken, kind: 'signedOut' };
    if (!response.ok) return { failedToken, kind: 'unavailable' };
    const body = (await response.json()) as { result?: { accessToken?: unknown } } | null;
    const accessToken = body?.result?.accessToken;
    if (typeof accessToken !== 'string' || accessToken.length === 0)
      return { failedToken, kind: 'signedOut' };
    renewal.publish(accessToken);
    broadcast = true;
    return { failedToken, kind: 'renewed', accessToken };
  } catch {
    return { failedToken, kind: 'unavailable' };
  } finally {
    markSent();
    lock?.release(broadcast);
    // Keep the channel open until the hand-over is done, then leave the session saga's channel alone.
    setTimeout(() => renewal.close(), HANDOFF_MS);
  }
}

/**
 * Starts the renewal when this page needs one: a `/workspace` URL and a stored token that has expired. Returns its
 * outcome, or null when nothing was started.
 */
export function startEarlyRenewal(
  pathname: string,
  storage: Pick<Storage, 'getItem'> | null | undefined,
  deps: EarlyRenewalDeps & { now?: number } = {},
): Promise<EarlyRenewalOutcome> | null {
  if (!startsWithSession(pathname)) return null;
  const failedToken = tokenToRenew(readStoredAccessToken(storage), deps.now);
  return failedToken ? renewEarly(failedToken, deps) : null;
}
