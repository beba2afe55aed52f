import type { ListPage } from '../../../contract/items';
import type { ItemKind } from '../../../contract/itemEnums';
import {
  earlyRequest,
  INITIAL_GROUPING,
  isListPage,
  itemListRequest,
  readEnvelopeResult,
  type RequestArgs,
} from '../../api/requests';
import { noteEventMarkOf } from '../../shared/lib/eventMarks';
import { matchItemRoute } from '../itemRoutes';

/*
 * The first page of a list, requested by the early script (start/earlyStart.ts) before React, the router and the
 * store are evaluated (docs/architecture.md "Session"); the list route's loader hands it to RTK Query
 * (start/prefetchItemList.ts). The request is RTK Query's `getItemList` request (src/api/requests.ts). No Redux and
 * no RTK Query here: this module is in the early script.
 */

export interface ListUrl {
  kind: ItemKind;
  teamId: number;
}

/** The list a URL opens (a list route of app/paths.ts), or null when it is no list route or the team id is not valid. */
export function matchListUrl(pathname: string): ListUrl | null {
  const match = matchItemRoute(pathname, ['list']);
  return match ? { kind: match.kind, teamId: match.teamId } : null;
}

/** A first page fetched with `accessToken`. */
export interface FirstListPage extends ListUrl {
  accessToken: string;
  page: ListPage;
}

/**
 * GET `args` with `accessToken` (`earlyRequest`) and return the envelope's result when it is a successful envelope
 * whose result passes `isValid`. Null for anything else — a 401, a 404, a failed envelope, a network error —: the
 * page then loads the data the usual way (which renews, retries and shows its own errors). A successful answer's
 * `x-event-mark` is noted for the live stream (shared/lib/eventMarks.ts).
 */
export async function earlyResult<T>(
  args: RequestArgs,
  accessToken: string,
  isValid: (result: unknown) => result is T,
  fetchImpl: typeof fetch = fetch,
): Promise<T | null> {
  try {
    const response = await earlyRequest(args, accessToken, fetchImpl);
    if (response.ok) noteEventMarkOf(response);
    return await readEnvelopeResult(response, isValid);
  } catch {
    return null;
  }
}

/**
 * GET the first page of the list (initial grouping, one page) the way RTK Query's `getItemList` would. Null for
 * anything but a successful envelope (a 401 included: the page then loads the list the usual way, which renews).
 */
export async function fetchFirstListPage(
  { kind, teamId }: ListUrl,
  accessToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<FirstListPage | null> {
  const args = itemListRequest({ kind, teamId, grouping: INITIAL_GROUPING });
  const page = await earlyResult(args, accessToken, isListPage, fetchImpl);
  return page ? { kind, teamId, accessToken, page } : null;
}
