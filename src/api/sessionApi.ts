import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { ReissueResult } from '../../contract/auth';
import { baseApi, unwrapResult } from './baseApi';
import { REISSUE_ENDPOINT } from './baseQuery';
import { reissueRequest, unwrapEnvelope } from './requests';

/**
 * A failed reissue: fetchBaseQuery's `{ status, data }` plus the raw `Retry-After` header of the response (set with
 * 429 `JWT429_0`), so the session saga can wait as long as the server asks (a string: stays serializable).
 */
export type ReissueError = FetchBaseQueryError & { retryAfter?: string | null };

/** Adds the response's `Retry-After` to a reissue error. */
export function withRetryAfter(
  error: FetchBaseQueryError,
  meta: FetchBaseQueryMeta | undefined,
): ReissueError {
  const retryAfter = meta?.response?.headers.get('Retry-After') ?? null;
  return retryAfter === null ? error : { ...error, retryAfter };
}

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/token/reissue — reads the refresh cookie, rotates it, returns `{ accessToken }`. Errors carry
     * `retryAfter` (see `ReissueError`).
     */
    [REISSUE_ENDPOINT]: build.mutation<ReissueResult, void>({
      query: reissueRequest,
      transformResponse: unwrapEnvelope<ReissueResult>,
      transformErrorResponse: withRetryAfter,
    }),
    /** POST /api/token/logout — revokes the refresh-token family and clears the cookie. */
    logout: build.mutation<null, void>({
      query: () => ({ url: '/api/token/logout', method: 'POST' }),
      transformResponse: unwrapResult<null>,
    }),
  }),
});

export const { useLogoutMutation } = sessionApi;
