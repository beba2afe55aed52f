import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';
import type { CacheTag } from './cacheTags';
import { itemChangeEffects, type ItemCachePatch, type ItemCacheView, type ItemChange } from './itemChanges';
import { itemDetailApi } from './itemDetailApi';
import { itemsApi, type SimpleListArg } from './itemsApi';

/*
 * The store side of src/api/itemChanges.ts: reads the cached item queries into an `ItemCacheView` and turns the
 * rule's tags and patches into RTK Query actions (docs/live-updates.md "In the browser").
 */

/** The slice of the root state RTK Query's selectors read (`api`). */
type ApiState = Parameters<typeof itemsApi.util.selectCachedArgsForQuery>[0] &
  Parameters<typeof itemDetailApi.util.selectCachedArgsForQuery>[0];

/** What the cached grouped lists, simple lists and goal details hold right now. */
export function readItemCacheView(state: ApiState): ItemCacheView {
  return {
    lists: itemsApi.util.selectCachedArgsForQuery(state, 'getItemList').map((arg) => ({
      arg,
      groupsHolding: (id: number) => {
        const cached = itemsApi.endpoints.getItemList.select(arg)(state).data;
        const keys = new Set<string>();
        for (const page of cached?.pages ?? []) {
          for (const group of page.data) if (group.items.some((row) => row.id === id)) keys.add(group.groupKey);
        }
        return [...keys];
      },
    })),
    simpleLists: itemsApi.util.selectCachedArgsForQuery(state, 'getSimpleList'),
    goalDetails: itemDetailApi.util
      .selectCachedArgsForQuery(state, 'getItemDetail')
      .filter((arg) => arg.kind === 'goal')
      .map((arg) => ({
        id: arg.id,
        issueIds: itemDetailApi.endpoints.getItemDetail.select(arg)(state).data?.issues?.info.map((i) => i.id) ?? [],
      })),
  };
}

/** An RTK Query action: a plain one (`invalidateTags`) or a patch thunk (`updateQueryData`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any store state and thunk extra
export type CacheAction = UnknownAction | ThunkAction<unknown, any, any, UnknownAction>;

/** The RTK Query action of one patch. */
function patchAction(patch: ItemCachePatch): CacheAction {
  if (patch.type === 'listRow') {
    return itemsApi.util.updateQueryData('getItemList', patch.arg, (draft) => {
      for (const page of draft.pages) {
        for (const group of page.data) {
          group.items = group.items.map((row) => (row.id === patch.item.id ? patch.item : row));
        }
      }
    });
  }
  const arg = { kind: patch.kind, teamId: patch.teamId } as SimpleListArg;
  return itemsApi.util.updateQueryData('getSimpleList', arg, (draft) => {
    for (const entry of draft.info) if (entry.id === patch.id) entry.title = patch.title;
  });
}

/** `invalidateTags` of `tags`, or nothing for none. */
export const invalidateActions = (tags: readonly CacheTag[]): CacheAction[] =>
  tags.length ? [baseApi.util.invalidateTags([...tags])] : [];

/**
 * The actions that apply `change` to the cache as `state` holds it: its patches, then one `invalidateTags`.
 * Decided on `state` before any of them is dispatched.
 */
export function itemChangeActions(change: ItemChange, state: ApiState): CacheAction[] {
  const { invalidate, patches } = itemChangeEffects(change, readItemCacheView(state));
  return [...patches.map(patchAction), ...invalidateActions(invalidate)];
}
