import type { ItemKind } from '../../../../contract/itemEnums';
import { itemsApi, type ItemListArg } from '../../../api/itemsApi';
import type { AppStore } from '../../../app/hooks';
import { selectHasWorkspace } from '../../invite';
import { selectAccessToken, selectSignedIn } from '../../session';
import { INITIAL_GROUPING, routeTeamId, type FirstListPage } from './firstListPage';

/*
 * The list routes' loader (app/router.tsx) calls this as soon as the store is ready, in parallel with the lazy
 * route chunks (docs/architecture.md "Session"), so the list's first page is there — or on its way — before the list page's
 * code has even arrived:
 * - on a fresh tab the entry has already requested it (list/firstListPage.ts): its answer goes into RTK Query's
 *   cache as the `getItemList` entry the page reads;
 * - otherwise (in-app navigation, or the entry's request failed) the query is started here, and
 *   `useGetItemListInfiniteQuery` with the same argument joins it when the page mounts (RTK Query keys the cache by
 *   argument and never sends a second request while one is pending).
 */

/** How long (ms) the loader waits for the entry's request before asking RTK Query for the page itself. */
export const FIRST_PAGE_WAIT_MS = 300;

function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

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
  const teamId = routeTeamId(teamIdParam);
  if (teamId === null) return 'none';
  // The `/workspace` guard lets only a signed-in member with a workspace through.
  const allowed = () => {
    const state = store.getState();
    return selectHasWorkspace(state) && selectSignedIn(state);
  };
  if (!allowed()) return 'none';
  const arg: ItemListArg = { kind, teamId, grouping: INITIAL_GROUPING };

  const first = fromEntry ? await within(fromEntry, FIRST_PAGE_WAIT_MS) : null;
  if (!allowed()) return 'none';
  const token = selectAccessToken(store.getState());
  if (first && token && first.kind === kind && first.teamId === teamId && first.accessToken === token) {
    store.dispatch(
      itemsApi.util.upsertQueryEntries([
        { endpointName: 'getItemList', arg, value: { pages: [first.page], pageParams: [null] } },
      ]),
    );
    return 'entry';
  }

  const request = store.dispatch(itemsApi.endpoints.getItemList.initiate(arg));
  // The loader holds no subscription: the page subscribes when it mounts, and an entry nobody subscribes to is
  // kept for RTK Query's `keepUnusedDataFor` (60 s), longer than any chunk takes.
  request.unsubscribe();
  return 'query';
}
