import type { CommentCategory, CommentList, ItemDetail } from '../../../../contract/items';
import type { ItemKind } from '../../../../contract/itemEnums';
import { kindFactMap } from '../../../../contract/kinds';
import { itemKindOfSegment } from '../../../app/paths';
import { fetchEnvelopeResult } from '../../../shared/lib/earlyFetch';
import { LIST_SEGMENTS, routeTeamId } from '../list/firstListPage';

/*
 * An item's detail, requested by the early script (src/early.ts, app/earlyStart.ts) right after the session
 * renewal, for a fresh tab opened directly at a detail URL (docs/performance.md "App start", "Opening an item
 * directly"): the detail and its comments, the two queries the detail page reads at its first paint. Goals, issues
 * and externals share one item model (docs/product.md "Item detail"), so one path serves the three kinds. The
 * detail routes' loader hands the answers to RTK Query (detail/prefetchItemDetail.ts, through
 * features/items/earlyResponse.ts, as the list's first page). No Redux and no RTK Query here: this module is
 * in the early script.
 */

/** The item a detail URL shows: RTK Query's `getItemDetail` argument (src/api/itemDetailApi.ts). */
export interface DetailUrl {
  kind: ItemKind;
  teamId: number;
  id: number;
}

/**
 * The view and edit routes of app/router.tsx: `/workspace/(default/)team/:teamId/issue|goal|ext/:id(/edit)`. The
 * create route (`…/detail/create`) loads no item.
 */
const DETAIL_PATH = /^\/workspace\/(?:default\/)?team\/([^/]+)\/(issue|goal|ext)\/([^/]+)(?:\/edit)?\/?$/;

/** A detail URL: the item, and whether the page views it (with its comments) or edits it (without). */
export interface DetailRoute extends DetailUrl {
  mode: 'view' | 'edit';
}

/**
 * The item a URL opens (view or edit), or null when it is no detail route or an id is not a positive integer
 * (`routeTeamId`'s rule, which the page applies to both ids).
 */
export function matchDetailUrl(pathname: string): DetailRoute | null {
  const match = DETAIL_PATH.exec(pathname);
  if (!match) return null;
  const teamId = routeTeamId(match[1]);
  const kind = itemKindOfSegment(match[2]);
  const id = routeTeamId(match[3]);
  const mode = /\/edit\/?$/.test(pathname) ? 'edit' : 'view';
  return kind && teamId !== null && id !== null ? { kind, teamId, id, mode } : null;
}

/**
 * GET path of a detail (the same as `detailPath` in src/api/itemDetailApi.ts): goals and issues by id alone,
 * externals under their team.
 */
export function earlyDetailPath({ kind, teamId, id }: DetailUrl): string {
  if (kind === 'external') return `/api/teams/${teamId}/externals/${id}`;
  return `/api/${LIST_SEGMENTS[kind]}/${id}`;
}

/** Comment category per item kind (`KIND_FACTS[kind].category`, as `COMMENT_CATEGORY` in src/api/cacheTags.ts). */
export const EARLY_COMMENT_CATEGORY: Readonly<Record<ItemKind, CommentCategory>> = kindFactMap('category');

/** RTK Query's `getComments` argument for the comments of the item at `url`. */
export const commentsArgOf = ({ kind, id }: DetailUrl) => ({
  category: EARLY_COMMENT_CATEGORY[kind],
  targetId: id,
});

/** One response fetched for one of RTK Query's cache entries: its argument, the token it was made with, the value. */
export interface EarlyResponse<Arg, Value> {
  arg: Arg;
  accessToken: string;
  value: Value;
}

/**
 * The detail page's first data, requested by the early script: the detail, and in view mode the comments
 * (CommentsSection), two requests that leave together. Edit mode shows no comments: `comments` is null there.
 */
export interface FirstDetail {
  detail: Promise<EarlyResponse<DetailUrl, ItemDetail> | null>;
  comments: Promise<EarlyResponse<ReturnType<typeof commentsArgOf>, CommentList> | null>;
}

const isItemDetail =
  (id: number) =>
  (result: unknown): result is ItemDetail =>
    typeof result === 'object' &&
    result !== null &&
    (result as ItemDetail).id === id &&
    typeof (result as ItemDetail).title === 'string';

const isCommentList = (result: unknown): result is CommentList =>
  typeof result === 'object' && result !== null && Array.isArray((result as CommentList).info);

/**
 * GET the detail of the item at `url` and (view mode) its comments with `accessToken`, the way RTK Query's
 * `getItemDetail` and `getComments` would. Each promise is null for anything but a successful envelope (a 401 or
 * a 404 included: the page then loads the detail the usual way — renewing, retrying, or showing its 404).
 */
export function fetchFirstDetail(
  url: DetailRoute,
  accessToken: string,
  fetchImpl: typeof fetch = fetch,
): FirstDetail {
  const arg: DetailUrl = { kind: url.kind, teamId: url.teamId, id: url.id };
  const commentsArg = commentsArgOf(url);
  const commentsUrl = `/api/comments?category=${commentsArg.category}&targetId=${commentsArg.targetId}`;
  return {
    detail: fetchEnvelopeResult(earlyDetailPath(arg), accessToken, isItemDetail(arg.id), fetchImpl).then(
      (value) => (value ? { arg, accessToken, value } : null),
    ),
    comments:
      url.mode === 'view'
        ? fetchEnvelopeResult(commentsUrl, accessToken, isCommentList, fetchImpl).then((value) =>
            value ? { arg: commentsArg, accessToken, value } : null,
          )
        : Promise.resolve(null),
  };
}
