import type { WorkspaceProfile } from '../../contract/workspace';
import { baseApi, unwrapResult } from './baseApi';

export const workspaceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/workspace/setting — the caller's workspace profile; 404 while they have no workspace yet.
     * On success the invite slice stores the invite URL and password when missing (spec §7; see inviteSlice).
     */
    getWorkspaceProfile: build.query<WorkspaceProfile, void>({
      query: () => '/api/workspace/setting',
      transformResponse: unwrapResult<WorkspaceProfile>,
      providesTags: ['WorkspaceProfile'],
    }),
  }),
});

export const { useGetWorkspaceProfileQuery } = workspaceApi;
