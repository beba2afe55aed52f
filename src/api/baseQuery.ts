import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { EVENT_MARK_HEADER } from '../../contract/constants';

/** The RTK Query endpoint that renews the session; its own 401 is never answered with another reissue. */
export const REISSUE_ENDPOINT = 'reissueToken';

/**
 * What the base query needs from the session, without importing it (src/api sits below the features; see
 * docs/architecture.md "Layers" and "Session"). The store provides it (src/app/store.ts).
 */
export interface SessionAccess {
  /** The access token held in memory, or null. */
  selectAccessToken(state: unknown): string | null;
  /**
   * Joins the one shared session renewal (the session saga's; concurrent callers share one reissue) and resolves
   * to the new token, or null when the session could not be renewed (signed out, or not right now).
   */
  renewAccessToken(): Promise<string | null>;
}

/**
 * The thunk `extraArgument` of the store. Only functions live here, never in state or actions, so the store
 * stays serializable.
 */
export interface ApiThunkExtra {
  session: SessionAccess;
  /**
   * Receives each authenticated answer's `x-event-mark` (contract/constants.ts `EVENT_MARK_HEADER`), the live
   * stream's resume point (shared/lib/eventMarks.ts, docs/live-updates.md "Data fetched before the stream opens").
   */
  noteEventMark?: (mark: string | null) => void;
}

interface AuthExtraOptions {
  /** The bearer token this attempt sends; chosen by `baseQueryWithReissue`, read by `prepareHeaders`. */
  accessToken?: string | null;
}

const rawBaseQuery = fetchBaseQuery({
  credentials: 'include',
  prepareHeaders: (headers, { extraOptions }) => {
    const token = (extraOptions as AuthExtraOptions | undefined)?.accessToken;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** How often a read refused with 429 is retried after its `Retry-After` (issue #23, docs/security.md "Rate limits"). */
export const RATE_LIMIT_RETRIES = 2;
/** The longest `Retry-After` a read waits out quietly (ms); a longer one is capped to this. */
export const RATE_LIMIT_MAX_WAIT_MS = 30_000;

/** Whether `args` is a read (GET or HEAD): only reads are retried after a 429; a write is never sent twice. */
function isRead(args: string | FetchArgs): boolean {
  if (typeof args === 'string') return true;
  const method = (args.method ?? 'GET').toUpperCase();
  return method === 'GET' || method === 'HEAD';
}

/**
 * The wait a `Retry-After` header asks for (ms): delta-seconds or an HTTP date, at least 0 and at most
 * `RATE_LIMIT_MAX_WAIT_MS`; null when absent or unreadable (then the 429 is not retried).
 */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else if (/^[-+]?[\d.]+$/.test(trimmed)) return null;
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return null;
    ms = at - now;
  }
  return Math.min(Math.max(ms, 0), RATE_LIMIT_MAX_WAIT_MS);
}

/** Resolves after `ms`, or false at once when `signal` aborts first. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = (result: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort);
  });
}

function sessionAccess(extra: unknown): SessionAccess | null {
  const session = (extra as Partial<ApiThunkExtra> | null | undefined)?.session;
  return session && typeof session.renewAccessToken === 'function' ? session : null;
}

/**
 * fetchBaseQuery with cookies, the in-memory bearer token and session renewal (docs/architecture.md "Session"):
 * - every request carries `Authorization: Bearer <token>` when a token is held (not the cookie-based reissue);
 * - on a 401 (except from the reissue endpoint) the request is retried **once**:
 *   - if the token changed while the request was in flight (someone else already renewed it), the retry uses
 *     that token without another reissue;
 *   - otherwise the session is asked for a fresh token (`SessionAccess.renewAccessToken`), shared by concurrent
 *     401s and, through the cross-tab lock and channel, by the other tabs; if renewal fails, the original 401 is
 *     returned. Only a 401 from the reissue means signed out (the session saga then clears the token and
 *     navigates); a 429 is waited out and retried by the saga, and what still fails (rate limit, server or
 *     network error) keeps the session, so a later request tries again;
 * - the reissue endpoint's own errors (401, 429 with `Retry-After`) are returned as they are, never reissued;
 * - the retry's result is returned as is, so a second 401 never loops;
 * - every authenticated answer's `x-event-mark` is noted for the live stream's resume point (shared/lib/eventMarks.ts);
 * - a read (GET/HEAD) answered 429 with `Retry-After` (the per-member rate limit, docs/security.md "Rate limits") is
 *   waited out and sent again, quietly — at most `RATE_LIMIT_RETRIES` times, each wait capped at
 *   `RATE_LIMIT_MAX_WAIT_MS`; only a 429 that outlasts them reaches the caller. Writes are never repeated.
 */
export const baseQueryWithReissue: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const isReissue = api.endpoint === REISSUE_ENDPOINT;
  const session = sessionAccess(api.extra);
  const noteEventMark = (api.extra as Partial<ApiThunkExtra> | null | undefined)?.noteEventMark;
  const selectToken = (): string | null => session?.selectAccessToken(api.getState()) ?? null;
  const sentToken = isReissue ? null : selectToken();
  const sendOnce = async (accessToken: string | null) => {
    const result = await rawBaseQuery(args, api, {
      ...(extraOptions as object),
      accessToken,
    } satisfies AuthExtraOptions);
    // Where this answer stands in the live event stream (`ApiThunkExtra.noteEventMark`).
    if (accessToken) noteEventMark?.(result.meta?.response?.headers.get(EVENT_MARK_HEADER) ?? null);
    return result;
  };
  // Reads refused by the rate limit wait `Retry-After` and go again (the reissue has its own handling).
  const retriesRateLimit = !isReissue && isRead(args);
  const send = async (accessToken: string | null) => {
    let result = await sendOnce(accessToken);
    for (let retry = 0; retry < RATE_LIMIT_RETRIES && retriesRateLimit; retry++) {
      if (result.error?.status !== 429) break;
      const delay = retryAfterMs(result.meta?.response?.headers.get('Retry-After'));
      if (delay === null || !(await wait(delay, api.signal))) break;
      result = await sendOnce(accessToken);
    }
    return result;
  };

  const first = await send(sentToken);
  if (isReissue || first.error?.status !== 401 || api.signal.aborted || !session) return first;

  const current = selectToken();
  let retryToken: string | null;
  if (current !== sentToken) {
    // Renewed meanwhile by a concurrent request, or cleared because renewal already failed.
    if (!current) return first;
    retryToken = current;
  } else {
    retryToken = await session.renewAccessToken();
    if (!retryToken) return first;
  }
  return send(retryToken);
};
