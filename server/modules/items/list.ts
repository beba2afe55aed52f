import { type SQL, and, eq, exists, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
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
import { item, itemGroupCount, itemManager, member } from '../../db/schema';
import { formatTimestamp } from '../../http/time';
import { type ListCursor, cursorAfter } from './cursor';
import type { KindSpec } from './kinds';
import type { TeamScope } from '../../http/team-scope';

/**
 * Grouped, cursor-paged lists of goals, issues and externals (docs/product.md "Grouped lists").
 *
 * Per request, in one read-only REPEATABLE READ transaction (so sizes and items come from one snapshot):
 * 1. every non-empty group of the team with its size (`dataCnt`) and label, read from `item_group_count` — sizes
 *    the database keeps up to date on every write (triggers of migration 0008; see `itemGroupCount` in the schema),
 *    so no page counts the team's items: a page costs the same with 200 or 20,000 items (README "Performance");
 * 2. the groups are put in group order and the page is planned from those sizes: the cursor's group from below its
 *    id (at most `size + 1` items, the one extra telling whether it goes on), then each later group from its top,
 *    planned as if the cursor's group gave nothing, until `size` items are planned;
 * 3. one `UNION ALL` of keyset queries (`… AND id < $cursor ORDER BY id DESC LIMIT $n`, one per planned group, each
 *    a range scan of an `item_team_kind_*_id_idx` index or of `item_manager_member_item_idx`, see `NEWEST_FIRST`)
 *    reads them, and the page takes the first `size` in group
 *    order (so at most `size + 1` items are read beyond the page);
 * 4. the managers and goals of the page's items are loaded in one query each.
 * `hasNext` is true exactly when an item of the team lies beyond the page.
 */

/** Groups in the order they are listed, with their totals and labels. */
interface GroupCount {
  key: string;
  label: string;
  imageUrl: string | null;
  total: number;
}

const collator = new Intl.Collator('ko');

/** Fixed group orders (docs/product.md "Grouped lists"): STATE and PRIORITY. */
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

/**
 * Step 1's query: every non-empty group of `grouping` with its size (the sum of its `item_group_count` rows) and,
 * for GOAL the goal's title, for MANAGER the member's name and photo.
 */
export function groupSizesQuery(tx: Db, spec: KindSpec, scope: TeamScope, grouping: Grouping) {
  const c = itemGroupCount;
  const sizes = tx
    .select({ key: c.groupKey, total: sql<number>`sum(${c.delta})::integer`.as('total') })
    .from(c)
    .where(and(eq(c.teamId, scope.teamId), eq(c.kind, spec.kind), eq(c.groupBy, grouping)))
    .groupBy(c.groupKey)
    .having(sql`sum(${c.delta}) > 0`)
    .as('sizes');
  // The id a MANAGER / GOAL key names (null for NONE).
  const id = sql`nullif(${sizes.key}, ${NONE_GROUP_KEY})::integer`;
  return tx
    .select({
      key: sizes.key,
      total: sizes.total,
      label: sql<string | null>`coalesce(${goalOf.title}, ${member.name})`,
      imageUrl: member.profileImageUrl,
    })
    .from(sizes)
    .leftJoin(goalOf, grouping === 'GOAL' ? eq(goalOf.id, id) : sql`false`)
    .leftJoin(member, grouping === 'MANAGER' ? eq(member.id, id) : sql`false`);
}

/** Step 1: every non-empty group with its size and label, in group order. */
async function countGroups(
  tx: Db,
  spec: KindSpec,
  scope: TeamScope,
  grouping: Grouping,
): Promise<GroupCount[]> {
  const rows = await groupSizesQuery(tx, spec, scope, grouping);
  const labelled = grouping === 'MANAGER' || grouping === 'GOAL' || grouping === 'EXT_TYPE';
  return rows
    .map((r) => ({
      key: r.key,
      label:
        labelled && r.key === NONE_GROUP_KEY
          ? NONE_GROUP_LABEL
          : grouping === 'MANAGER' || grouping === 'GOAL'
            ? (r.label ?? '')
            : r.key,
      imageUrl: grouping === 'MANAGER' && r.key !== NONE_GROUP_KEY ? r.imageUrl : null,
      total: r.total,
    }))
    .sort((a, b) => compareGroups(grouping, a, b));
}

/**
 * Index of the first group at or after the cursor's position (`exact`: that group is the cursor's own; else it has
 * emptied since and the page starts at the next group in group order, found by the cursor's key and label).
 * `groups` are in group order.
 */
export function locateCursor(
  grouping: Grouping,
  groups: readonly { key: string; label: string }[],
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
  /** How many items to read (the page takes fewer when the cursor's group fills it). */
  limit: number;
  beforeId: number | null;
}

interface Plan {
  planned: PlannedGroup[];
  /** The cursor's own group (read below the cursor's id), or null. */
  cursorGroup: number | null;
  /** The first group read from its top. */
  start: number;
}

/**
 * Step 2: which groups this page reads and at most how many items from each. The cursor's group (when it is still
 * listed) is read below the cursor's id, `size + 1` items at most; the groups after it from their tops as if the
 * cursor's group gave nothing, until `size` items are planned. `assemble` then takes the page out of them.
 */
function plan(grouping: Grouping, groups: GroupCount[], cursor: ListCursor | null, size: number): Plan {
  const planned: PlannedGroup[] = [];
  let cursorGroup: number | null = null;
  let start = 0;
  if (cursor) {
    const { index, exact } = locateCursor(grouping, groups, cursor);
    start = index;
    if (exact) {
      cursorGroup = index;
      planned.push({ index, limit: Math.min(groups[index]!.total, size + 1), beforeId: cursor.i });
      start = index + 1;
    }
  }
  let need = size;
  for (let index = start; index < groups.length && need > 0; index++) {
    const limit = Math.min(groups[index]!.total, need);
    planned.push({ index, limit, beforeId: null });
    need -= limit;
  }
  return { planned, cursorGroup, start };
}

/** The predicate selecting one group's items (also the notification lists' groups, server/modules/alarms/list.ts). */
export function groupPredicate(grouping: Grouping, key: string): SQL | undefined {
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

/** The columns of a list row (`toListItem`'s input), also read by live events and notification lists. */
export const LIST_ROW_FIELDS = {
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

/**
 * The order of a group's items: newest first, spelled as the list indexes declare it (`id DESC NULLS LAST`; ids are
 * never null, so it is `ORDER BY id DESC` all the same). Plain `id DESC` means `DESC NULLS FIRST`, which the list
 * indexes cannot give but the primary key, read backwards, can: the planner then prefers to walk the primary key
 * from the newest id down — past every other team's items — whenever the teams' items interleave, since it assumes a
 * team's items spread evenly over the ids (4.9 ms instead of 0.34 ms for a first page when they do not). In this
 * order only the list indexes can serve the sort, so each group is always a range scan of its own index
 * (__tests__/server/list-plan.test.ts).
 */
export const NEWEST_FIRST = sql`${item.id} desc nulls last`;

/**
 * Step 3's query for one group: its items of the team and kind, below `beforeId` (null: from the top), newest first,
 * `limit` at most; `slot` tags the rows with the group's position in the page.
 */
export function groupItemsQuery(
  tx: Db,
  spec: KindSpec,
  scope: TeamScope,
  grouping: Grouping,
  key: string,
  beforeId: number | null,
  limit: number,
  slot = 0,
) {
  return tx
    .select({ ...LIST_ROW_FIELDS, slot: sql<number>`${sql.raw(String(slot))}`.mapWith(Number) })
    .from(item)
    .where(
      and(
        ofKind(spec, scope),
        groupPredicate(grouping, key),
        beforeId === null ? undefined : lt(item.id, beforeId),
      ),
    )
    .orderBy(NEWEST_FIRST)
    .limit(limit)
    .$dynamic();
}

/** Step 3: the planned items, one keyset query per group, sent as one `UNION ALL`. */
async function readPlanned(
  tx: Db,
  spec: KindSpec,
  scope: TeamScope,
  grouping: Grouping,
  groups: GroupCount[],
  planned: PlannedGroup[],
) {
  const queries = planned
    .filter((p) => p.limit > 0)
    .map((p) =>
      groupItemsQuery(tx, spec, scope, grouping, groups[p.index]!.key, p.beforeId, p.limit, p.index),
    );
  if (queries.length === 0) return [];
  const [first, second, ...rest] = queries;
  return second === undefined ? await first! : await unionAll(first!, second, ...rest);
}

type ItemRow = Awaited<ReturnType<typeof readPlanned>>[number];

/**
 * Step 3, end: the page is the first `size` of the rows read, in group order (then newest first); `hasNext` when a
 * row read lies beyond it, or a group from the plan's `start` on has more items than the page took from it (the
 * cursor's group, when nothing was read beyond the page, ended inside it).
 */
function takePage(
  groups: GroupCount[],
  { start }: Plan,
  read: ItemRow[],
  size: number,
): { rows: ItemRow[]; hasNext: boolean } {
  const sorted = [...read].sort((a, b) => a.slot - b.slot || b.id - a.id);
  const rows = sorted.slice(0, size);
  if (sorted.length > size) return { rows, hasNext: true };
  const taken = new Map<number, number>();
  for (const row of rows) taken.set(row.slot, (taken.get(row.slot) ?? 0) + 1);
  const hasNext = groups.some((g, index) => index >= start && g.total > (taken.get(index) ?? 0));
  return { rows, hasNext };
}

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
      const groups = await countGroups(tx, spec, scope, grouping);
      const planned = plan(grouping, groups, cursor, size);
      const read = await readPlanned(tx, spec, scope, grouping, groups, planned.planned);
      const { rows, hasNext } = takePage(groups, planned, read, size);

      const itemIds = [...new Set(rows.map((r) => r.id))];
      const goalIds = [...new Set(rows.flatMap((r) => (r.goalId === null ? [] : [r.goalId])))];
      const managers = await loadManagers(tx, itemIds);
      const goalTitles = await loadGoalTitles(tx, goalIds);

      const itemsBySlot = new Map<number, ListItem[]>();
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

      const last = rows[rows.length - 1];
      const nextCursor = hasNext && last ? cursorAfter(grouping, groups[last.slot]!, last.id) : null;
      return { data, hasNext, nextCursor };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
