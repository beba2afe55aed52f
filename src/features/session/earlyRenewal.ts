import { earlyRequest, reissuedToken, reissueRequest } from '../../api/requests';
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
 * This is the same shared renewal the session saga runs — the Web Lock `momentum-reissue`, then a token another
 * tab broadcast meanwhile instead of a request, else the request, whose token is broadcast to the other tabs — with
 * one difference: a tab that finds no other tab renewing right now does not wait for the lock. Granting a Web Lock
 * is a round trip to the browser process, which a browser busy opening tabs answers in 100–250 ms, and the whole
 * app waits for this request. So the tab notes in local storage that it is renewing (`claimRenewal`: a timestamp,
 * nothing secret), sends the request at once and takes the lock alongside; tabs that start meanwhile see the note
 * and wait behind the lock for the broadcast token, as before. Two tabs that start within the same few milliseconds
 * may both send the request; the server's grace for a just-rotated refresh token makes that harmless.
 *
 * No Redux here (this module is in the entry chunk, which the login route loads): only `fetch` (src/api/requests.ts
 * `earlyRequest`, with RTK Query's reissue request), local storage
 * (the persisted flags, read; the renewal note) and crossTabRenewal.ts.
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

/** Local storage key of the note "a tab is renewing" (`<ms since epoch>:<random>`; nothing secret). */
export const RENEWAL_CLAIM_KEY = 'momentum:renewing';

/**
 * How long (ms) a note holds other starting tabs behind the lock. The renewing tab removes it when done; a note left
 * by a tab that was closed meanwhile stops counting after this.
 */
export const RENEWAL_CLAIM_MS = 5_000;

/** The local storage calls the early renewal uses. */
export type RenewalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Notes that this tab is renewing, unless another tab noted it less than `RENEWAL_CLAIM_MS` ago. Returns the note
 * (to remove it afterwards), or null: another tab is renewing, or storage is unavailable — then take the lock.
 */
export function claimRenewal(storage: RenewalStorage | null | undefined, now = Date.now()): string | null {
  if (!storage) return null;
  try {
    const noted = Number(storage.getItem(RENEWAL_CLAIM_KEY)?.split(':')[0]);
    if (Number.isFinite(noted) && now >= noted && now - noted < RENEWAL_CLAIM_MS) return null;
    const claim = `${now}:${Math.random().toString(36).slice(2)}`;
    storage.setItem(RENEWAL_CLAIM_KEY, claim);
    return claim;
  } catch {
    return null;
  }
}

/** Removes this tab's note, unless another tab has noted a newer renewal since. Storage errors are ignored. */
export function releaseRenewalClaim(storage: RenewalStorage | null | undefined, claim: string): void {
  try {
    if (storage?.getItem(RENEWAL_CLAIM_KEY) === claim) storage.removeItem(RENEWAL_CLAIM_KEY);
  } catch {
    // nothing to clean up
  }
}

export interface EarlyRenewalDeps {
  fetch?: typeof fetch;
  crossTab?: CrossTabEnvironment;
  /**
   * Called once, as soon as the reissue request has left — or the renewal ended without one (a token shared by
   * another tab, an error). The entry holds the rest of the app back until then (see app/earlySession.ts).
   */
  onRequestSent?: () => void;
  /** Where the renewal note is kept (local storage); without one, the tab always waits for the lock. */
  storage?: RenewalStorage | null;
}

/**
 * One renewal through the cross-tab lock and channel (see `reissueWorker` in sessionSaga.ts): at once when
 * `claimRenewal` succeeds (the lock is taken alongside and held until the token is broadcast), else after the lock,
 * using the token another tab broadcast meanwhile if there is one.
 */
export async function renewEarly({
  fetch: fetchImpl = fetch,
  crossTab,
  onRequestSent,
  storage,
}: EarlyRenewalDeps = {}): Promise<EarlyRenewalOutcome> {
  const renewal = openCrossTabRenewal(crossTab);
  const claim = claimRenewal(storage);
  let lock: Promise<HeldReissueLock> | undefined;
  let broadcast = false;
  let sent = false;
  const markSent = () => {
    if (sent) return;
    sent = true;
    onRequestSent?.();
  };
  try {
    lock = renewal.acquire();
    // With the claim a refused lock does not matter: the request goes anyway.
    if (claim) lock.catch(() => undefined);
    else {
      await lock;
      const shared = renewal.newerToken(null);
      if (shared) return { kind: 'renewed', accessToken: shared };
    }

    const request = earlyRequest(reissueRequest(), null, fetchImpl);
    markSent();
    const response = await request;
    if (response.status === 401) return { kind: 'signedOut' };
    if (!response.ok) return { kind: 'unavailable' };
    const accessToken = reissuedToken((await response.json()) as Parameters<typeof reissuedToken>[0]);
    if (!accessToken) return { kind: 'signedOut' };
    renewal.publish(accessToken);
    broadcast = true;
    return { kind: 'renewed', accessToken };
  } catch {
    return { kind: 'unavailable' };
  } finally {
    markSent();
    if (claim) releaseRenewalClaim(storage, claim);
    // With a claim the lock may be granted only now: it is then held for the hand-over, and let go.
    void lock?.then(
      (held) => held.release(broadcast),
      () => undefined,
    );
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
  storage: RenewalStorage | null | undefined,
  deps: Omit<EarlyRenewalDeps, 'storage'> = {},
): Promise<EarlyRenewalOutcome> | null {
  if (!startsWithSession(pathname) || !readStoredSessionFlag(storage)) return null;
  return renewEarly({ ...deps, storage });
}
