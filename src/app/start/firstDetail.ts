import type { CommentList, ItemDetail } from '../../../contract/items';
import {
  commentsArgOf,
  commentsRequest,
  isCommentList,
  isItemDetailOf,
  itemDetailRequest,
  type CommentsRequestArg,
  type ItemDetailRequestArg,
} from '../../api/requests';
import { matchItemRoute } from '../itemRoutes';
import { earlyResult } from './firstListPage';

/*
 * An item's detail, requested by the early script (start/earlyStart.ts) right after the session renewal, for a
 * fresh tab opened directly at a detail URL (docs/performance.md "App start", "Opening an item directly"): the
 * detail and its comments, the two queries the detail page reads at its first paint. Goals, issues and externals
 * share one item model (docs/product.md "Item detail"), so one path serves the three kinds. The detail routes'
 * loader hands the answers to RTK Query (start/prefetchItemDetail.ts, through start/earlyResponse.ts, as the
 * list's first page). The requests are RTK Query's `getItemDetail` and `getComments` requests
 * (src/api/requests.ts). No Redux and no RTK Query here: this module is in the early script.
 */

/** The item a detail URL shows: RTK Query's `getItemDetail` argument (src/api/itemDetailApi.ts). */
export type DetailUrl = ItemDetailRequestArg;

/** A detail URL: the item, and whether the page views it (with its comments) or edits it (without). */
export interface DetailRoute extends DetailUrl {
  mode: 'view' | 'edit';
}

/**
 * The item a URL opens (the view and edit routes of app/paths.ts), or null when it is no detail route or an id is
 * not a positive integer (`routeId`'s rule, which the page applies to both ids). The create route loads no item.
 */
export function matchDetailUrl(pathname: string): DetailRoute | null {
  const match = matchItemRoute(pathname, ['view', 'edit']);
  if (!match || match.id === null) return null;
  return {
    kind: match.kind,
    teamId: match.teamId,
    id: match.id,
    mode: match.mode === 'edit' ? 'edit' : 'view',
  };
}

export { commentsArgOf };

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
  comments: Promise<EarlyResponse<CommentsRequestArg, CommentList> | null>;
}

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
  return {
    detail: earlyResult(itemDetailRequest(arg), accessToken, isItemDetailOf(arg.id), fetchImpl).then(
      (value) => (value ? { arg, accessToken, value } : null),
    ),
    comments:
      url.mode === 'view'
        ? earlyResult(commentsRequest(commentsArg), accessToken, isCommentList, fetchImpl).then((value) =>
            value ? { arg: commentsArg, accessToken, value } : null,
          )
        : Promise.resolve(null),
  };
}
