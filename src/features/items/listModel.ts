import type { Deadline, ListItem, ListPage, Manager, Managers } from '../../../contract/items';
import { clientGroupLabel, groupingDef, type GroupedColumn } from '../../../contract/groupings';
import {
  NONE_GROUP_LABEL,
  PRIORITY_LABELS,
  STATE_LABELS,
  type ExtServiceType,
  type Grouping,
  type ItemKind,
  type Priority,
  type State,
} from '../../../contract/itemEnums';
import { teamListPath } from '../../app/paths';
import type { ItemScope } from '../../shared/copy';

/*
 * Pure helpers of the grouped lists (docs/product.md "Grouped lists"):
 * no React, no store — unit-tested on their own.
 */

/** `YYYY-MM-DD` → `YY.MM.DD`; anything else is returned unchanged. */
export function shortDate(date: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : date;
}

/**
 * A deadline as the rows show it: none → '없음'; only a start or only an end →
 * that date; equal dates → one date; otherwise `YY.MM.DD-YY.MM.DD`.
 */
export function formatDeadline(deadline: Deadline | null | undefined): string {
  const start = deadline?.start || null;
  const end = deadline?.end || null;
  if (!start && !end) return NONE_GROUP_LABEL;
  if (!start || !end || start === end) return shortDate((start ?? end) as string);
  return `${shortDate(start)}-${shortDate(end)}`;
}

/** A group after merging pages: the server's latest label and `dataCnt`, and every loaded item once. */
export interface MergedGroup {
  groupKey: string;
  filterName: string;
  imageUrl: string | null;
  /** The group's team-wide total (server's `dataCnt`), not the number loaded. */
  dataCnt: number;
  items: ListItem[];
}

/**
 * Merges the pages of a grouped list by `groupKey`, keeping the server's group order: a group first seen on a later
 * page goes right after the group that precedes it on that page. Items are appended in page order, each id once per
 * group (an item with two managers rightly appears in both manager groups). The latest page's label, image and
 * count win. Groups with no loaded item yet are kept (their headers show the team-wide counts at once; their items
 * arrive with later pages).
 */
export function mergeListPages(pages: readonly ListPage[]): MergedGroup[] {
  const order: string[] = [];
  const groups = new Map<string, { group: MergedGroup; ids: Set<number> }>();
  for (const page of pages) {
    let previous: string | null = null;
    for (const { groupKey, filterName, imageUrl, dataCnt, items } of page.data) {
      let entry = groups.get(groupKey);
      if (entry) {
        entry.group.filterName = filterName;
        entry.group.imageUrl = imageUrl;
        entry.group.dataCnt = dataCnt;
      } else {
        entry = { group: { groupKey, filterName, imageUrl, dataCnt, items: [] }, ids: new Set() };
        groups.set(groupKey, entry);
        order.splice(previous === null ? 0 : order.indexOf(previous) + 1, 0, groupKey);
      }
      for (const item of items) {
        if (entry.ids.has(item.id)) continue;
        entry.ids.add(item.id);
        entry.group.items.push(item);
      }
      previous = groupKey;
    }
  }
  return order.map((key) => groups.get(key)!.group);
}

/**
 * Where the next page's items will appear: the last group with loaded items (later groups have none yet, since the
 * server pages through the groups in order). The list puts the "loading more" rows and the scroll sentinel there.
 */
export function tailGroupKey(groups: readonly MergedGroup[]): string | null {
  for (let index = groups.length - 1; index >= 0; index--) {
    if (groups[index]!.items.length > 0) return groups[index]!.groupKey;
  }
  return null;
}

/** Every loaded item id once, in display order (select-all of delete mode). */
export function loadedItemIds(groups: readonly MergedGroup[]): number[] {
  const ids = new Set<number>();
  for (const group of groups) for (const item of group.items) ids.add(item.id);
  return [...ids];
}

/** How many avatars a row shows before the ellipsis. */
export const MAX_ROW_AVATARS = 2;

/**
 * Managers on a row: none → '없음'; one → avatar and name; several → the first two avatars overlapped
 * and '...', with every name available (hover list and accessible text).
 */
export type ManagerDisplay =
  { kind: 'none' } | { kind: 'one'; manager: Manager } | { kind: 'many'; shown: Manager[]; all: Manager[] };

export function managerDisplay(managers: Managers | null | undefined): ManagerDisplay {
  const all = managers?.info ?? [];
  if (all.length === 0) return { kind: 'none' };
  if (all.length === 1) return { kind: 'one', manager: all[0]! };
  return { kind: 'many', shown: all.slice(0, MAX_ROW_AVATARS), all };
}

/** Unknown states display as NONE. */
export const stateOf = (value: string): State => (value in STATE_LABELS ? (value as State) : 'NONE');
export const priorityOf = (value: string): Priority =>
  value in PRIORITY_LABELS ? (value as Priority) : 'NONE';
/** Unknown external types default to GITHUB. */
export const extServiceOf = (value: string | null | undefined): ExtServiceType =>
  value === 'SLACK' ? 'SLACK' : 'GITHUB';

/**
 * A group header's label (contract/groupings.ts `clientGroupLabel`): STATE and PRIORITY codes translated, EXT_TYPE
 * as 'GitHub' / 'Slack', managers and goals as the server names them ('없음' for the none group).
 */
export function groupLabel(grouping: Grouping, group: Pick<MergedGroup, 'groupKey' | 'filterName'>): string {
  return clientGroupLabel(grouping, group);
}

/** The right-hand columns of a row. */
export type RowColumn = GroupedColumn;

/**
 * A row's right-hand columns, left to right: state, priority, goal (issues, externals),
 * deadline, managers, external tool (externals) — without the grouped-by field.
 */
export function rowColumns(kind: ItemKind, grouping: Grouping): RowColumn[] {
  const columns: RowColumn[] = ['state', 'priority'];
  if (kind !== 'goal') columns.push('goal');
  columns.push('deadline', 'managers');
  if (kind === 'external') columns.push('ext');
  return columns.filter((column) => column !== groupingDef(grouping).column);
}

/**
 * Where a row leads: team pages → `/workspace/team/{teamId}/{goal|issue|ext}/{id}`; joint (default-team) pages →
 * the relative `{id}`.
 */
export function itemDetailPath(scope: ItemScope, teamId: number, kind: ItemKind, id: number): string {
  return scope === 'team' ? `${teamListPath('team', teamId, kind)}/${id}` : String(id);
}
