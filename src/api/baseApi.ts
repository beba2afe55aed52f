import { createApi } from '@reduxjs/toolkit/query/react';
import type { Envelope } from '../../contract/envelope';
import { baseQueryWithReissue } from './baseQuery';
import { TAG_TYPES } from './cacheTags';

/**
 * The one RTK Query API of the app. Domains inject their endpoints from `src/api/<domain>Api.ts`; every
 * `/api` response is the envelope `{ isSuccess, code, message, result }` and endpoints unwrap it with
 * `transformResponse: unwrapResult`. Errors keep `{ status, data: envelope }` (see `errors.ts`). Cache tags come
 * from `cacheTags.ts`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReissue,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  // Data counts as fresh for 60 s, and queries refetch when the window regains focus.
  refetchOnMountOrArgChange: 60,
  refetchOnFocus: true,
});

/** `transformResponse` of every endpoint: the envelope's `result`. */
export function unwrapResult<T>(response: Envelope<T>): T {
  return response.result;
}
