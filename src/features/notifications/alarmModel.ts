import type {
  ALARM_GROUPINGS_BY_TYPE as CONTRACT_GROUPINGS_BY_TYPE,
  ALARM_TYPES as CONTRACT_TYPES,
  AlarmGrouping,
  AlarmPage,
  AlarmReason,
  AlarmRow,
  AlarmType,
} from '../../../contract/alarms';
import type { ListPage } from '../../../contract/items';
import type { Grouping, ItemKind } from '../../../contract/itemEnums';
import { KIND_OF_CATEGORY } from '../../../contract/kinds';
import { teamListPath } from '../../app/paths';
import { ALARM_LIST_GROUPING } from '../../../contract/groupings';

/*
 * Pure helpers of the notifications page (docs: contract/alarms.ts): tabs, groupings per tab, and the adapter that
 * lets the item lists' groups and rows (src/features/items/list/) show alarm pages. No React, no store.
 *
 * contract/alarms.ts carries zod, so its constants are restated here; the `satisfies` clauses keep them in step.
 */

/** The tabs, left to right (목표, 이슈, 외부). */
export const ALARM_TABS = ['GOAL', 'ISSUE', 'EXTERNAL'] as const satisfies typeof CONTRACT_TYPES;

/** Groupings each tab offers (GOAL: 상태·우선순위; ISSUE: + 목표; EXTERNAL: + 목표·외부). */
export const ALARM_GROUPINGS_BY_TAB = {
  GOAL: ['STATE', 'PRIORITY'],
  ISSUE: ['STATE', 'PRIORITY', 'GOAL'],
  EXTERNAL: ['STATE', 'PRIORITY', 'GOAL', 'EXTERNAL'],
} as const satisfies typeof CONTRACT_GROUPINGS_BY_TYPE;

/** A tab switch starts here: switching tabs resets the grouping to 상태. */
export const INITIAL_ALARM_GROUPING: AlarmGrouping = 'STATE';

const LIST_GROUPING: Readonly<Record<AlarmGrouping, Grouping>> = ALARM_LIST_GROUPING;

export const toListGrouping = (grouping: AlarmGrouping): Grouping => LIST_GROUPING[grouping];

export function fromListGrouping(grouping: Grouping): AlarmGrouping {
  if (grouping === 'EXT_TYPE') return 'EXTERNAL';
  // Groupings the notifications page does not offer (MANAGER, any later one) fall back to STATE.
  return grouping === 'PRIORITY' || grouping === 'GOAL' ? grouping : 'STATE';
}

/** The list groupings a tab's filter menu offers. */
export const listGroupingsOf = (type: AlarmType): Grouping[] =>
  ALARM_GROUPINGS_BY_TAB[type].map(toListGrouping);

/** Tab → the kind of its items (also the row icon): the kind of that category (contract/kinds.ts). */
export const TAB_KIND: Readonly<Record<AlarmType, ItemKind>> = KIND_OF_CATEGORY;

/** Where a row leads: the item's team detail page, `/workspace/team/{teamId}/{goal|issue|ext}/{typeId}`. */
export function alarmTargetPath(type: AlarmType, row: Pick<AlarmRow, 'teamId' | 'typeId'>): string {
  return `${teamListPath('team', row.teamId, TAB_KIND[type])}/${row.typeId}`;
}

/**
 * Alarm pages as item list pages, so `mergeListPages` and the list's groups and rows render them: a row's `id` is
 * its `alarmId` (selection and delete work on alarms), its deadline column shows the item's own deadline (the earlier
 * product printed the page-level "today" on every row, which says nothing about the item; docs/features.md "Notifications and live updates"),
 * `groupTitle` becomes the group label.
 */
export function toListPages(pages: readonly AlarmPage[]): ListPage[] {
  return pages.map((page) => ({
    hasNext: page.hasNext,
    nextCursor: page.nextCursor,
    data: page.groupedList.map((group) => ({
      groupKey: group.groupKey,
      filterName: group.groupTitle,
      imageUrl: null,
      dataCnt: group.dataCnt,
      items: group.notiList.map((row) => ({
        id: row.alarmId,
        name: row.name,
        title: row.title,
        state: row.state,
        priority: row.priority,
        deadline: row.deadline,
        managers: { cnt: row.managerList.length, info: row.managerList },
        goal: row.goal,
        extServiceType: row.extServiceType,
        createdAt: row.createdAt,
      })),
    })),
  }));
}

/** Every loaded row by `alarmId` (the latest page's copy wins): read state, reason and target of each row. */
export function rowsById(pages: readonly AlarmPage[]): Map<number, AlarmRow> {
  const rows = new Map<number, AlarmRow>();
  for (const page of pages) {
    for (const group of page.groupedList) for (const row of group.notiList) rows.set(row.alarmId, row);
  }
  return rows;
}

/** The sidebar badge's text: nothing at 0, the count up to 99, then "99+". */
export function unreadBadgeText(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

export type { AlarmReason };
