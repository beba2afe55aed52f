import type { MyProfile, ProfileImageResult, WorkspaceMember } from '../../contract/members';
import { baseApi, unwrapResult } from './baseApi';
import { MEMBERS_TAG, MY_PROFILE_TAG, PROFILE_CHANGE_TAGS } from './cacheTags';

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
  }),
});

export const {
  useGetMembersQuery,
  useGetMyProfileQuery,
  useUploadProfileImageMutation,
  useDeleteProfileImageMutation,
  useWithdrawMutation,
} = membersApi;
