import type { MyProfile, ProfileImageResult, WorkspaceMember } from '../../contract/members';
import { baseApi, unwrapResult } from './baseApi';
import type { MemberRoleResult } from '../../contract/admin';
import {
  MEMBERS_TAG,
  MEMBER_WITHDRAWN_TAGS,
  MY_PROFILE_TAG,
  PROFILE_CHANGE_TAGS,
  WORKSPACE_PROFILE_TAG,
} from './cacheTags';

/* Types only from contract/: zod never reaches the client bundle. */

export const membersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/workspace/setting/members — members with their teams, the caller first. */
    getMembers: build.query<WorkspaceMember[], void>({
      query: () => '/api/workspace/setting/members',
      transformResponse: unwrapResult<WorkspaceMember[]>,
      providesTags: [MEMBERS_TAG],
    }),
    /** GET /api/workspace/setting/my-profile — `{ memberId, name, email, profileImageUrl }`. */
    getMyProfile: build.query<MyProfile, void>({
      query: () => '/api/workspace/setting/my-profile',
      transformResponse: unwrapResult<MyProfile>,
      providesTags: [MY_PROFILE_TAG],
    }),
    /**
     * PATCH /api/workspace/setting/my-profile/profile-image — multipart field `image` (JPEG, PNG, WebP or GIF,
     * ≤ 5 MB; 413 larger, 415 other types). Pass a `FormData` with the file under `image`.
     */
    uploadProfileImage: build.mutation<ProfileImageResult, FormData>({
      query: (body) => ({ url: '/api/workspace/setting/my-profile/profile-image', method: 'PATCH', body }),
      transformResponse: unwrapResult<ProfileImageResult>,
      invalidatesTags: [...PROFILE_CHANGE_TAGS],
    }),
    /** DELETE /api/workspace/setting/my-profile/profile-image — back to no photo. */
    deleteProfileImage: build.mutation<ProfileImageResult, void>({
      query: () => ({ url: '/api/workspace/setting/my-profile/profile-image', method: 'DELETE' }),
      transformResponse: unwrapResult<ProfileImageResult>,
      invalidatesTags: [...PROFILE_CHANGE_TAGS],
    }),
    /** DELETE /api/workspace/setting/my-profile — withdrawal: personal data deleted at once, unrecoverable. */
    withdraw: build.mutation<null, void>({
      query: () => ({ url: '/api/workspace/setting/my-profile', method: 'DELETE' }),
      transformResponse: unwrapResult<null>,
    }),
    // ---- issue #23 (admin): roles and removal (docs/security.md "Roles") ----
    /** PATCH /api/workspace/setting/members/{memberId}/role — `admin` or `member`. */
    changeRole: build.mutation<MemberRoleResult, { memberId: number; role: 'admin' | 'member' }>({
      query: ({ memberId, role }) => ({
        url: `/api/workspace/setting/members/${memberId}/role`,
        method: 'PATCH',
        body: { role },
      }),
      transformResponse: unwrapResult<MemberRoleResult>,
      invalidatesTags: [MEMBERS_TAG, WORKSPACE_PROFILE_TAG],
    }),
    /** POST /api/workspace/setting/owner — the caller (owner) becomes an admin, `memberId` the owner. */
    transferOwnership: build.mutation<MemberRoleResult, { memberId: number }>({
      query: (body) => ({ url: '/api/workspace/setting/owner', method: 'POST', body }),
      transformResponse: unwrapResult<MemberRoleResult>,
      invalidatesTags: [MEMBERS_TAG, WORKSPACE_PROFILE_TAG],
    }),
    /** DELETE /api/workspace/setting/members/{memberId} — removal; names elsewhere get "(내보낸 멤버)". */
    removeMember: build.mutation<null, { memberId: number }>({
      query: ({ memberId }) => ({ url: `/api/workspace/setting/members/${memberId}`, method: 'DELETE' }),
      transformResponse: unwrapResult<null>,
      invalidatesTags: [...MEMBER_WITHDRAWN_TAGS],
    }),
  }),
});

export const {
  useChangeRoleMutation,
  useTransferOwnershipMutation,
  useRemoveMemberMutation,
  useGetMembersQuery,
  useGetMyProfileQuery,
  useUploadProfileImageMutation,
  useDeleteProfileImageMutation,
  useWithdrawMutation,
} = membersApi;
