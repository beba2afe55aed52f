import type {
  AddTeamMembersRequest,
  CreateTeamRequest,
  CreateTeamResult,
  ReorderTeamsRequest,
  TeamList,
  TeamPage,
  TeamSettings,
  UpdateTeamRequest,
} from '../../contract/teams';
import { TEAM_PAGE_SIZE } from '../../contract/constants';
import { baseApi, unwrapResult } from './baseApi';
import { ITEM_TAGS, TEAM_CHANGE_TAGS, TEAMS_TAG } from './cacheTags';

/* Types only from contract/ (plus one constant from a zod-free line): zod never reaches the client bundle. */

/** The infinite-query options shared by the team lists: pages 0, 1, … until `isLast`. */
const teamPages = {
  initialPageParam: 0,
  getNextPageParam: (lastPage: TeamPage, _allPages: TeamPage[], lastPageParam: number) =>
    lastPage.isLast ? undefined : lastPageParam + 1,
};

/** Every team change (settings, membership, deletion) refreshes the team lists, the members and their teams. */
const TEAM_SETTINGS_CHANGE = [...TEAM_CHANGE_TAGS] as const;

export const teamsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/workspace/setting/teams?page&size — the workspace's teams the caller may see (public ones, the
     * private ones they are in; admins every private one), default team first, 20 per page (docs/product.md "Teams
     * and members", docs/security.md "Teams"). An infinite query: pages 0, 1, … until `isLast`. The team-list page.
     */
    getTeams: build.infiniteQuery<TeamPage, void, number>({
      infiniteQueryOptions: teamPages,
      query: ({ pageParam }) => ({
        url: '/api/workspace/setting/teams',
        params: { page: pageParam, size: TEAM_PAGE_SIZE },
      }),
      transformResponse: unwrapResult<TeamPage>,
      providesTags: [TEAMS_TAG],
    }),
    /**
     * GET /api/workspace/setting/teams?scope=mine — "나의 팀" (issue #23): only the caller's teams, the default team
     * first, then the caller's own drag order. The sidebar.
     */
    getMyTeams: build.infiniteQuery<TeamPage, void, number>({
      infiniteQueryOptions: teamPages,
      query: ({ pageParam }) => ({
        url: '/api/workspace/setting/teams',
        params: { page: pageParam, size: TEAM_PAGE_SIZE, scope: 'mine' },
      }),
      transformResponse: unwrapResult<TeamPage>,
      providesTags: [TEAMS_TAG],
    }),
    /** GET /api/workspace/teams/browse — "팀 둘러보기": public teams the caller is not in, with member counts. */
    getBrowsableTeams: build.query<TeamList, void>({
      query: () => '/api/workspace/teams/browse',
      transformResponse: unwrapResult<TeamList>,
      providesTags: [TEAMS_TAG],
    }),
    /** GET /api/teams/{teamId}/settings — the team settings page; 404 for a private team the caller is not in. */
    getTeamSettings: build.query<TeamSettings, number>({
      query: (teamId) => `/api/teams/${teamId}/settings`,
      transformResponse: unwrapResult<TeamSettings>,
      providesTags: (_result, _error, teamId) => [{ type: TEAMS_TAG, id: teamId }],
    }),
    /** POST /api/workspace/setting/teams — 201; 400 invalid name or members; 409 duplicate name. */
    createTeam: build.mutation<CreateTeamResult, CreateTeamRequest>({
      query: (body) => ({ url: '/api/workspace/setting/teams', method: 'POST', body }),
      transformResponse: unwrapResult<CreateTeamResult>,
      invalidatesTags: [...TEAM_CHANGE_TAGS],
    }),
    /**
     * PATCH /api/workspace/setting/teams `{ teamIdList }` — the caller's teams, default team first, then the new
     * order ("나의 팀", the caller's own). Callers update the `getMyTeams` cache optimistically and undo it when
     * this fails.
     */
    reorderTeams: build.mutation<null, ReorderTeamsRequest>({
      query: (body) => ({ url: '/api/workspace/setting/teams', method: 'PATCH', body }),
      transformResponse: unwrapResult<null>,
      invalidatesTags: [...TEAM_CHANGE_TAGS],
    }),
    /** POST /api/teams/{teamId}/membership — join a public team (one click). */
    joinTeam: build.mutation<TeamSettings, number>({
      query: (teamId) => ({ url: `/api/teams/${teamId}/membership`, method: 'POST' }),
      transformResponse: unwrapResult<TeamSettings>,
      invalidatesTags: [...TEAM_SETTINGS_CHANGE],
    }),
    /** DELETE /api/teams/{teamId}/membership — leave; 409 default team or last member of a private team. */
    leaveTeam: build.mutation<{ teamId: number }, number>({
      query: (teamId) => ({ url: `/api/teams/${teamId}/membership`, method: 'DELETE' }),
      transformResponse: unwrapResult<{ teamId: number }>,
      invalidatesTags: [...TEAM_SETTINGS_CHANGE],
    }),
    /** PATCH /api/teams/{teamId} `{ teamName?, visibility? }` — rename (members, admins), visibility (admins). */
    updateTeam: build.mutation<TeamSettings, { teamId: number } & UpdateTeamRequest>({
      query: ({ teamId, ...body }) => ({ url: `/api/teams/${teamId}`, method: 'PATCH', body }),
      transformResponse: unwrapResult<TeamSettings>,
      invalidatesTags: [...TEAM_SETTINGS_CHANGE],
    }),
    /** PUT /api/teams/{teamId}/image — multipart `image` (the profile picture's rules). */
    uploadTeamImage: build.mutation<TeamSettings, { teamId: number; file: Blob }>({
      query: ({ teamId, file }) => {
        const body = new FormData();
        body.append('image', file);
        return { url: `/api/teams/${teamId}/image`, method: 'PUT', body };
      },
      transformResponse: unwrapResult<TeamSettings>,
      invalidatesTags: [...TEAM_SETTINGS_CHANGE],
    }),
    /** DELETE /api/teams/{teamId}/image. */
    deleteTeamImage: build.mutation<TeamSettings, number>({
      query: (teamId) => ({ url: `/api/teams/${teamId}/image`, method: 'DELETE' }),
      transformResponse: unwrapResult<TeamSettings>,
      invalidatesTags: [...TEAM_SETTINGS_CHANGE],
    }),
    /** POST /api/teams/{teamId}/members `{ memberId }` — add workspace members. */
    addTeamMembers: build.mutation<TeamSettings, { teamId: number } & AddTeamMembersRequest>({
      query: ({ teamId, ...body }) => ({ url: `/api/teams/${teamId}/members`, method: 'POST', body }),
      transformResponse: unwrapResult<TeamSettings>,
      invalidatesTags: [...TEAM_SETTINGS_CHANGE],
    }),
    /** DELETE /api/teams/{teamId}/members/{memberId} — remove a member (past work stays). */
    removeTeamMember: build.mutation<TeamSettings, { teamId: number; memberId: number }>({
      query: ({ teamId, memberId }) => ({
        url: `/api/teams/${teamId}/members/${memberId}`,
        method: 'DELETE',
      }),
      transformResponse: unwrapResult<TeamSettings>,
      invalidatesTags: [...TEAM_SETTINGS_CHANGE],
    }),
    /** DELETE /api/teams/{teamId} `{ teamName }` — admins; deletes its items, comments, alarms, links. */
    deleteTeam: build.mutation<{ teamId: number }, { teamId: number; teamName: string }>({
      query: ({ teamId, teamName }) => ({
        url: `/api/teams/${teamId}`,
        method: 'DELETE',
        body: { teamName },
      }),
      transformResponse: unwrapResult<{ teamId: number }>,
      invalidatesTags: [...TEAM_SETTINGS_CHANGE, ...Object.values(ITEM_TAGS), 'Notification'],
    }),
  }),
});

export const {
  useGetTeamsInfiniteQuery,
  useGetMyTeamsInfiniteQuery,
  useGetBrowsableTeamsQuery,
  useGetTeamSettingsQuery,
  useCreateTeamMutation,
  useReorderTeamsMutation,
  useJoinTeamMutation,
  useLeaveTeamMutation,
  useUpdateTeamMutation,
  useUploadTeamImageMutation,
  useDeleteTeamImageMutation,
  useAddTeamMembersMutation,
  useRemoveTeamMemberMutation,
  useDeleteTeamMutation,
} = teamsApi;
