import {
  HANDOFF_MS,
  openCrossTabRenewal,
  type CrossTabEnvironment,
  type HeldReissueLock,
} from './crossTabRenewal';

/*
 * Restoring the session at app start (docs/architecture.md "Session"), from the entry chunk before React, the
 * router's lazy chunks and the store exist. The access token lives in memory only, so a fresh tab at a
 * `/workspace` URL of a browser that holds a session (the persisted `hasSession` flag) starts
 * `POST /api/token/reissue` at once with the HttpOnly refresh cookie, while the code loads. The store applies the
 * outcome when it is created (app/appStore.ts), before anything under the store renders or loads, so the first
 * protected request already carries the token.
 *
 * This is the same shared renewal the session saga runs: the Web Lock `momentum-reissue` first, then a token
 * another tab broadcast meanwhile instead of a request, else the request, whose token is broadcast to the other
 * tabs. No Redux here (this module is in the entry chunk, which the login route loads): only `fetch`, local
 * storage (read only — nothing is written) and crossTabRenewal.ts.
 */

/** What became of the early renewal (the saga's `RenewalOutcome`). */
export type EarlyRenewalOutcome =
  | { kind: 'renewed'; accessToken: string }
  /** The reissue answered 401 (or 200 without a token): signed out. */
  | { kind: 'signedOut' }
  /** Not now (429, 5xx, network): left to the usual path (the first 401 asks the session saga). */
  | { kind: 'unavailable' };

/** redux-persist's keys of the session and invite slices (app/store.ts, stored as `persist:<key>`). */
export const PERSISTED_SESSION_KEY = 'persist:session';
export const PERSISTED_INVITE_KEY = 'persist:invite';

/** Screens whose first requests need an access token: the workspace (list, details, settings). */
export function startsWithSession(pathname: string): boolean {
  return pathname === '/workspace' || pathname.startsWith('/workspace/');
}

/**
 * A field redux-persist stored under `storageKey` (each field JSON-encoded again), decoded, or undefined. Storage
 * errors (private mode, disabled storage) and unreadable values count as none. Read only.
 */
function readPersistedField(
  storage: Pick<Storage, 'getItem'> | null | undefined,
  storageKey: string,
  field: string,
): unknown {
  try {
    const raw = storage?.getItem(storageKey);
    if (!raw) return undefined;
    const encoded = (JSON.parse(raw) as Record<string, unknown> | null)?.[field];
    return typeof encoded === 'string' ? (JSON.parse(encoded) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a boolean field redux-persist stored is `true` (anything else, or nothing stored: false). */
export function readPersistedFlag(
  storage: Pick<Storage, 'getItem'> | null | undefined,
  storageKey: string,
  field: string,
): boolean {
  return readPersistedField(storage, storageKey, field) === true;
}

/** Whether this browser holds a session (the session slice's persisted `hasSession`). */
export function readStoredSessionFlag(storage: Pick<Storage, 'getItem'> | null | undefined): boolean {
  return readPersistedFlag(storage, PERSISTED_SESSION_KEY, 'hasSession');
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
export async function renewEarly({
  fetch: fetchImpl = fetch,
  crossTab,
  onRequestSent,
}: EarlyRenewalDeps = {}): Promise<EarlyRenewalOutcome> {
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
    const shared = renewal.newerToken(null);
    if (shared) return { kind: 'renewed', accessToken: shared };

    const request = fetchImpl('/api/token/reissue', { method: 'POST', credentials: 'include' });
    markSent();
    const response = await request;
    if (response.status === 401) return { kind: 'signedOut' };
    if (!response.ok) return { kind: 'unavailable' };
    const body = (await response.json()) as { result?: { accessToken?: unknown } } | null;
    const accessToken = body?.result?.accessToken;
    if (typeof accessToken !== 'string' || accessToken.length === 0) return { kind: 'signedOut' };
    renewal.publish(accessToken);
    broadcast = true;
    return { kind: 'renewed', accessToken };
  } catch {
    return { kind: 'unavailable' };
  } finally {
    markSent();
    lock?.release(broadcast);
    // Keep the channel open until the hand-over is done, then leave the session saga's channel alone.
    setTimeout(() => renewal.close(), HANDOFF_MS);
  }
}

/**
 * Starts the renewal when this page needs one: a `/workspace` URL in a browser that holds a session (there is no
 * token in memory yet). Returns its outcome, or null when nothing was started (without a session the `/workspace`
 * guard signs the visitor in again).
 */
export function startEarlyRenewal(
  pathname: string,
  storage: Pick<Storage, 'getItem'> | null | undefined,
  deps: EarlyRenewalDeps = {},
): Promise<EarlyRenewalOutcome> | null {
  if (!startsWithSession(pathname) || !readStoredSessionFlag(storage)) return null;
  return renewEarly(deps);
}
