import type { ItemKind } from '../../../contract/itemEnums';
import { itemsApi, type ItemListArg } from '../../api/itemsApi';
import { INITIAL_GROUPING } from '../../api/requests';
import type { AppStore } from '../hooks';
import { routeId } from '../paths';
import { EARLY_RESPONSE_WAIT_MS, takeOverEarlyResponse } from './earlyResponse';
import type { FirstListPage } from './firstListPage';

/*
 * The list routes' loader (app/router.tsx) calls this as soon as the store is ready, in parallel with the lazy
 * route chunks (docs/architecture.md "Session"), so the list's first page is there — or on its way — before the list page's
 * code has even arrived: on a fresh tab the early script has already requested it (start/firstListPage.ts) and its
 * answer goes into RTK Query's cache as the `getItemList` entry the page reads; otherwise the query is started
 * here and the page's `useGetItemListInfiniteQuery` joins it (start/earlyResponse.ts, the hand-off the
 * detail routes share).
 */

/** How long (ms) the loader waits for the entry's request before asking RTK Query for the page itself. */
export const FIRST_PAGE_WAIT_MS = EARLY_RESPONSE_WAIT_MS;

/**
 * Loads the first page of the `kind` list of team `teamIdParam` with the initial grouping: from the entry's
 * request `fromEntry` when it is for this list, answered within `FIRST_PAGE_WAIT_MS` and was made with the token
 * the store holds now; else through RTK Query. Nothing when the id is not valid or the `/workspace` guard is about
 * to send the visitor to sign in (no session or no workspace, features/workspace/RequireWorkspaceSession.tsx).
 * Resolves to how the page was provided.
 */
export async function prefetchItemList(
  store: AppStore,
  kind: ItemKind,
  teamIdParam: string | undefined,
  fromEntry?: Promise<FirstListPage | null> | null,
): Promise<'entry' | 'query' | 'none'> {
  const teamId = routeId(teamIdParam);
  if (teamId === null) return 'none';
  const arg: ItemListArg = { kind, teamId, grouping: INITIAL_GROUPING };
  return takeOverEarlyResponse(
    store,
    fromEntry,
    {
      matches: (first) => first.kind === kind && first.teamId === teamId,
      store: (first) =>
        store.dispatch(
          itemsApi.util.upsertQueryEntries([
            { endpointName: 'getItemList', arg, value: { pages: [first.page], pageParams: [null] } },
          ]),
        ),
      request: () => store.dispatch(itemsApi.endpoints.getItemList.initiate(arg)),
    },
    FIRST_PAGE_WAIT_MS,
  );
}
