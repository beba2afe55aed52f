/**
 * The grouping registry (issue #24; docs/product.md "Grouped lists", docs/architecture.md "Groupings"): every list
 * grouping defined once, zod-free, for server and client —
 * - `label`: the toolbar's name of the grouping; `kinds`: the item kinds whose lists offer it;
 * - `keysOf`: the group key(s) of a list row (`groupKeyOf`; shared by the server's paging test and the client's
 *   live patching);
 * - `order`: a fixed list of keys, or `'collated'` — the '없음' group (`NONE`) first, then by label with Korean
 *   collation, ties by key (`compareGroups`);
 * - `labelSource`: where a group's label comes from — `'key'`: the key itself (the server's `filterName`; the
 *   client translates it with `keyLabels`), `'lookup'`: the server looks it up (a goal's title, a member's name;
 *   such a cursor carries the label, server/modules/items/cursor.ts);
 * - `noneGroup`: whether `NONE` is the "nothing" group (labelled '없음'), not a value of its own;
 * - `icon`: what a group header shows (src/features/items/list/ItemGroup.tsx draws each source);
 * - `liveField`: the field of an `item.updated` event that can move a row between its groups;
 * - `column`: the row column the grouping makes redundant (it is the group header).
 * The SQL of each grouping (page reads, labels, predicates, the group-size trigger keys) is its server half:
 * server/modules/items/groupings.ts.
 */
import type { ItemKind } from './itemEnums';
import {
  EXT_SERVICE_LABELS,
  EXT_SERVICE_TYPES,
  PRIORITIES,
  PRIORITY_LABELS,
  STATES,
  STATE_LABELS,
} from './itemValues';

/** Label of the "nothing" group of MANAGER / GOAL / EXT_TYPE groupings (first in order). */
export const NONE_GROUP_LABEL = '없음';
/** `groupKey` of the "nothing" group. */
export const NONE_GROUP_KEY = 'NONE';

/** The fields of a list row (contract `ListItem`, an `item.updated` event's `item`) a group key is read from. */
export interface GroupedRow {
  state: string;
  priority: string;
  deadline: { start: string | null; end: string | null };
  managers: { info: readonly { memberId: number }[] };
  goal: { id: number } | null;
  extServiceType: string | null;
}

/** How a group header's icon is drawn (src/features/items/list/ItemGroup.tsx). */
export type GroupIconSource = 'stateDot' | 'priorityIcon' | 'memberImage' | 'goal' | 'extServiceLogo';

/** The row columns of the lists (src/features/items/listModel.ts `rowColumns`). */
export type GroupedColumn = 'state' | 'priority' | 'goal' | 'deadline' | 'managers' | 'ext';

export interface GroupingDef {
  label: string;
  kinds: readonly ItemKind[];
  /** The group keys of a row (MANAGER: one per manager, `NONE` without one; every other grouping one key). */
  keysOf: (row: GroupedRow) => string[];
  order: readonly string[] | 'collated';
  labelSource: 'key' | 'lookup';
  noneGroup: boolean;
  /** Client labels of the keys (`labelSource: 'key'`); a key missing here shows as `keyLabels.unknown`. */
  keyLabels?: Readonly<Record<string, string>> & { unknown: string };
  icon: GroupIconSource;
  liveField: 'state' | 'priority' | 'managers' | 'goal' | 'deadline' | null;
  column: GroupedColumn;
}

const ALL_KINDS = ['goal', 'issue', 'external'] as const satisfies readonly ItemKind[];

/** The registry, in the toolbar's order. */
export const GROUPING_DEFS = {
  STATE: {
    label: '상태',
    kinds: ALL_KINDS,
    keysOf: (row) => [row.state],
    order: STATES,
    labelSource: 'key',
    noneGroup: false,
    keyLabels: { ...STATE_LABELS, unknown: STATE_LABELS.NONE },
    icon: 'stateDot',
    liveField: 'state',
    column: 'state',
  },
  PRIORITY: {
    label: '우선순위',
    kinds: ALL_KINDS,
    keysOf: (row) => [row.priority],
    order: PRIORITIES,
    labelSource: 'key',
    noneGroup: false,
    keyLabels: { ...PRIORITY_LABELS, unknown: PRIORITY_LABELS.NONE },
    icon: 'priorityIcon',
    liveField: 'priority',
    column: 'priority',
  },
  MANAGER: {
    label: '담당자',
    kinds: ALL_KINDS,
    keysOf: (row) =>
      row.managers.info.length ? row.managers.info.map((m) => String(m.memberId)) : [NONE_GROUP_KEY],
    order: 'collated',
    labelSource: 'lookup',
    noneGroup: true,
    icon: 'memberImage',
    liveField: 'managers',
    column: 'managers',
  },
  GOAL: {
    label: '목표',
    kinds: ['issue', 'external'],
    keysOf: (row) => [row.goal ? String(row.goal.id) : NONE_GROUP_KEY],
    order: 'collated',
    labelSource: 'lookup',
    noneGroup: true,
    icon: 'goal',
    liveField: 'goal',
    column: 'goal',
  },
  EXT_TYPE: {
    label: '외부',
    kinds: ['external'],
    keysOf: (row) => [row.extServiceType ?? NONE_GROUP_KEY],
    order: [NONE_GROUP_KEY, ...EXT_SERVICE_TYPES],
    labelSource: 'key',
    noneGroup: true,
    keyLabels: { NONE: NONE_GROUP_LABEL, ...EXT_SERVICE_LABELS, unknown: EXT_SERVICE_LABELS.GITHUB },
    icon: 'extServiceLogo',
    // Fixed at creation: no event moves an external between tools.
    liveField: null,
    column: 'ext',
  },
} as const satisfies Record<string, GroupingDef>;

/**
 * Groupings of the lists (`query`, case-insensitive on the server). Offered per kind (docs/product.md "Grouped
 * lists"): goals STATE/PRIORITY/MANAGER; issues + GOAL; externals + GOAL and EXT_TYPE.
 */
export type Grouping = keyof typeof GROUPING_DEFS;
export const GROUPINGS = /*#__PURE__*/ Object.keys(GROUPING_DEFS) as [Grouping, ...Grouping[]];

/** The registry's entry of `grouping`. */
export function groupingDef(grouping: Grouping): GroupingDef {
  return GROUPING_DEFS[grouping];
}

export const GROUPINGS_BY_KIND: Record<ItemKind, readonly Grouping[]> = {
  goal: /*#__PURE__*/ GROUPINGS.filter((g) => groupingDef(g).kinds.includes('goal')),
  issue: /*#__PURE__*/ GROUPINGS.filter((g) => groupingDef(g).kinds.includes('issue')),
  external: /*#__PURE__*/ GROUPINGS.filter((g) => groupingDef(g).kinds.includes('external')),
};

export const GROUPING_LABELS = /*#__PURE__*/ Object.fromEntries(
  GROUPINGS.map((g) => [g, groupingDef(g).label]),
) as Record<Grouping, string>;

/**
 * The group keys `row` belongs to under `grouping` (docs/product.md "Grouped lists"): one key, or for MANAGER one
 * per manager (`NONE` when it has none). The server's group sizes (group-size triggers) count a row in exactly
 * these groups.
 */
export function groupKeyOf(grouping: Grouping, row: GroupedRow): string[] {
  return groupingDef(grouping).keysOf(row);
}

const collator = /*#__PURE__*/ new Intl.Collator('ko');

/** Keys compare as numbers when both are ids, else as strings (the tie-break after equal labels). */
function compareKeys(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isInteger(na) && Number.isInteger(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Group order of `grouping` (negative: `a` first): a fixed order by its list of keys; `'collated'` the '없음' group
 * (`NONE`) first, then by label with Korean collation, ties by key (two managers of one name stay apart, in a
 * stable order). `label` is the server's label (`filterName`).
 */
export function compareGroups(
  grouping: Grouping,
  a: { key: string; label: string },
  b: { key: string; label: string },
): number {
  const { order } = groupingDef(grouping);
  if (order !== 'collated') return order.indexOf(a.key) - order.indexOf(b.key);
  if (a.key === b.key) return 0;
  if (a.key === NONE_GROUP_KEY) return -1;
  if (b.key === NONE_GROUP_KEY) return 1;
  return collator.compare(a.label, b.label) || compareKeys(a.key, b.key);
}

/**
 * The label the server gives a group (`filterName`): '없음' for the "nothing" group, else the key itself
 * (`labelSource: 'key'`) or `lookedUp` (a goal's title, a member's name; '' when it is gone).
 */
export function serverGroupLabel(grouping: Grouping, key: string, lookedUp: string | null): string {
  const def = groupingDef(grouping);
  if (def.noneGroup && key === NONE_GROUP_KEY) return NONE_GROUP_LABEL;
  return def.labelSource === 'key' ? key : (lookedUp ?? '');
}

/** Whether a cursor in a group of `grouping` carries the group's label (looked-up labels, but not '없음'). */
export function cursorCarriesLabel(grouping: Grouping, key: string): boolean {
  return groupingDef(grouping).labelSource === 'lookup' && key !== NONE_GROUP_KEY;
}

/**
 * A group header's label on the client: the key's Korean label for `labelSource: 'key'` groupings (STATE,
 * PRIORITY codes; EXT_TYPE as 'GitHub' / 'Slack'; an unknown key as `keyLabels.unknown`), the server's label
 * otherwise ('없음' for the none group).
 */
export function clientGroupLabel(
  grouping: Grouping,
  group: { groupKey: string; filterName: string },
): string {
  const { keyLabels } = groupingDef(grouping);
  if (keyLabels)
    return Object.hasOwn(keyLabels, group.groupKey) ? keyLabels[group.groupKey]! : keyLabels.unknown;
  return group.filterName || (group.groupKey === NONE_GROUP_KEY ? NONE_GROUP_LABEL : group.groupKey);
}

/**
 * The item-list grouping each alarm grouping renders like, with the same order and cursor rules (docs/product.md
 * "Notifications"; the alarm tabs call the tool grouping `EXTERNAL`). Keys: contract/alarms.ts `ALARM_GROUPINGS`.
 */
export const ALARM_LIST_GROUPING = {
  STATE: 'STATE',
  PRIORITY: 'PRIORITY',
  GOAL: 'GOAL',
  EXTERNAL: 'EXT_TYPE',
} as const satisfies Record<string, Grouping>;
