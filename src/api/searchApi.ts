import type { SearchHit, SearchMatch, SearchResult } from '../../contract/search';
import { ITEM_KINDS, type ItemKind } from '../../contract/itemEnums';
import { baseApi, unwrapResult } from './baseApi';
import { itemListTag, type CacheTag } from './cacheTags';

/*
 * Workspace search (docs/product.md "Search"): `GET /api/search`, the command palette's search-as-you-type
 * (src/features/search/CommandPalette.tsx). Types only from contract/search.ts: zod never reaches the client.
 */

export type { SearchHit, SearchMatch, SearchResult };

export interface SearchArg {
  q: string;
  kinds?: readonly ItemKind[];
  teamId?: number;
  limit?: number;
}

/** How many hits the palette asks for. */
export const SEARCH_LIMIT = 20;

/**
 * The server takes 1–50 characters (contract/search.ts `SEARCH_QUERY_MAX`, a value of a zod module the client may
 * not import): a longer paste searches by its first 50 instead of failing.
 */
const QUERY_MAX = 50;


export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/search?q=&kinds=&teamId=&limit= — hits ranked by the server, over the caller's workspace. */
    search: build.query<SearchResult, SearchArg>({
      query: ({ q, kinds, teamId, limit = SEARCH_LIMIT }) => ({
        url: '/api/search',
        params: {
          q: Array.from(q.trim()).slice(0, QUERY_MAX).join(''),
          limit,
          ...(kinds && kinds.length > 0 ? { kinds: kinds.join(',') } : {}),
          ...(teamId !== undefined ? { teamId } : {}),
        },
      }),
      transformResponse: unwrapResult<SearchResult>,
      // Hits show titles, names and states: any change of items of a searched kind makes them stale (the live
      // stream invalidates the same list tags).
      providesTags: (_result, _error, { kinds }): CacheTag[] => (kinds ?? ITEM_KINDS).map(itemListTag),
      // Typed queries are many and short-lived: keep a few seconds for going back a character, not a minute.
      keepUnusedDataFor: 10,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
