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
import type { Grouping, ItemKind } from '../../contract/itemEnums';
import { KIND_FACTS, kindFactMap } from '../../contract/kinds';
import { baseApi, unwrapResult } from './baseApi';
import { externalLinksTag, itemListProvides, simpleListProvides } from './cacheTags';
import { staleAfterItemChange } from './itemChanges';
import { errorStatus } from './errors';
import { itemListRequest, unwrapEnvelope } from './requests';

/* Types only from contract/items (plus zod-free values from contract/itemEnums): zod never reaches the client. */

/** The API's path segment of each kind: `/api/teams/{teamId}/goals|issues|externals` (`KIND_FACTS[kind].segment`). */
export const ITEM_SEGMENTS = /*#__PURE__*/ kindFactMap('segment');

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

/** The POST body of each kind (spec §7; contract/items.ts). */
export interface CreateItemBodies {
  goal: CreateGoalRequest;
  issue: CreateIssueRequest;
  external: CreateExternalRequest;
}

/**
 * `createItem`'s argument: the kind, its team and that kind's body — a union over the kinds, so a goal body with
 * `kind: 'external'` does not compile. `CreateItemArg<K>` is one kind's member.
 */
export type CreateItemArg<K extends ItemKind = ItemKind> = {
  [P in K]: { kind: P; teamId: number; body: CreateItemBodies[P] };
}[K];

/**
 * A created item: its id (the response's `goalId` / `issueId` / `externalId`) and, for externals, what happened on
 * the linked tool (`createExternalResponseSchema`'s `sync`; null for goals and issues).
 */
export interface CreatedItem {
  id: number;
  sync: ExternalSync | null;
}

/** The response of `POST /api/teams/{teamId}/goals|issues|externals` (contract/items.ts `create*ResponseSchema`). */
type CreateResponse = Partial<Record<'goalId' | 'issueId' | 'externalId', number>> & { sync?: ExternalSync };

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
      query: ({ queryArg, pageParam }) => itemListRequest(queryArg, pageParam),
      transformResponse: unwrapEnvelope<ListPage>,
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
        body: { [KIND_FACTS[kind].idsKey]: ids },
      }),
      transformResponse: unwrapResult<DeleteItemsResult>,
      invalidatesTags: (_result, error, { kind, ids }) => (error ? [] : staleAfterItemChange(kind, ids)),
    }),

    /** GET /api/teams/{teamId}/goals-simple|issues-simple — `{cnt, info: [{id, title}]}`; a 404 counts as empty. */
    getSimpleList: build.query<SimpleList, SimpleListArg>({
      async queryFn({ kind, teamId }, _api, _extraOptions, baseQuery) {
        const response = await baseQuery(`/api/teams/${teamId}/${KIND_FACTS[kind].simplePath}`);
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

    /**
     * POST /api/teams/{teamId}/goals|issues|externals (spec §7; three wire routes, one endpoint) — 201 with
     * `{goalId}`, `{issueId}` or `{externalId, sync}`, read back as `{ id, sync }`. An external's body adds
     * `extServiceType` and, for GITHUB, `owner`, `repo` and `installationId` (all three, else 400 `GITHUB400_0`). The
     * external is saved even when the tool fails: `sync` says what happened there (`ok: false` with a Korean
     * `message`; `url` = the GitHub issue or the Slack message).
     */
    createItem: build.mutation<CreatedItem, CreateItemArg>({
      query: ({ kind, teamId, body }) => ({
        url: `/api/teams/${teamId}/${KIND_FACTS[kind].segment}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<CreateResponse>, _meta, { kind }): CreatedItem => {
        const result = unwrapResult(response);
        return { id: result[KIND_FACTS[kind].idKey]!, sync: result.sync ?? null };
      },
      invalidatesTags: (_result, error, { kind }) => (error ? [] : staleAfterItemChange(kind)),
    }),
  }),
});

export const {
  useGetItemListInfiniteQuery,
  useDeleteItemsMutation,
  useGetSimpleListQuery,
  useGetExternalLinksQuery,
  useCreateItemMutation,
} = itemsApi;
