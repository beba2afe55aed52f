/**
 * One session renewal for all tabs of the browser (docs/architecture.md "Session").
 *
 * Every tab shares the one `refreshToken` cookie, and each reissue rotates it. When several tabs renew at the same
 * moment (a browser restoring its tabs with an expired access token), they would all present the same cookie. So:
 * - **Web Locks** (`navigator.locks`, lock `momentum-reissue`): only one tab reissues at a time; the others wait;
 * - **BroadcastChannel** (`momentum-session`): the tab that reissued hands the fresh access token to the others.
 *   A tab that got the lock first checks whether a token newer than the one that failed has arrived, and uses it
 *   instead of reissuing.
 *
 * Without `navigator.locks` (old browsers, jsdom) the lock is granted at once; without `BroadcastChannel` nothing is
 * shared. Either way a tab then renews by itself, as before (the server's grace window for a just-rotated token,
 * server/modules/auth/refresh-tokens.ts, keeps parallel renewals from revoking the session).
 *
 * Nothing here lives in the Redux store (it must stay serializable) and no token is written anywhere: the channel
 * only carries it from memory to memory, same-origin.
 */

export const REISSUE_LOCK_NAME = 'momentum-reissue';
export const SESSION_CHANNEL_NAME = 'momentum-session';

/**
 * How long the tab that reissued keeps the lock after broadcasting the token (ms). Message delivery and lock
 * hand-over travel separately between tabs; this head start lets the message arrive before a waiting tab checks
 * for it. If it arrives late anyway, that tab just reissues itself with the already rotated cookie (harmless).
 */
export const HANDOFF_MS = 50;

/** A shared token must stay valid at least this long (ms) to be used instead of reissuing. */
export const SHARED_TOKEN_MIN_VALIDITY_MS = 30_000;

/** The message on the channel. */
interface TokenMessage {
  type: 'momentum/accessTokenRenewed';
  accessToken: string;
}

const MESSAGE_TYPE: TokenMessage['type'] = 'momentum/accessTokenRenewed';

export interface HeldReissueLock {
  /**
   * Lets the next tab in. `afterBroadcast`: this tab just broadcast a token, so hand over after `HANDOFF_MS`.
   * Idempotent.
   */
  release(afterBroadcast?: boolean): void;
}

export interface CrossTabRenewal {
  /** Resolves once this tab holds the reissue lock (at once without Web Locks). `signal` gives up waiting. */
  acquire(signal?: AbortSignal): Promise<HeldReissueLock>;
  /**
   * The latest token another tab obtained, if it is newer than `failedToken` (issued at the same second or later,
   * and not the same token) and still valid for `SHARED_TOKEN_MIN_VALIDITY_MS`; else null.
   */
  newerToken(failedToken: string | null, now?: number): string | null;
  /** Hands a token this tab obtained to the other tabs. */
  publish(accessToken: string): void;
  /** Forgets the tokens received so far (sign-out). */
  forget(): void;
  /** Closes the channel. */
  close(): void;
}

/** What the browser offers; injectable for tests. */
export interface CrossTabEnvironment {
  locks?: Pick<LockManager, 'request'> | null;
  BroadcastChannel?: typeof BroadcastChannel | null;
}

function browserEnvironment(): CrossTabEnvironment {
  return {
    locks: typeof navigator !== 'undefined' ? (navigator.locks ?? null) : null,
    BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : null,
  };
}

interface Claims {
  iat?: number;
  exp?: number;
}

/** `iat` / `exp` of a JWT, read without verification (only to compare tokens from our own server); else null. */
export function readClaims(token: string): Claims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { iat, exp } = parsed as Record<string, unknown>;
    return {
      iat: typeof iat === 'number' ? iat : undefined,
      exp: typeof exp === 'number' ? exp : undefined,
    };
  } catch {
    return null;
  }
}

function isTokenMessage(data: unknown): data is TokenMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as TokenMessage).type === MESSAGE_TYPE &&
    typeof (data as TokenMessage).accessToken === 'string' &&
    (data as TokenMessage).accessToken.length > 0
  );
}

const NO_LOCK: HeldReissueLock = { release: () => undefined };

/** Opens this tab's side of the shared renewal (one per store). */
export function openCrossTabRenewal(env: CrossTabEnvironment = browserEnvironment()): CrossTabRenewal {
  let latest: string | null = null;
  let channel: BroadcastChannel | null = null;

  const receive = (data: unknown) => {
    if (!isTokenMessage(data)) return;
    const incoming = readClaims(data.accessToken);
    if (incoming?.iat === undefined) return;
    const current = latest ? readClaims(latest) : null;
    if (current?.iat === undefined || incoming.iat >= current.iat) latest = data.accessToken;
  };

  const Channel = env.BroadcastChannel;
  if (typeof Channel === 'function') {
    try {
      channel = new Channel(SESSION_CHANNEL_NAME);
      channel.onmessage = (event: MessageEvent) => receive(event.data);
      // Node's BroadcastChannel (tests) would keep the process alive; browsers have no `unref`.
      (channel as unknown as { unref?: () => void }).unref?.();
    } catch {
      channel = null;
    }
  }

  return {
    acquire(signal) {
      const locks = env.locks;
      if (!locks || typeof locks.request !== 'function') return Promise.resolve(NO_LOCK);
      return new Promise<HeldReissueLock>((resolve) => {
        const granted = () =>
          new Promise<void>((unlock) => {
            let released = false;
            const release = (afterBroadcast = false) => {
              if (released) return;
              released = true;
              if (afterBroadcast) setTimeout(unlock, HANDOFF_MS);
              else unlock();
            };
            // Given up (the saga was cancelled) before or while the lock was granted: let it go again.
            if (signal?.aborted) return release();
            signal?.addEventListener('abort', () => release(), { once: true });
            resolve({ release });
          });
        locks.request(REISSUE_LOCK_NAME, signal ? { signal } : {}, granted).catch(() => {
          // Aborted while waiting, or locks refused (e.g. an opaque origin): renew without the lock.
          resolve(NO_LOCK);
        });
      });
    },

    newerToken(failedToken, now = Date.now()) {
      if (!latest || latest === failedToken) return null;
      const shared = readClaims(latest);
      if (shared?.iat === undefined || shared.exp === undefined) return null;
      if (shared.exp * 1000 < now + SHARED_TOKEN_MIN_VALIDITY_MS) return null;
      const failed = failedToken ? readClaims(failedToken) : null;
      if (failed?.iat !== undefined && shared.iat < failed.iat) return null;
      return latest;
    },

    publish(accessToken) {
      if (!channel) return;
      try {
        channel.postMessage({ type: MESSAGE_TYPE, accessToken } satisfies TokenMessage);
      } catch {
        // closed channel: nothing to share
      }
    },

    forget() {
      latest = null;
    },

    close() {
      channel?.close();
      channel = null;
    },
  };
}
