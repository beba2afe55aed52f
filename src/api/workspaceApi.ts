import type {
  CreateWorkspaceResult,
  CreateWorkspaceUrlResult,
  InviteInfo,
  JoinWorkspaceRequest,
  JoinWorkspaceResult,
  WorkspaceNameBody,
  WorkspaceProfile,
} from '../../contract/workspace';
import type {
  AdminInvite,
  AuditPage,
  InviteExpiryRequest,
  InvitePreview,
  RenameWorkspaceRequest,
} from '../../contract/admin';
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
    // ---- issue #23 (admin): invites, workspace profile, audit log (docs/security.md "Roles", "Invites") ----
    /**
     * GET /api/workspace/invite-preview?token= — the invite's workspace display name and whether the caller is in it
     * already; 404 `WORKSPACE404_1` ("초대 링크가 만료되었습니다") for a rotated or expired invite.
     */
    getInvitePreview: build.query<InvitePreview, string>({
      query: (token) => ({ url: '/api/workspace/invite-preview', params: { token } }),
      transformResponse: unwrapResult<InvitePreview>,
      keepUnusedDataFor: 0,
    }),
    /** GET /api/workspace/setting/invite/admin — link, password and expiry (admins; members 403). */
    getAdminInvite: build.query<AdminInvite, void>({
      query: () => '/api/workspace/setting/invite/admin',
      transformResponse: unwrapResult<AdminInvite>,
      providesTags: [WORKSPACE_INVITE_TAG],
      keepUnusedDataFor: 0,
    }),
    /** POST /api/workspace/setting/invite/rotate — a new link and password; the old link expires at once. */
    rotateInvite: build.mutation<AdminInvite, void>({
      query: () => ({ url: '/api/workspace/setting/invite/rotate', method: 'POST' }),
      transformResponse: unwrapResult<AdminInvite>,
      invalidatesTags: [...WORKSPACE_TAGS],
    }),
    /** PATCH /api/workspace/setting/invite — `{ inviteExpiry: '7d' | '30d' | 'never' }`. */
    setInviteExpiry: build.mutation<AdminInvite, InviteExpiryRequest>({
      query: (body) => ({ url: '/api/workspace/setting/invite', method: 'PATCH', body }),
      transformResponse: unwrapResult<AdminInvite>,
      invalidatesTags: [WORKSPACE_INVITE_TAG],
    }),
    /** PATCH /api/workspace/setting — rename (admins); 400 `WORKSPACE400_1` with the rule's message. */
    renameWorkspace: build.mutation<{ workspaceName: string }, RenameWorkspaceRequest>({
      query: (body) => ({ url: '/api/workspace/setting', method: 'PATCH', body }),
      transformResponse: unwrapResult<{ workspaceName: string }>,
      invalidatesTags: [WORKSPACE_PROFILE_TAG],
    }),
    /** PATCH /api/workspace/setting/image — multipart `image` (admins). */
    uploadWorkspaceImage: build.mutation<{ workspaceImageUrl: string | null }, FormData>({
      query: (body) => ({ url: '/api/workspace/setting/image', method: 'PATCH', body }),
      transformResponse: unwrapResult<{ workspaceImageUrl: string | null }>,
      invalidatesTags: [WORKSPACE_PROFILE_TAG],
    }),
    /** DELETE /api/workspace/setting/image (admins). */
    deleteWorkspaceImage: build.mutation<{ workspaceImageUrl: string | null }, void>({
      query: () => ({ url: '/api/workspace/setting/image', method: 'DELETE' }),
      transformResponse: unwrapResult<{ workspaceImageUrl: string | null }>,
      invalidatesTags: [WORKSPACE_PROFILE_TAG],
    }),
    /** GET /api/workspace/setting/audit?before=&size= — one page, newest first (admins; members 403). */
    getAuditPage: build.query<AuditPage, number | null>({
      query: (before) => ({
        url: '/api/workspace/setting/audit',
        params: before === null ? { size: 30 } : { size: 30, before },
      }),
      transformResponse: unwrapResult<AuditPage>,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetWorkspaceProfileQuery,
  useGetInviteInfoQuery,
  useGetInvitePreviewQuery,
  useGetAdminInviteQuery,
  useRotateInviteMutation,
  useSetInviteExpiryMutation,
  useRenameWorkspaceMutation,
  useUploadWorkspaceImageMutation,
  useDeleteWorkspaceImageMutation,
  useGetAuditPageQuery,
} = workspaceApi;
