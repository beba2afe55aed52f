import type { ItemKind } from '../../../contract/itemEnums';
import { itemDetailApi, type CommentsArg, type ItemDetailArg } from '../../api/itemDetailApi';
import { commentsArgOf } from '../../api/requests';
import type { AppStore } from '../hooks';
import { routeId } from '../paths';
import { takeOverEarlyResponse } from './earlyResponse';
import type { FirstDetail } from './firstDetail';

/*
 * The detail routes' loader (app/router.tsx, view and edit) calls this as soon as the store is ready, in parallel
 * with the lazy route chunks, as the list routes do with their first page (docs/performance.md "Opening an item
 * directly"): on a fresh tab the early script has already requested the item's detail and comments
 * (start/firstDetail.ts) and their answers go into RTK Query's cache as the `getItemDetail` and
 * `getComments` entries ItemDetailPage and CommentsSection read; otherwise both queries start here and the page's
 * hooks join them (start/earlyResponse.ts).
 */

/**
 * Provides the detail and, in view mode, the comments of item `idParam` (`kind`, team `teamIdParam`) — from the
 * early script's requests `fromEntry` when they are for this item and were made with the store's current token,
 * else through RTK Query. Nothing when an id is not a positive integer (the page shows its 404) or the
 * `/workspace` guard is about to send the visitor to sign in. Resolves to how each was provided.
 */
export async function prefetchItemDetail(
  store: AppStore,
  kind: ItemKind,
  mode: 'view' | 'edit',
  teamIdParam: string | undefined,
  idParam: string | undefined,
  fromEntry?: FirstDetail | null,
): Promise<{ detail: 'entry' | 'query' | 'none'; comments: 'entry' | 'query' | 'none' }> {
  const teamId = routeId(teamIdParam);
  const id = routeId(idParam);
  if (teamId === null || id === null) return { detail: 'none', comments: 'none' };
  const arg: ItemDetailArg = { kind, teamId, id };
  const commentsArg: CommentsArg = commentsArgOf(arg);
  const [detail, comments] = await Promise.all([
    takeOverEarlyResponse(store, fromEntry?.detail, {
      matches: (early) => early.arg.kind === kind && early.arg.teamId === teamId && early.arg.id === id,
      store: (early) =>
        store.dispatch(
          itemDetailApi.util.upsertQueryEntries([{ endpointName: 'getItemDetail', arg, value: early.value }]),
        ),
      request: () => store.dispatch(itemDetailApi.endpoints.getItemDetail.initiate(arg)),
    }),
    mode !== 'view'
      ? ('none' as const)
      : takeOverEarlyResponse(store, fromEntry?.comments, {
          matches: (early) =>
            early.arg.category === commentsArg.category && early.arg.targetId === commentsArg.targetId,
          store: (early) =>
            store.dispatch(
              itemDetailApi.util.upsertQueryEntries([
                { endpointName: 'getComments', arg: commentsArg, value: early.value },
              ]),
            ),
          request: () => store.dispatch(itemDetailApi.endpoints.getComments.initiate(commentsArg)),
        }),
  ]);
  return { detail, comments };
}
