import type { LiveEvent, LiveItemField } from '../../contract/events';
import type { ListItem } from '../../contract/items';
import type { Grouping, ItemKind } from '../../contract/itemEnums';
import { groupKeyOf, groupingDef } from '../../contract/groupings';
import {
  itemDetailTag,
  itemDetailsTag,
  itemListTag,
  itemNameTag,
  simpleListTag,
  type CacheTag,
} from './cacheTags';

/*
 * What an item change makes stale or patches — the one rule for every change of goals, issues and externals,
 * whether this tab made it (a mutation: only the kind and ids are known) or a teammate did (a live event: the list
 * row and the changed fields are known too, and the tab's cache can be looked at). docs/architecture.md "Cache
 * tags"; docs/live-updates.md "In the browser". The more is known, the less is refetched:
 *
 * - the changed items' own details are always stale;
 * - a created or deleted item changes the lists that show its kind (`listsShowing`);
 * - an updated item whose row and cached lists are known is patched in place where it stays in its groups, and
 *   its kind's lists refetch only when it moved group (or a row not loaded yet may have); unknown → refetch;
 * - another kind's details that show the item: a goal's title shows on issue and external rows and details; an
 *   issue (or external) shows on its goal's detail — with the cache known, only the goal details that list it.
 *
 * Pure: it reads a description of the cache (`ItemCacheView`, built in src/api/itemCacheView.ts) and returns tags
 * and patches; applying them is the caller's.
 */

/** A change of items of one kind. `item`/`fields`/`teamId` are known for a teammate's change (its live event). */
export type ItemChange =
  | { type: 'item.created'; kind: ItemKind; item?: ListItem }
  | {
      type: 'item.updated';
      kind: ItemKind;
      id: number;
      teamId?: number;
      /** The changed fields; every field when unknown. */
      fields?: readonly LiveItemField[];
      /** The row after the change. */
      item?: ListItem;
    }
  | { type: 'item.deleted'; kind: ItemKind; ids: readonly number[] };

/** The item events of the live stream, which are item changes as they stand. */
export type ItemEvent = Extract<LiveEvent, { type: 'item.created' | 'item.updated' | 'item.deleted' }>;

/** The argument of a cached grouped list (`getItemList`). */
export interface CachedListArg {
  kind: ItemKind;
  teamId: number;
  grouping: Grouping;
}

/** What of the tab's RTK Query cache the rule looks at (src/api/itemCacheView.ts reads it from the store). */
export interface ItemCacheView {
  /** Every cached grouped list, with the keys of the groups that hold `id` in its loaded pages (none: not loaded). */
  lists: ReadonlyArray<{ arg: CachedListArg; groupsHolding: (id: number) => string[] }>;
  /** Every cached simple list (goal and issue pickers). */
  simpleLists: ReadonlyArray<{ kind: ItemKind; teamId: number }>;
  /** Every cached goal detail, with the ids of the issues it lists. */
  goalDetails: ReadonlyArray<{ id: number; issueIds: readonly number[] }>;
}

/** A change to make to cached data in place. */
export type ItemCachePatch =
  | { type: 'listRow'; arg: CachedListArg; item: ListItem }
  | { type: 'simpleListTitle'; kind: ItemKind; teamId: number; id: number; title: string };

export interface ItemChangeEffects {
  /** Tags to invalidate (only subscribed queries refetch; the rest are dropped). */
  invalidate: CacheTag[];
  /** Cached data to patch, decided on the cache as it was before the change is applied. */
  patches: ItemCachePatch[];
}

/** The group keys a row belongs to under `grouping` (docs/product.md "Grouped lists"; MANAGER: one per manager). */
export function rowGroupKeys(item: ListItem, grouping: Grouping): string[] {
  return groupKeyOf(grouping, item);
}

/** The changed field that decides the group of each grouping (contract/groupings.ts `liveField`; null: none). */
const fieldOf = (grouping: Grouping): LiveItemField | null => groupingDef(grouping).liveField;

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * The lists that show items of `kind`: its lists and simple list, its next-name preview and — for goals, whose
 * titles show on issue and external rows and group headers — the issue and external lists too.
 */
export function listsShowing(kind: ItemKind): CacheTag[] {
  const tags: CacheTag[] = [itemListTag(kind), itemNameTag(kind)];
  if (kind !== 'external') tags.push(simpleListTag(kind));
  if (kind === 'goal') tags.push(itemListTag('issue'), itemListTag('external'));
  return tags;
}

/**
 * The details of the other kinds that may show items of `kind`: a goal's title shows on issue and external details;
 * issues (and externals, which belong to goals the same way) change what a goal detail lists.
 */
export function detailsShowing(kind: ItemKind): CacheTag[] {
  return kind === 'goal' ? [itemDetailsTag('issue'), itemDetailsTag('external')] : [itemDetailsTag('goal')];
}

/** Issue and external lists and details: where a goal's title shows. */
const showingGoals = (): CacheTag[] => [
  itemListTag('issue'),
  itemListTag('external'),
  ...detailsShowing('goal'),
];

/** The cached goal details that list one of `issueIds`, or are one of `goalIds`. */
function goalDetailsMentioning(
  view: ItemCacheView,
  issueIds: readonly number[],
  goalIds: readonly number[],
): CacheTag[] {
  return view.goalDetails
    .filter((goal) => goalIds.includes(goal.id) || goal.issueIds.some((id) => issueIds.includes(id)))
    .map((goal) => itemDetailTag('goal', goal.id));
}

/** `item.updated` with its row known: patches for rows staying in their groups; true when some list must refetch. */
function listRowPatches(
  view: ItemCacheView,
  change: Extract<ItemChange, { type: 'item.updated' }> & { item: ListItem },
  fields: readonly LiveItemField[],
  patches: ItemCachePatch[],
): boolean {
  let refetch = false;
  for (const { arg, groupsHolding } of view.lists) {
    if (arg.kind !== change.kind || (change.teamId !== undefined && arg.teamId !== change.teamId)) continue;
    const before = groupsHolding(change.id);
    const field = fieldOf(arg.grouping);
    if (before.length === 0) {
      // Not loaded here: it may have moved into a loaded group, and group counts change.
      if (field && fields.includes(field)) refetch = true;
      continue;
    }
    if (!sameKeys(before, rowGroupKeys(change.item, arg.grouping))) refetch = true;
    else patches.push({ type: 'listRow', arg, item: change.item });
  }
  return refetch;
}

/**
 * What `change` makes stale and what it patches (the rule above). Without `view` (a mutation's tags are decided
 * without the cache) every list and detail that may show the items is stale. Errors: none.
 */
export function itemChangeEffects(change: ItemChange, view?: ItemCacheView): ItemChangeEffects {
  const { kind } = change;
  const invalidate: CacheTag[] = [];
  const patches: ItemCachePatch[] = [];

  if (!view) {
    // Only the kind and ids are known: every list and detail that may show them (issue and external changes reach
    // the goal lists too).
    invalidate.push(...listsShowing(kind));
    if (kind !== 'goal') invalidate.push(itemListTag('goal'));
    invalidate.push(...detailsShowing(kind));
    const ids = change.type === 'item.updated' ? [change.id] : change.type === 'item.deleted' ? change.ids : [];
    invalidate.push(...ids.map((id) => itemDetailTag(kind, id)));
    return { invalidate, patches };
  }

  switch (change.type) {
    case 'item.created':
      invalidate.push(...listsShowing(kind));
      if (change.item?.goal) invalidate.push(itemDetailTag('goal', change.item.goal.id));
      break;
    case 'item.updated': {
      const fields = change.fields ?? [];
      const everyField = change.fields === undefined;
      const changed = (field: LiveItemField) => everyField || fields.includes(field);
      invalidate.push(itemDetailTag(kind, change.id));
      if (change.item) {
        const refetch = listRowPatches(view, { ...change, item: change.item }, fields, patches);
        if (refetch || everyField) invalidate.push(itemListTag(kind));
        if (changed('title') && kind !== 'external') {
          for (const list of view.simpleLists) {
            if (list.kind !== kind || (change.teamId !== undefined && list.teamId !== change.teamId)) continue;
            patches.push({ ...list, type: 'simpleListTitle', id: change.id, title: change.item.title });
          }
        }
      } else {
        invalidate.push(...listsShowing(kind));
      }
      if (kind === 'goal') {
        // Goal titles show on issue/external rows, group headers and details; `issues` moves issues between goals.
        if (changed('title') || changed('issues')) invalidate.push(...showingGoals());
      } else if (changed('title') || changed('goal')) {
        // Goal details list their issues by title.
        const goal = change.item?.goal;
        invalidate.push(...goalDetailsMentioning(view, [change.id], goal ? [goal.id] : []));
      }
      break;
    }
    case 'item.deleted':
      invalidate.push(...listsShowing(kind), ...change.ids.map((id) => itemDetailTag(kind, id)));
      if (kind === 'goal') invalidate.push(...showingGoals());
      else invalidate.push(...goalDetailsMentioning(view, change.ids, []));
      break;
  }
  return { invalidate, patches };
}

/**
 * What creating, updating or deleting items of `kind` in this tab makes stale — every item mutation's
 * `invalidatesTags` (`ids`: the changed items; none for a create). The same rule as a teammate's change, without
 * the cache to narrow it.
 */
export function staleAfterItemChange(kind: ItemKind, ids: readonly number[] = []): CacheTag[] {
  const change: ItemChange =
    ids.length === 0
      ? { type: 'item.created', kind }
      : ids.length === 1
        ? { type: 'item.updated', kind, id: ids[0]! }
        : { type: 'item.deleted', kind, ids };
  return itemChangeEffects(change).invalidate;
}
