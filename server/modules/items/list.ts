import { type SQL, and, count, desc, eq, exists, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import {
  type ExtServiceType,
  type Grouping,
  type ListGroup,
  type ListItem,
  type ListPage,
  type Manager,
  NONE_GROUP_KEY,
  NONE_GROUP_LABEL,
  PRIORITIES,
  type Priority,
  STATES,
  type State,
} from '../../../contract';
import type { Db } from '../../db';
import { item, itemManager, member } from '../../db/schema';
import { formatTimestamp } from '../../http/time';
import { type ListCursor, encodeCursor } from './cursor';
import type { KindSpec } from './kinds';
import type { TeamScope } from './team-scope';

/**
 * Grouped, cursor-paged lists of goals, issues and externals (api-contract.md "Grouped lists"; spec §3 "List
 * response", §4 groupings).
 *
 * Per request, in one read-only REPEATABLE READ transaction (so counts and items come from one snapshot):
 * 1. one `GROUP BY` gives every non-empty group of the team with its total (`dataCnt`), its label, and — when a
 *    cursor is given — how many of its items lie below the cursor's id;
 * 2. the groups are put in group order and the page is planned from those counts alone: the cursor's group from
 *    below its id, then each later group from its top, until `size` items are taken;
 * 3. one `UNION ALL` of keyset queries (`… AND id < $cursor ORDER BY id DESC LIMIT $n`, one per planned group,
 *    each an index range scan) reads exactly the planned items;
 * 4. the managers and goals of the page's items are loaded in one query each.
 * `hasNext` is true exactly when an item of the team lies beyond the page.
 */

/** Groups in the order they are listed, with their totals and labels. */
interface GroupCount {
  key: string;
  label: string;
  imageUrl: string | null;
  total: number;
  /** Items of the group below the cursor's id (only meaningful for the cursor's group). */
  below: number;
}

const collator = new Intl.Collator('ko');

/** Fixed group orders (api-contract.md): STATE and PRIORITY. */
const FIXED_ORDER: Partial<Record<Grouping, readonly string[]>> = { STATE: STATES, PRIORITY: PRIORITIES };

/** Keys compare as numbers when both are ids, else as strings (the tie-break after equal labels). */
function compareKeys(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isInteger(na) && Number.isInteger(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Group order of `grouping`: STATE / PRIORITY by their fixed order; MANAGER / GOAL / EXT_TYPE the '없음' group
 * (`NONE`) first, then by label with Korean collation, ties by key (two managers of one name stay apart, in a
 * stable order).
 */
export function compareGroups(
  grouping: Grouping,
  a: { key: string; label: string },
  b: { key: string; label: string },
): number {
  const fixed = FIXED_ORDER[grouping];
  if (fixed) return fixed.indexOf(a.key) - fixed.indexOf(b.key);
  if (a.key === b.key) return 0;
  if (a.key === NONE_GROUP_KEY) return -1;
  if (b.key === NONE_GROUP_KEY) return 1;
  return collator.compare(a.label, b.label) || compareKeys(a.key, b.key);
}

const goalOf = alias(item, 'goal');

/** The team's items of the kind. */
const ofKind = (spec: KindSpec, scope: TeamScope) =>
  and(eq(item.teamId, scope.teamId), eq(item.kind, spec.kind));

/** Step 1: every non-empty group with total, label and the count below `beforeId` (when paging). */
async function countGroups(
  tx: Db,
  spec: KindSpec,
  scope: TeamScope,
  grouping: Grouping,
  beforeId: number | null,
): Promise<GroupCount[]> {
  const total = count();
  const below =
    beforeId === null
      ? sql<number>`0`.mapWith(Number)
      : sql<number>`count(*) filter (where ${item.id} < ${beforeId})`.mapWith(Number);
  const where = ofKind(spec, scope);
  let groups: GroupCount[];
  switch (grouping) {
    case 'STATE':
    case 'PRIORITY': {
      const column = grouping === 'STATE' ? item.state : item.priority;
      const rows = await tx.select({ key: column, total, below }).from(item).where(where).groupBy(column);
      groups = rows.map((r) => ({
        key: r.key,
        label: r.key,
        imageUrl: null,
        total: r.total,
        below: r.below,
      }));
      break;
    }
    case 'EXT_TYPE': {
      const rows = await tx
        .select({ key: item.extServiceType, total, below })
        .from(item)
        .where(where)
        .groupBy(item.extServiceType);
      groups = rows.map((r) => ({
        key: r.key ?? NONE_GROUP_KEY,
        label: r.key ?? NONE_GROUP_LABEL,
        imageUrl: null,
        total: r.total,
        below: r.below,
      }));
      break;
    }
    case 'GOAL': {
      const rows = await tx
        .select({ key: item.goalId, title: goalOf.title, total, below })
        .from(item)
        .leftJoin(goalOf, eq(goalOf.id, item.goalId))
        .where(where)
        .groupBy(item.goalId, goalOf.title);
      groups = rows.map((r) => ({
        key: r.key === null ? NONE_GROUP_KEY : String(r.key),
        label: r.key === null ? NONE_GROUP_LABEL : (r.title ?? ''),
        imageUrl: null,
        total: r.total,
        below: r.below,
      }));
      break;
    }
    case 'MANAGER': {
      const rows = await tx
        .select({
          key: itemManager.memberId,
          name: member.name,
          imageUrl: member.profileImageUrl,
          total,
          below,
        })
        .from(item)
        .leftJoin(itemManager, eq(itemManager.itemId, item.id))
        .leftJoin(member, eq(member.id, itemManager.memberId))
        .where(where)
        .groupBy(itemManager.memberId, member.name, member.profileImageUrl);
      groups = rows.map((r) => ({
        key: r.key === null ? NONE_GROUP_KEY : String(r.key),
        label: r.key === null ? NONE_GROUP_LABEL : (r.name ?? ''),
        imageUrl: r.key === null ? null : r.imageUrl,
        total: r.total,
        below: r.below,
      }));
      break;
    }
  }
  return groups.filter((g) => g.total > 0).sort((a, b) => compareGroups(grouping, a, b));
}

/** Index of the first group at or after the cursor's position (`exact`: that group is the cursor's own). */
function locate(
  grouping: Grouping,
  groups: GroupCount[],
  cursor: ListCursor,
): { index: number; exact: boolean } {
  const at = { key: cursor.k, label: cursor.l ?? cursor.k };
  const exactIndex = groups.findIndex((g) => g.key === cursor.k);
  if (exactIndex >= 0) return { index: exactIndex, exact: true };
  const after = groups.findIndex((g) => compareGroups(grouping, g, at) > 0);
  return { index: after < 0 ? groups.length : after, exact: false };
}

interface PlannedGroup {
  index: number;
  take: number;
  beforeId: number | null;
}

/** Step 2: which groups this page reads, how many items from each, and whether more remain after it. */
function plan(
  grouping: Grouping,
  groups: GroupCount[],
  cursor: ListCursor | null,
  size: number,
): { planned: PlannedGroup[]; hasNext: boolean } {
  const planned: PlannedGroup[] = [];
  let need = size;
  let hasNext = false;
  let start = 0;
  if (cursor) {
    const { index, exact } = locate(grouping, groups, cursor);
    start = index;
    if (exact) {
      const remaining = groups[index]!.below;
      const take = Math.min(remaining, need);
      if (take > 0) planned.push({ index, take, beforeId: cursor.i });
      need -= take;
      if (remaining > take) hasNext = true;
      start = index + 1;
    }
  }
  for (let index = start; index < groups.length; index++) {
    const group = groups[index]!;
    if (need === 0) {
      hasNext = true;
      break;
    }
    const take = Math.min(group.total, need);
    planned.push({ index, take, beforeId: null });
    need -= take;
    if (group.total > take) hasNext = true;
  }
  return { planned, hasNext };
}

/** The predicate selecting one group's items. */
function groupPredicate(grouping: Grouping, key: string): SQL | undefined {
  switch (grouping) {
    case 'STATE':
      return eq(item.state, key as State);
    case 'PRIORITY':
      return eq(item.priority, key as Priority);
    case 'EXT_TYPE':
      return key === NONE_GROUP_KEY
        ? isNull(item.extServiceType)
        : eq(item.extServiceType, key as ExtServiceType);
    case 'GOAL':
      return key === NONE_GROUP_KEY ? isNull(item.goalId) : eq(item.goalId, Number(key));
    case 'MANAGER': {
      const managed = (memberId?: number) =>
        and(
          eq(itemManager.itemId, item.id),
          memberId === undefined ? undefined : eq(itemManager.memberId, memberId),
        );
      return key === NONE_GROUP_KEY
        ? notExists(sql`(select 1 from ${itemManager} where ${managed()})`)
        : exists(sql`(select 1 from ${itemManager} where ${managed(Number(key))})`);
    }
  }
}

const rowFields = {
  id: item.id,
  name: item.name,
  title: item.title,
  state: item.state,
  priority: item.priority,
  deadlineStart: item.deadlineStart,
  deadlineEnd: item.deadlineEnd,
  goalId: item.goalId,
  extServiceType: item.extServiceType,
  createdAt: item.createdAt,
};

/** Step 3: the planned items, one keyset query per group, sent as one `UNION ALL`. */
async function readPlanned(
  tx: Db,
  spec: KindSpec,
  scope: TeamScope,
  grouping: Grouping,
  groups: GroupCount[],
  planned: PlannedGroup[],
) {
  const queries = planned.map((p) =>
    tx
      .select({ ...rowFields, slot: sql<number>`${sql.raw(String(p.index))}`.mapWith(Number) })
      .from(item)
      .where(
        and(
          ofKind(spec, scope),
          groupPredicate(grouping, groups[p.index]!.key),
          p.beforeId === null ? undefined : lt(item.id, p.beforeId),
        ),
      )
      .orderBy(desc(item.id))
      .limit(p.take)
      .$dynamic(),
  );
  if (queries.length === 0) return [];
  const [first, second, ...rest] = queries;
  return second === undefined ? await first! : await unionAll(first!, second, ...rest);
}

type ItemRow = Awaited<ReturnType<typeof readPlanned>>[number];

/** Step 4: managers of the page's items (one query), each item's sorted by name then id. */
export async function loadManagers(tx: Db, itemIds: number[]): Promise<Map<number, Manager[]>> {
  const byItem = new Map<number, Manager[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await tx
    .select({
      itemId: itemManager.itemId,
      memberId: member.id,
      name: member.name,
      profileUrl: member.profileImageUrl,
    })
    .from(itemManager)
    .innerJoin(member, eq(member.id, itemManager.memberId))
    .where(inArray(itemManager.itemId, itemIds));
  for (const { itemId, ...manager } of rows) {
    const list = byItem.get(itemId) ?? [];
    list.push(manager);
    byItem.set(itemId, list);
  }
  for (const list of byItem.values()) {
    list.sort((a, b) => collator.compare(a.name, b.name) || a.memberId - b.memberId);
  }
  return byItem;
}

/** Step 4: titles of the page's items' goals (one query). */
export async function loadGoalTitles(tx: Db, goalIds: number[]): Promise<Map<number, string>> {
  if (goalIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: item.id, title: item.title })
    .from(item)
    .where(inArray(item.id, goalIds));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export function toListItem(
  row: Pick<
    ItemRow,
    | 'id'
    | 'name'
    | 'title'
    | 'state'
    | 'priority'
    | 'deadlineStart'
    | 'deadlineEnd'
    | 'goalId'
    | 'extServiceType'
    | 'createdAt'
  >,
  managers: Manager[],
  goalTitles: Map<number, string>,
): ListItem {
  const goalTitle = row.goalId === null ? undefined : goalTitles.get(row.goalId);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    state: row.state,
    priority: row.priority,
    deadline: { start: row.deadlineStart, end: row.deadlineEnd },
    managers: { cnt: managers.length, info: managers },
    goal: row.goalId !== null && goalTitle !== undefined ? { id: row.goalId, title: goalTitle } : null,
    extServiceType: row.extServiceType,
    createdAt: formatTimestamp(row.createdAt),
  };
}

/**
 * One page of the team's `spec.kind` items grouped by `grouping` (already checked to be offered for the kind),
 * after `cursor` (null = first page), at most `size` items across groups. See the module comment.
 */
export async function listPage(
  db: Db,
  spec: KindSpec,
  scope: TeamScope,
  grouping: Grouping,
  cursor: ListCursor | null,
  size: number,
): Promise<ListPage> {
  return db.transaction(
    async (tx) => {
      const groups = await countGroups(tx, spec, scope, grouping, cursor?.i ?? null);
      const { planned, hasNext } = plan(grouping, groups, cursor, size);
      const rows = await readPlanned(tx, spec, scope, grouping, groups, planned);

      const itemIds = [...new Set(rows.map((r) => r.id))];
      const goalIds = [...new Set(rows.flatMap((r) => (r.goalId === null ? [] : [r.goalId])))];
      const managers = await loadManagers(tx, itemIds);
      const goalTitles = await loadGoalTitles(tx, goalIds);

      const itemsBySlot = new Map<number, ListItem[]>();
      rows.sort((a, b) => a.slot - b.slot || b.id - a.id);
      for (const row of rows) {
        const list = itemsBySlot.get(row.slot) ?? [];
        list.push(toListItem(row, managers.get(row.id) ?? [], goalTitles));
        itemsBySlot.set(row.slot, list);
      }
      const data: ListGroup[] = groups.map((g, index) => ({
        groupKey: g.key,
        filterName: g.label,
        imageUrl: g.imageUrl,
        dataCnt: g.total,
        items: itemsBySlot.get(index) ?? [],
      }));

      let nextCursor: string | null = null;
      const last = rows[rows.length - 1];
      if (hasNext && last) {
        const group = groups[last.slot]!;
        const labelled = (grouping === 'MANAGER' || grouping === 'GOAL') && group.key !== NONE_GROUP_KEY;
        nextCursor = encodeCursor({
          g: grouping,
          k: group.key,
          ...(labelled ? { l: group.label } : {}),
          i: last.id,
        });
      }
      return { data, hasNext, nextCursor };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
