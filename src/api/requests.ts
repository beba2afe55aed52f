import type { ReissueResult } from '../../contract/auth';
import type { Envelope } from '../../contract/envelope';
import type { CommentCategory, CommentList, ItemDetail, ListPage } from '../../contract/items';
import { LIST_PAGE_SIZE, type Grouping, type ItemKind } from '../../contract/itemEnums';
import { kindFacts } from '../../contract/kinds';

/*
 * Request builders of the endpoints the app requests before RTK Query exists (docs/architecture.md "Decisions and
 * deviations", "Early requests"): one URL, query and envelope unwrap per endpoint, used both by RTK Query's
 * `query` / `transformResponse` (sessionApi.ts, itemsApi.ts, itemDetailApi.ts) and by the early script
 * (src/app/start/, through `earlyRequest`). Zod-free, React-free and Redux-free, with type-only imports from
 * contract/ besides the zod-free itemEnums.ts and kinds.ts: the early script, a few KB that runs while the HTML is
 * parsed, imports this module.
 */

/** One request, as RTK Query's `fetchBaseQuery` takes it (`FetchArgs`); `params` become the query string. */
export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST';
  params?: Record<string, string | number>;
}

/** `transformResponse` of an endpoint: the envelope's `result` (contract/envelope.ts). */
export function unwrapEnvelope<T>(envelope: Envelope<T>): T {
  return envelope.result;
}

/** The grouping a list opens with (ItemListPage's initial state, and what the early first page asks for). */
export const INITIAL_GROUPING: Grouping = 'STATE';

/** `getItemList`'s argument (src/api/itemsApi.ts). */
export interface ItemListRequestArg {
  kind: ItemKind;
  teamId: number;
  grouping: Grouping;
}

/**
 * GET /api/teams/{teamId}/goals|issues|externals?query&size(&cursor) — one page of a grouped list
 * (docs/product.md "Grouped lists"); the first page without `cursor`.
 */
export function itemListRequest(
  { kind, teamId, grouping }: ItemListRequestArg,
  cursor: string | null = null,
): RequestArgs {
  return {
    url: `/api/teams/${teamId}/${kindFacts(kind).segment}`,
    params: { query: grouping, size: LIST_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  };
}

/** Whether an envelope's result is a list page (the early script's check before it hands it over). */
export const isListPage = (result: unknown): result is ListPage =>
  typeof result === 'object' && result !== null && Array.isArray((result as ListPage).data);

/** `getItemDetail`'s argument (src/api/itemDetailApi.ts). */
export interface ItemDetailRequestArg {
  kind: ItemKind;
  teamId: number;
  id: number;
}

/** GET /api/goals/{id} · /api/issues/{id} · /api/teams/{teamId}/externals/{id}: goals and issues by id alone. */
export function itemDetailRequest({ kind, teamId, id }: ItemDetailRequestArg): RequestArgs {
  const { segment } = kindFacts(kind);
  return { url: kind === 'external' ? `/api/teams/${teamId}/${segment}/${id}` : `/api/${segment}/${id}` };
}

/** Whether an envelope's result is the detail of item `id`. */
export const isItemDetailOf =
  (id: number) =>
  (result: unknown): result is ItemDetail =>
    typeof result === 'object' &&
    result !== null &&
    (result as ItemDetail).id === id &&
    typeof (result as ItemDetail).title === 'string';

/** `getComments`'s argument (src/api/itemDetailApi.ts). */
export interface CommentsRequestArg {
  category: CommentCategory;
  targetId: number;
}

/** The comments argument of an item: its kind's category (contract/kinds.ts) and its id. */
export const commentsArgOf = ({
  kind,
  id,
}: {
  kind: ItemKind;
  id: number;
  teamId?: number;
}): CommentsRequestArg => ({
  category: kindFacts(kind).category,
  targetId: id,
});

/** GET /api/comments?category=&targetId= — `{cnt, info}`. */
export function commentsRequest({ category, targetId }: CommentsRequestArg): RequestArgs {
  return { url: '/api/comments', params: { category, targetId } };
}

/** Whether an envelope's result is a comment list. */
export const isCommentList = (result: unknown): result is CommentList =>
  typeof result === 'object' && result !== null && Array.isArray((result as CommentList).info);

/** POST /api/token/reissue — with the HttpOnly refresh cookie; answers `{ accessToken }`. */
export function reissueRequest(): RequestArgs {
  return { url: '/api/token/reissue', method: 'POST' };
}

/** The access token of a reissue envelope, or null when it carries none (counts as signed out). */
export function reissuedToken(envelope: Partial<Envelope<Partial<ReissueResult>>> | null): string | null {
  const accessToken = envelope?.result?.accessToken;
  return typeof accessToken === 'string' && accessToken.length > 0 ? accessToken : null;
}

/** The URL `args` is sent to: `url`, then `params` as a query string, as `fetchBaseQuery` builds it. */
export function requestUrl({ url, params }: RequestArgs): string {
  if (!params) return url;
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/**
 * The early script's one `fetch` (src/app/start/): sends `args` with the cookies and, when given, `Authorization:
 * Bearer {accessToken}` — what RTK Query's base query sends for the same endpoint (src/api/baseQuery.ts). Resolves
 * to the raw response (the caller reads its status); rejects on a network error, like `fetch`.
 */
export function earlyRequest(
  args: RequestArgs,
  accessToken: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  return fetchImpl(requestUrl(args), {
    ...(args.method && args.method !== 'GET' ? { method: args.method } : {}),
    credentials: 'include',
    ...(accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {}),
  });
}

/**
 * The unwrapped result (`unwrapEnvelope`) of a successful envelope in `response` whose result passes `isValid`, else
 * null: an answer that is not 2xx, a failed envelope, a body that is no JSON or not the expected shape.
 */
export async function readEnvelopeResult<T>(
  response: Response,
  isValid: (result: unknown) => result is T,
): Promise<T | null> {
  if (!response.ok) return null;
  try {
    const body = (await response.json()) as Envelope<unknown> | null;
    if (!body?.isSuccess) return null;
    const result = unwrapEnvelope(body);
    return isValid(result) ? result : null;
  } catch {
    return null;
  }
}
