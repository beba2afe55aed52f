import { retry } from '@reduxjs/toolkit/query/react';
import type { Envelope } from '../../contract/envelope';
import type { ExternalLink, GoalRef, ListItem } from '../../contract/items';
import type { ItemKind } from '../../contract/itemEnums';
import { baseApi, unwrapResult } from './baseApi';
import { baseQueryWithReissue } from './baseQuery';
import { errorStatus } from './errors';
import { ITEM_SEGMENTS, ITEM_TAGS } from './itemsApi';

/*
 * Item details, updates, comments and name previews (spec §7 "Detail and comments"). Types are declared here to
 * match `contract/items.ts#itemDetailSchema` and the update/comment schemas (types only; zod never reaches the
 * client).
 */

/** `{cnt, info: [{id, title}]}` — the issues of a goal. */
export interface ItemRefs {
  cnt: number;
  info: GoalRef[];
}

/** A detail: the list item fields plus description, team and — per kind — issues (goals) / goal / ext tool. */
export interface ItemDetail extends ListItem {
  content: string;
  teamId: number;
  teamName: string;
  updatedAt: string;
  /** Goals only. */
  issues?: ItemRefs | null;
  /** Externals: the GitHub issue / Slack message made at creation (absent from older servers = none). */
  externalLink?: ExternalLink | null;
}

/** Deadline sides of an update: `YYYY-MM-DD`, or the text `'null'` to clear that side; absent = unchanged. */
export interface DeadlinePatch {
  start?: string;
  end?: string;
}

/** A partial update (PATCH): only the fields present change. `managersId: []` clears; `goalId: null` clears. */
export interface ItemPatch {
  title?: string;
  content?: string;
  state?: ListItem['state'];
  priority?: ListItem['priority'];
  managersId?: number[];
  deadline?: DeadlinePatch;
  goalId?: number | null;
  issuesId?: number[];
}

export interface ItemDetailArg {
  kind: ItemKind;
  teamId: number;
  id: number;
}

export interface UpdateItemArg extends ItemDetailArg {
  patch: ItemPatch;
}

export type CommentCategory = 'ISSUE' | 'GOAL' | 'EXTERNAL';

export const COMMENT_CATEGORY: Record<ItemKind, CommentCategory> = {
  goal: 'GOAL',
  issue: 'ISSUE',
  external: 'EXTERNAL',
};

export interface ItemComment {
  id: number;
  profileUrl: string | null;
  name: string;
  createdAt: string;
  content: string;
}

export interface CommentList {
  cnt: number;
  info: ItemComment[];
}

export interface CommentsArg {
  category: CommentCategory;
  targetId: number;
}

export interface CreateCommentArg extends CommentsArg {
  content: string;
}

/** GET path of a detail: goals and issues by id alone; externals under their team. */
export function detailPath({ kind, teamId, id }: ItemDetailArg): string {
  if (kind === 'external') return `/api/teams/${teamId}/externals/${id}`;
  return `/api/${ITEM_SEGMENTS[kind]}/${id}`;
}

/** Name preview path: `goal-name`, `issue-name`, `externals/external-name`. */
export function itemNamePath(kind: ItemKind, teamId: number): string {
  return kind === 'external'
    ? `/api/teams/${teamId}/externals/external-name`
    : `/api/teams/${teamId}/${kind}-name`;
}

/** Detail reads: no retry on 404, otherwise up to 2 retries (spec §8). */
const detailBaseQuery = retry(
  async (args: string, api, extraOptions) => {
    const result = await baseQueryWithReissue(args, api, extraOptions);
    if (result.error && errorStatus(result.error) === 404) retry.fail(result.error, result.meta);
    return result;
  },
  { maxRetries: 2 },
);

const detailTag = (kind: ItemKind, id: number) => ({ type: ITEM_TAGS[kind], id });

export const itemDetailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/goals/{id} · /api/issues/{id} · /api/teams/{teamId}/externals/{id}. */
    getItemDetail: build.query<ItemDetail, ItemDetailArg>({
      async queryFn(arg, api, extraOptions) {
        const response = await detailBaseQuery(detailPath(arg), api, extraOptions);
        if (response.error) return { error: response.error };
        return { data: unwrapResult(response.data as Envelope<ItemDetail>) };
      },
      providesTags: (_result, _error, { kind, id }) => [detailTag(kind, id)],
    }),

    /** PATCH /api/teams/{teamId}/goals|issues|externals/{id} — partial; refreshes that detail and the lists. */
    updateItem: build.mutation<unknown, UpdateItemArg>({
      query: ({ kind, teamId, id, patch }) => ({
        url: `/api/teams/${teamId}/${ITEM_SEGMENTS[kind]}/${id}`,
        method: 'PATCH',
        body: patch,
      }),
      transformResponse: unwrapResult<unknown>,
      invalidatesTags: (_result, error, { kind, id }) => {
        if (error) return [];
        const tags = [
          detailTag(kind, id),
          { type: ITEM_TAGS[kind], id: 'LIST' },
          { type: 'SimpleList' as const, id: kind },
        ];
        // Goal titles show on issue/external rows and details; issue changes show on goal details.
        if (kind === 'goal') {
          tags.push({ type: ITEM_TAGS.issue, id: 'LIST' }, { type: ITEM_TAGS.external, id: 'LIST' });
        } else {
          tags.push({ type: ITEM_TAGS.goal, id: 'LIST' });
        }
        return tags;
      },
    }),

    /** GET /api/teams/{teamId}/goal-name|issue-name|externals/external-name — the next generated name. */
    getItemName: build.query<string, { kind: ItemKind; teamId: number }>({
      query: ({ kind, teamId }) => itemNamePath(kind, teamId),
      transformResponse: unwrapResult<string>,
      providesTags: (_result, _error, { kind }) => [{ type: 'ItemName', id: kind }],
    }),

    /** GET /api/comments?category=&targetId= — `{cnt, info}`. */
    getComments: build.query<CommentList, CommentsArg>({
      query: ({ category, targetId }) => ({ url: '/api/comments', params: { category, targetId } }),
      transformResponse: unwrapResult<CommentList>,
      providesTags: (_result, _error, { category, targetId }) => [
        { type: 'Comment', id: `${category}-${targetId}` },
      ],
    }),

    /** POST /api/comments `{content, category, targetId}`; the list refetches. */
    createComment: build.mutation<unknown, CreateCommentArg>({
      query: (body) => ({ url: '/api/comments', method: 'POST', body }),
      transformResponse: unwrapResult<unknown>,
      invalidatesTags: (_result, error, { category, targetId }) =>
        error ? [] : [{ type: 'Comment', id: `${category}-${targetId}` }],
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

/** Comments are read only for a finite numeric target id (spec §2). */
export const commentsEnabled = (targetId: number | null | undefined): targetId is number =>
  typeof targetId === 'number' && Number.isFinite(targetId);
