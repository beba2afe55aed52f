import type { Envelope } from '../../contract/envelope';
import type { ExternalSync } from '../../contract/integrations';
import type {
  CreateExternalRequest,
  CreateGoalRequest,
  CreateIssueRequest,
  ExternalLinks,
  ListPage,
  SimpleList,
} from '../../contract/items';
import { LIST_PAGE_SIZE, type Grouping, type ItemKind } from '../../contract/itemEnums';
import { baseApi, unwrapResult } from './baseApi';
import { externalLinksTag, itemListProvides, simpleListProvides } from './cacheTags';
import { staleAfterItemChange } from './itemChanges';
import { errorStatus } from './errors';

/* Types only from contract/items (plus zod-free values from contract/itemEnums): zod never reaches the client. */

/** The API's path segment of each kind: `/api/teams/{teamId}/goals|issues|externals`. */
export const ITEM_SEGMENTS: Record<ItemKind, string> = {
  goal: 'goals',
  issue: 'issues',
  external: 'externals',
};

/** Body key of the delete request per kind. */
const DELETE_KEYS = { goal: 'goalIds', issue: 'issueIds', external: 'externalIds' } as const;

export interface ItemListArg {
  kind: ItemKind;
  teamId: number;
  grouping: Grouping;
}

export interface DeleteItemsArg {
  kind: ItemKind;
  teamId: number;
  ids: number[];
}

export interface DeleteItemsResult {
  deletedIds: number[];
}

export type SimpleListKind = 'goal' | 'issue';

export interface SimpleListArg {
  kind: SimpleListKind;
  teamId: number;
}

export interface CreateItemArg<Body> {
  teamId: number;
  body: Body;
}

/** `createExternalResponseSchema`'s result (contract/items.ts). */
export interface CreateExternalResult {
  externalId: number;
  sync: ExternalSync;
}

const EMPTY_SIMPLE_LIST: SimpleList = { cnt: 0, info: [] };

export const itemsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/teams/{teamId}/goals|issues|externals?query&cursor&size — a grouped list page (docs/product.md
     * "Grouped lists"). An infinite query: the first page without `cursor`, then the previous page's `nextCursor`
     * while `hasNext`. Every page lists every non-empty group (this page's items only); merge them by `groupKey`
     * (`features/items/listModel.ts#mergeListPages`).
     */
    getItemList: build.infiniteQuery<ListPage, ItemListArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) =>
          lastPage.hasNext && lastPage.nextCursor ? lastPage.nextCursor : undefined,
      },
      query: ({ queryArg: { kind, teamId, grouping }, pageParam }) => ({
        url: `/api/teams/${teamId}/${ITEM_SEGMENTS[kind]}`,
        params: { query: grouping, size: LIST_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: unwrapResult<ListPage>,
      providesTags: (_result, _error, { kind }) => itemListProvides(kind),
    }),

    /**
     * DELETE /api/teams/{teamId}/goals|issues|externals with `{goalIds|issueIds|externalIds}` — permanent; 403 for
     * the whole request when an id belongs to another team.
     */
    deleteItems: build.mutation<DeleteItemsResult, DeleteItemsArg>({
      query: ({ kind, teamId, ids }) => ({
        url: `/api/teams/${teamId}/${ITEM_SEGMENTS[kind]}`,
        method: 'DELETE',
        body: { [DELETE_KEYS[kind]]: ids },
      }),
      transformResponse: unwrapResult<DeleteItemsResult>,
      invalidatesTags: (_result, error, { kind, ids }) => (error ? [] : staleAfterItemChange(kind, ids)),
    }),

    /** GET /api/teams/{teamId}/goals-simple|issues-simple — `{cnt, info: [{id, title}]}`; a 404 counts as empty. */
    getSimpleList: build.query<SimpleList, SimpleListArg>({
      async queryFn({ kind, teamId }, _api, _extraOptions, baseQuery) {
        const response = await baseQuery(`/api/teams/${teamId}/${kind}s-simple`);
        if (response.error) {
          return errorStatus(response.error) === 404
            ? { data: EMPTY_SIMPLE_LIST }
            : { error: response.error };
        }
        return { data: unwrapResult(response.data as Envelope<SimpleList>) };
      },
      providesTags: (_result, _error, { kind }) => simpleListProvides(kind),
    }),

    /**
     * GET /api/teams/{teamId}/externals/links — `{linkedWithGithub, linkedWithSlack}`: the team's GitHub App
     * installation and its workspace's Slack bot. Tagged `ExternalLinks` (per team): the integration complete
     * pages invalidate it (`cacheTags.ts#INTEGRATION_TAGS`), so lists and pickers read the new flags.
     */
    getExternalLinks: build.query<ExternalLinks, number>({
      query: (teamId) => `/api/teams/${teamId}/externals/links`,
      transformResponse: unwrapResult<ExternalLinks>,
      providesTags: (_result, _error, teamId) => [externalLinksTag(teamId)],
    }),

    /** POST /api/teams/{teamId}/goals — 201 `{goalId}`. */
    createGoal: build.mutation<{ goalId: number }, CreateItemArg<CreateGoalRequest>>({
      query: ({ teamId, body }) => ({ url: `/api/teams/${teamId}/goals`, method: 'POST', body }),
      transformResponse: unwrapResult<{ goalId: number }>,
      invalidatesTags: (_result, error) => (error ? [] : staleAfterItemChange('goal')),
    }),

    /** POST /api/teams/{teamId}/issues — 201 `{issueId}`. */
    createIssue: build.mutation<{ issueId: number }, CreateItemArg<CreateIssueRequest>>({
      query: ({ teamId, body }) => ({ url: `/api/teams/${teamId}/issues`, method: 'POST', body }),
      transformResponse: unwrapResult<{ issueId: number }>,
      invalidatesTags: (_result, error) => (error ? [] : staleAfterItemChange('issue')),
    }),

    /**
     * POST /api/teams/{teamId}/externals — 201 `{externalId, sync}`. The body adds `extServiceType` and, for GITHUB,
     * `owner`, `repo` and `installationId` (all three, else 400 `GITHUB400_0`). The item is saved even when the
     * tool fails: `sync` says what happened there (`ok: false` with a Korean `message`; `url` = the GitHub issue
     * or the Slack message).
     */
    createExternal: build.mutation<CreateExternalResult, CreateItemArg<CreateExternalRequest>>({
      query: ({ teamId, body }) => ({ url: `/api/teams/${teamId}/externals`, method: 'POST', body }),
      transformResponse: unwrapResult<CreateExternalResult>,
      invalidatesTags: (_result, error) => (error ? [] : staleAfterItemChange('external')),
    }),
  }),
});

export const {
  useGetItemListInfiniteQuery,
  useDeleteItemsMutation,
  useGetSimpleListQuery,
  useGetExternalLinksQuery,
  useCreateGoalMutation,
  useCreateIssueMutation,
  useCreateExternalMutation,
} = itemsApi;
