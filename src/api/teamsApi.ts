import type {
  CreateTeamRequest,
  CreateTeamResult,
  ReorderTeamsRequest,
  TeamPage,
} from '../../contract/teams';
import { TEAM_PAGE_SIZE } from '../../contract/constants';
import { baseApi, unwrapResult } from './baseApi';
import { TEAM_CHANGE_TAGS, TEAMS_TAG } from './cacheTags';

/* Types only from contract/ (plus one constant from a zod-free line): zod never reaches the client bundle. */

export const teamsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/workspace/setting/teams?page&size — the workspace's teams, default team first, 20 per page
     * (docs/product.md "Teams and members"). An infinite query: pages 0, 1, … until `isLast`. Used by the sidebar and the team-list page.
     */
    getTeams: build.infiniteQuery<TeamPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastPageParam) =>
          lastPage.isLast ? undefined : lastPageParam + 1,
      },
      query: ({ pageParam }) => ({
        url: '/api/workspace/setting/teams',
        params: { page: pageParam, size: TEAM_PAGE_SIZE },
      }),
      transformResponse: unwrapResult<TeamPage>,
      providesTags: [TEAMS_TAG],
    }),
    /** POST /api/workspace/setting/teams — 201; 400 invalid name or members; 409 duplicate name. */
    createTeam: build.mutation<CreateTeamResult, CreateTeamRequest>({
      query: (body) => ({ url: '/api/workspace/setting/teams', method: 'POST', body }),
      transformResponse: unwrapResult<CreateTeamResult>,
      invalidatesTags: [...TEAM_CHANGE_TAGS],
    }),
    /**
     * PATCH /api/workspace/setting/teams `{ teamIdList }` — default team first, then the new order.
     * Callers update the `getTeams` cache optimistically and undo it when this fails.
     */
    reorderTeams: build.mutation<null, ReorderTeamsRequest>({
      query: (body) => ({ url: '/api/workspace/setting/teams', method: 'PATCH', body }),
      transformResponse: unwrapResult<null>,
      invalidatesTags: [...TEAM_CHANGE_TAGS],
    }),
  }),
});

export const { useGetTeamsInfiniteQuery, useCreateTeamMutation, useReorderTeamsMutation } = teamsApi;
