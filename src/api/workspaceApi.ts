import type {
  CreateWorkspaceResult,
  CreateWorkspaceUrlResult,
  InviteInfo,
  JoinWorkspaceRequest,
  JoinWorkspaceResult,
  WorkspaceNameBody,
  WorkspaceProfile,
} from '../../contract/workspace';
import { baseApi, unwrapResult } from './baseApi';
import { WORKSPACE_INVITE_TAG, WORKSPACE_PROFILE_TAG, WORKSPACE_TAGS } from './cacheTags';

/* Types only from contract/: type imports are erased, so zod never reaches the client bundle. */

export const workspaceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/workspace/setting — the caller's workspace profile; 404 while they have no workspace yet.
     * On success the invite slice marks the workspace and fills a missing workspace name.
     */
    getWorkspaceProfile: build.query<WorkspaceProfile, void>({
      query: () => '/api/workspace/setting',
      transformResponse: unwrapResult<WorkspaceProfile>,
      providesTags: [WORKSPACE_PROFILE_TAG],
    }),
    /** GET /api/workspace/setting/invite — `{ name, inviteUrl, invitePassword }`, read when shown (never stored). */
    getInviteInfo: build.query<InviteInfo, void>({
      query: () => '/api/workspace/setting/invite',
      transformResponse: unwrapResult<InviteInfo>,
      providesTags: [WORKSPACE_INVITE_TAG],
    }),
    /** POST /api/workspace/create-url — the URL a valid name gets; 400 `WORKSPACE400_1` with the rule's message. */
    createWorkspaceUrl: build.mutation<CreateWorkspaceUrlResult, WorkspaceNameBody>({
      query: (body) => ({ url: '/api/workspace/create-url', method: 'POST', body }),
      transformResponse: unwrapResult<CreateWorkspaceUrlResult>,
    }),
    /** POST /api/workspace — creates the workspace (201); 409 `WORKSPACE409_0` when the member already has one. */
    createWorkspace: build.mutation<CreateWorkspaceResult, WorkspaceNameBody>({
      query: (body) => ({ url: '/api/workspace', method: 'POST', body }),
      transformResponse: unwrapResult<CreateWorkspaceResult>,
      invalidatesTags: [...WORKSPACE_TAGS],
    }),
    /**
     * POST /api/workspace/join — 400 `WORKSPACE400_3` wrong password, 404 `WORKSPACE404_1` unknown token,
     * 409 already in a workspace, 429 `WORKSPACE429_0` too many attempts.
     */
    joinWorkspace: build.mutation<JoinWorkspaceResult, JoinWorkspaceRequest>({
      query: (body) => ({ url: '/api/workspace/join', method: 'POST', body }),
      transformResponse: unwrapResult<JoinWorkspaceResult>,
      invalidatesTags: [...WORKSPACE_TAGS],
    }),
  }),
});

export const { useGetWorkspaceProfileQuery, useGetInviteInfoQuery } = workspaceApi;
