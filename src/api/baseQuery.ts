import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import type { Saga, Task } from 'redux-saga';
import { awaitReissue } from '../features/session/awaitReissue';
import type { SessionState } from '../features/session/sessionSlice';

/** The RTK Query endpoint that renews the session; its own 401 is never answered with another reissue. */
export const REISSUE_ENDPOINT = 'reissueToken';

/**
 * The thunk `extraArgument` of the store: lets the base query run a saga (the session renewal handshake)
 * without importing the store. Only functions live here, never in state or actions.
 */
export interface ApiThunkExtra {
  runSaga: <S extends Saga>(saga: S, ...args: Parameters<S>) => Task;
}

interface AuthExtraOptions {
  /** The bearer token this attempt sends; chosen by `baseQueryWithReissue`, read by `prepareHeaders`. */
  accessToken?: string | null;
}

const selectToken = (state: unknown): string | null =>
  (state as { session?: SessionState }).session?.accessToken ?? null;

const rawBaseQuery = fetchBaseQuery({
  credentials: 'include',
  prepareHeaders: (headers, { extraOptions }) => {
    const token = (extraOptions as AuthExtraOptions | undefined)?.accessToken;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

function hasExtra(extra: unknown): extra is ApiThunkExtra {
  return (
    typeof extra === 'object' && extra !== null && typeof (extra as ApiThunkExtra).runSaga === 'function'
  );
}

/**
 * fetchBaseQuery with cookies, the stored bearer token and session renewal (spec §4 "Session renewal"):
 * - every request carries `Authorization: Bearer <token>` when a token is stored (not the cookie-based reissue);
 * - on a 401 (except from the reissue endpoint) the request is retried **once**:
 *   - if the stored token changed while the request was in flight (someone else already renewed it), the
 *     retry uses that token without another reissue;
 *   - otherwise the session saga is asked for a fresh token (`awaitReissue`), shared by concurrent 401s and, through
 *     the cross-tab lock and channel, by the other tabs (README.md "Sessions across tabs"); if renewal fails, the
 *     original 401 is returned. Only a 401 from the reissue means signed out (the saga has then cleared the token
 *     and navigated); a 429 is waited out and retried by the saga, and what still fails (rate limit, server or
 *     network error) keeps the session, so a later request tries again;
 * - the reissue endpoint's own errors (401, 429 with `Retry-After`) are returned as they are, never reissued;
 * - the retry's result is returned as is, so a second 401 never loops.
 */
export const baseQueryWithReissue: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const isReissue = api.endpoint === REISSUE_ENDPOINT;
  const sentToken = isReissue ? null : selectToken(api.getState());
  const send = (accessToken: string | null) =>
    rawBaseQuery(args, api, { ...(extraOptions as object), accessToken } satisfies AuthExtraOptions);

  const first = await send(sentToken);
  if (isReissue || first.error?.status !== 401 || api.signal.aborted) return first;

  const current = selectToken(api.getState());
  let retryToken: string | null;
  if (current !== sentToken) {
    // Renewed meanwhile by a concurrent request, or cleared because renewal already failed.
    if (!current) return first;
    retryToken = current;
  } else {
    if (!hasExtra(api.extra)) return first;
    retryToken = await api.extra.runSaga(awaitReissue).toPromise<string | null>();
    if (!retryToken) return first;
  }
  return send(retryToken);
};
