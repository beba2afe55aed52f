import type { ReissueResult } from '../../contract/auth';
import { baseApi, unwrapResult } from './baseApi';
import { REISSUE_ENDPOINT } from './baseQuery';

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/token/reissue — reads the refresh cookie, rotates it, returns `{ accessToken }`. */
    [REISSUE_ENDPOINT]: build.mutation<ReissueResult, void>({
      query: () => ({ url: '/api/token/reissue', method: 'POST' }),
      transformResponse: unwrapResult<ReissueResult>,
    }),
    /** POST /api/token/logout — revokes the refresh-token family and clears the cookie. */
    logout: build.mutation<null, void>({
      query: () => ({ url: '/api/token/logout', method: 'POST' }),
      transformResponse: unwrapResult<null>,
    }),
  }),
});

export const { useLogoutMutation } = sessionApi;
