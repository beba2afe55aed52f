import { retry } from '@reduxjs/toolkit/query/react';
import type { Envelope } from '../../contract/envelope';
import type {
  CommentCategory,
  CommentList,
  ItemDetail,
  UpdateGoalRequest,
  UpdateIssueRequest,
} from '../../contract/items';
import type { ItemKind } from '../../contract/itemEnums';
import { KIND_FACTS } from '../../contract/kinds';
import { baseApi, unwrapResult } from './baseApi';
import { baseQueryWithReissue } from './baseQuery';
import {
  COMMENT_CATEGORY,
  commentsTag,
  itemDetailProvides,
  itemNameTag,
  staleAfterComment,
} from './cacheTags';
import { staleAfterItemChange } from './itemChanges';
import { errorStatus } from './errors';
import { commentsRequest, itemDetailRequest, unwrapEnvelope } from './requests';

/*
 * Item details, updates, comments and name previews (docs/product.md "Item detail", "Comments"). Types come from
 * contract/items.ts (types only: zod never reaches the client); the ones re-exported here keep the item screens'
 * imports short.
 */

export type { CommentCategory, CommentList, ItemDetail };
export { COMMENT_CATEGORY };

/** A partial update (PATCH): only the fields present change. `managersId: []` clears; `goalId: null` clears. */
export type ItemPatch = UpdateGoalRequest & UpdateIssueRequest;

/** Deadline sides of an update: `YYYY-MM-DD`, or the text `'null'` to clear that side; absent = unchanged. */
export type DeadlinePatch = NonNullable<ItemPatch['deadline']>;

export interface ItemDetailArg {
  kind: ItemKind;
  teamId: number;
  id: number;
}

export interface UpdateItemArg extends ItemDetailArg {
  patch: ItemPatch;
}

export interface CommentsArg {
  category: CommentCategory;
  targetId: number;
}

export interface CreateCommentArg extends CommentsArg {
  content: string;
}

/** Name preview path: `goal-name`, `issue-name`, `externals/external-name` (`KIND_FACTS[kind].namePath`). */
export function itemNamePath(kind: ItemKind, teamId: number): string {
  return `/api/teams/${teamId}/${KIND_FACTS[kind].namePath}`;
}

/** Detail reads: no retry on 404, otherwise up to 2 retries (docs/product.md "Errors and messages"). */
const detailBaseQuery = retry(
  async (args: string, api, extraOptions) => {
    const result = await baseQueryWithReissue(args, api, extraOptions);
    if (result.error && errorStatus(result.error) === 404) retry.fail(result.error, result.meta);
    return result;
  },
  { maxRetries: 2 },
);

export const itemDetailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/goals/{id} · /api/issues/{id} · /api/teams/{teamId}/externals/{id}. */
    getItemDetail: build.query<ItemDetail, ItemDetailArg>({
      async queryFn(arg, api, extraOptions) {
        const response = await detailBaseQuery(itemDetailRequest(arg).url, api, extraOptions);
        if (response.error) return { error: response.error };
        return { data: unwrapEnvelope(response.data as Envelope<ItemDetail>) };
      },
      providesTags: (_result, _error, { kind, id }) => itemDetailProvides(kind, id),
    }),

    /**
     * PATCH /api/teams/{teamId}/goals|issues|externals/{id} — partial; refreshes that detail and every list and
     * detail that shows it (`staleAfterItemChange`).
     */
    updateItem: build.mutation<unknown, UpdateItemArg>({
      query: ({ kind, teamId, id, patch }) => ({
        url: `/api/teams/${teamId}/${KIND_FACTS[kind].segment}/${id}`,
        method: 'PATCH',
        body: patch,
      }),
      transformResponse: unwrapResult<unknown>,
      invalidatesTags: (_result, error, { kind, id }) => (error ? [] : staleAfterItemChange(kind, [id])),
    }),

    /** GET /api/teams/{teamId}/goal-name|issue-name|externals/external-name — the next generated name. */
    getItemName: build.query<string, { kind: ItemKind; teamId: number }>({
      query: ({ kind, teamId }) => itemNamePath(kind, teamId),
      transformResponse: unwrapResult<string>,
      providesTags: (_result, _error, { kind }) => [itemNameTag(kind)],
    }),

    /** GET /api/comments?category=&targetId= — `{cnt, info}`. */
    getComments: build.query<CommentList, CommentsArg>({
      query: commentsRequest,
      transformResponse: unwrapEnvelope<CommentList>,
      providesTags: (_result, _error, { category, targetId }) => [commentsTag(category, targetId)],
    }),

    /** POST /api/comments `{content, category, targetId}`; the list refetches. */
    createComment: build.mutation<unknown, CreateCommentArg>({
      query: (body) => ({ url: '/api/comments', method: 'POST', body }),
      transformResponse: unwrapResult<unknown>,
      invalidatesTags: (_result, error, { category, targetId }) =>
        error ? [] : staleAfterComment(category, targetId),
    }),
  }),
});

export const {
  useGetItemDetailQuery,
  useUpdateItemMutation,
  useGetItemNameQuery,
  useGetCommentsQuery,
  useCreateCommentMutation,
} = itemDetailApi;

/** Comments are read only for a finite numeric target id. */
export const commentsEnabled = (targetId: number | null | undefined): targetId is number =>
  typeof targetId === 'number' && Number.isFinite(targetId);
