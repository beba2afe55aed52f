import { type SQL, and, eq, exists, inArray, isNull, notExists, sql } from 'drizzle-orm';
import {
  EXT_SERVICE_TYPES,
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
import { type Db, queryPrepared } from '../../db';
import { item, itemManager, member } from '../../db/schema';
import { REMOVED_MEMBER_SUFFIX } from '../../../contract/members';
import { formatTimestamp } from '../../http/time';
import { type ListCursor, cursorAfter } from './cursor';
import type { KindSpec } from './kinds';
import type { TeamScope } from '../../http/team-scope';

/**
 * Grouped, cursor-paged lists of goals, issues and externals (docs/product.md "Grouped lists").
 *
 * A page is one prepared SQL statement (`pageStatement`; one snapshot, so sizes and items always agree), given the
 * group order it should assume (`$3`, the group keys in order):
 * 1. every non-empty group of the team with its size (`dataCnt`) and label, read from `item_group_count` — sizes
 *    the database keeps up to date on every write (triggers of migration 0008; see `itemGroupCount` in the schema),
 *    so no page counts the team's items: a page costs the same with 200 or 20,000 items (docs/performance.md "Lists");
 * 2. the page's plan in that order: the cursor's group (when it is still listed) below the cursor's id, at most
 *    `size + 1` items (the one extra tells whether it goes on); then each later group from its top, planned as if
 *    the cursor's group gave nothing, until `size` items are planned;
 * 3. one keyset read per planned group (`… AND id < $cursor ORDER BY id DESC LIMIT $n`, a range scan of an
 *    `item_team_kind_*_id_idx` index or of `item_manager_member_item_idx`, see `NEWEST_FIRST`), with each item's
 *    managers and goal title;
 * 4. the groups and the items come back as two JSON values of one row.
 * The app then puts the groups in group order (`compareGroups`: Korean collation for MANAGER / GOAL labels, which
 * the database cannot be relied on to have) and checks that the order the statement assumed agrees with it for
 * every listed group and the cursor's — always true for the fixed orders (STATE, PRIORITY, EXT_TYPE); for MANAGER /
 * GOAL the order last seen for the team is assumed, and when a group came, went or was renamed since, the statement
 * runs again with the right order (at most twice more). The page is the first `size` items read, in group order.
 * `hasNext` is true exactly when an item of the team lies beyond the page.
 * One statement instead of a transaction of six (BEGIN, sizes, items, managers, goals, COMMIT), and prepared rather
 * than built by Drizzle on every request: docs/performance.md "Embedded database and speed".
 */

/** Groups in the order they are listed, with their totals and labels. */
interface GroupCount {
  key: string;
  label: string;
  imageUrl: string | null;
  total: number;
}

const collator = new Intl.Collator('ko');

/** Managers in list order: by name (Korean collation), then id. */
function byManagerName(a: Manager, b: Manager): number {
  return collator.compare(a.name, b.name) || a.memberId - b.memberId;
}

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

/** Step 4: managers of the page's items (one query), each item's sorted by name then id. */
export async function loadManagers(tx: Db, itemIds: number[]): Promise<Map<number, Manager[]>> {
  const byItem = new Map<number, Manager[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await tx
    .select({
      itemId: itemManager.itemId,
      memberId: member.id,
      // issue #23 (admin): a member removed from the item's workspace shows as "이름 (내보낸 멤버)".
      name: sql<string>`case when ${member.removedFromWorkspaceId} = ${item.workspaceId}
        and ${member.workspaceId} is distinct from ${item.workspaceId}
        then ${member.name} || ${REMOVED_MEMBER_SUFFIX} else ${member.name} end`,
      profileUrl: member.profileImageUrl,
    })
    .from(itemManager)
    .innerJoin(member, eq(member.id, itemManager.memberId))
    .innerJoin(item, eq(item.id, itemManager.itemId))
    .where(inArray(itemManager.itemId, itemIds));
  for (const { itemId, ...manager } of rows) {
    const list = byItem.get(itemId) ?? [];
    list.push(manager);
    byItem.set(itemId, list);
  }
  for (const list of byItem.values()) list.sort(byManagerName);
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

/** The columns of a list row as `toListItem` takes them (`LIST_ROW_FIELDS` read through Drizzle). */
export interface ListRow {
  id: number;
  name: string;
  title: string;
  state: State;
  priority: Priority;
  deadlineStart: string | null;
  deadlineEnd: string | null;
  goalId: number | null;
  extServiceType: ExtServiceType | null;
  createdAt: Date;
}

/** The wire shape of a list row (contract `ListItem`), its managers already in order. */
export function toListItem(row: ListRow, managers: Manager[], goalTitles: Map<number, string>): ListItem {
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

/** The largest `integer` id: the bound of a group read from its top (a condition on `id` the index can use). */
const MAX_INT4 = 2147483647;

/**
 * issue #23 (admin): a manager's name in the page statement — "이름 (내보낸 멤버)" for a member removed from the
 * team's workspace (`$1` is the team) who is not back in it.
 */
const REMOVED_NAME_SQL =
  `case when m.removed_from_workspace_id = (select t.workspace_id from team t where t.id = $1) ` +
  `and m.workspace_id is distinct from m.removed_from_workspace_id ` +
  `then m.name || '${REMOVED_MEMBER_SUFFIX}' else m.name end`;

/** The columns a group's read returns, in `PageItem` order after the group key. */
const ROW_COLUMNS =
  'i.id, i.name, i.title, i.state, i.priority, i.deadline_start, i.deadline_end, i.goal_id, i.ext_service_type, ' +
  'i.created_at';

/**
 * One planned group's read (`p`: the plan's row — `key`, `before_id`, `lim`): the team's items of the kind matching
 * `where`, below `p.before_id` (null: from the top), newest first, `p.lim` at most.
 */
const groupRead = (where: string) =>
  `(select ${ROW_COLUMNS} from item i where i.team_id = $1 and i.kind = $2 and ` +
  `i.id <= coalesce(p.before_id - 1, ${MAX_INT4}) and ${where} order by i.id desc nulls last limit p.lim)`;

/** A group's label looked up by its key (`s.key`, an id or NONE): one primary-key lookup, never a join. */
const labelOf = (column: string, table: string) =>
  `(select l.${column} from ${table} l where l.id = nullif(s.key, '${NONE_GROUP_KEY}')::integer)`;

/**
 * Per grouping: the reads of one group (a group's key is `p.key`; where NONE and the other keys need different
 * predicates — and indexes — each has its own read, and only the one whose test on `p.key` holds runs), and the
 * label and image of a group (`s.key`; null where the grouping has none).
 */
const GROUPINGS_SQL: Record<Grouping, { reads: string[]; label: string; image: string }> = {
  STATE: { reads: [groupRead('i.state = p.key')], label: 'null', image: 'null' },
  PRIORITY: { reads: [groupRead('i.priority = p.key')], label: 'null', image: 'null' },
  EXT_TYPE: {
    reads: [
      groupRead(`p.key = '${NONE_GROUP_KEY}' and i.ext_service_type is null`),
      groupRead(`p.key <> '${NONE_GROUP_KEY}' and i.ext_service_type = p.key`),
    ],
    label: 'null',
    image: 'null',
  },
  GOAL: {
    reads: [
      groupRead(`p.key = '${NONE_GROUP_KEY}' and i.goal_id is null`),
      groupRead(`p.key <> '${NONE_GROUP_KEY}' and i.goal_id = nullif(p.key, '${NONE_GROUP_KEY}')::integer`),
    ],
    label: labelOf('title', 'item'),
    image: 'null',
  },
  MANAGER: {
    reads: [
      groupRead(
        `p.key = '${NONE_GROUP_KEY}' and not exists (select 1 from item_manager im where im.item_id = i.id)`,
      ),
      // A member's items newest first from their `item_manager_member_item_idx` entries, each looked up by id
      // (`offset 0` keeps it a lookup: as a join the planner may merge it with the team's whole list instead).
      `(select ${ROW_COLUMNS} from item_manager im cross join lateral (` +
        `select * from item i where i.id = im.item_id and i.team_id = $1 and i.kind = $2 offset 0) i ` +
        `where p.key <> '${NONE_GROUP_KEY}' and im.member_id = nullif(p.key, '${NONE_GROUP_KEY}')::integer ` +
        `and im.item_id <= coalesce(p.before_id - 1, ${MAX_INT4}) ` +
        `order by im.item_id desc nulls last limit p.lim)`,
    ],
    // issue #23 (admin): a removed manager's group is labelled "이름 (내보낸 멤버)" too.
    label: `(select ${REMOVED_NAME_SQL.replaceAll('m.', 'l.')} from member l where l.id = nullif(s.key, '${NONE_GROUP_KEY}')::integer)`,
    image: labelOf('profile_image_url', 'member'),
  },
};

/** `pageStatement`s, built once per grouping. */
const pageStatements = new Map<Grouping, { name: string; text: string }>();

/**
 * The page statement of `grouping` (see the module comment). Parameters: `$1` team id, `$2` kind, `$3` the group
 * keys in the order to assume (text[]; a group missing from it is not read), `$4` the cursor's group key and `$5` its
 * item id (both null on a first page), `$6` the page size. One row: `groups` — JSON `[key, size, label, imageUrl]`
 * per non-empty group (label / image null where the grouping has none), `items` — JSON `[groupKey, id, name, title,
 * state, priority, deadlineStart, deadlineEnd, goalId, extServiceType, createdAt (epoch seconds), goalTitle,
 * managers ([memberId, name, profileImageUrl][] or null)]` per item read (at most `size + 1` beyond the page).
 */
export function pageStatement(grouping: Grouping): { name: string; text: string } {
  let statement = pageStatements.get(grouping);
  if (!statement) {
    statement = { name: `list_page_${grouping.toLowerCase()}`, text: pageStatementText(grouping) };
    pageStatements.set(grouping, statement);
  }
  return statement;
}

function pageStatementText(grouping: Grouping): string {
  const { reads, label, image } = GROUPINGS_SQL[grouping];
  return `with sizes as (
  select c.group_key as key, sum(c.delta)::integer as total
  from item_group_count c
  where c.team_id = $1 and c.kind = $2 and c.group_by = '${grouping}'
  group by c.group_key
  having sum(c.delta) > 0
), ranked as (
  select s.key, s.total, array_position($3::text[], s.key) as rank from sizes s
), at as (
  select array_position($3::text[], $4::text) as rank
), planned as (
  select r.key, $5::integer as before_id, least(r.total, $6::integer + 1)::bigint as lim
  from ranked r join at on r.rank = at.rank
  union all
  select later.key, null, later.lim from (
    select r.key, least(r.total, $6::integer - coalesce(sum(r.total) over (
      order by r.rank rows between unbounded preceding and 1 preceding), 0)) as lim
    from ranked r cross join at
    where r.rank > coalesce(at.rank, 0)
  ) later
  where later.lim > 0
), page as (
  select p.key as group_key, i.*
  from planned p cross join lateral (
    ${reads.join('\n    union all\n    ')}
  ) i
)
select
  (select coalesce(json_agg(json_build_array(s.key, s.total, ${label}, ${image})), '[]'::json)
   from sizes s) as groups,
  (select coalesce(json_agg(json_build_array(
     r.group_key, r.id, r.name, r.title, r.state, r.priority, r.deadline_start, r.deadline_end, r.goal_id,
     r.ext_service_type, floor(extract(epoch from r.created_at))::bigint,
     (select g.title from item g where g.id = r.goal_id),
     (select json_agg(json_build_array(m.id, ${REMOVED_NAME_SQL}, m.profile_image_url))
      from item_manager im join member m on m.id = im.member_id where im.item_id = r.id))), '[]'::json)
   from page r) as items`;
}

type GroupTuple = [key: string, total: number, label: string | null, imageUrl: string | null];
type ItemTuple = [
  groupKey: string,
  id: number,
  name: string,
  title: string,
  state: State,
  priority: Priority,
  deadlineStart: string | null,
  deadlineEnd: string | null,
  goalId: number | null,
  extServiceType: ExtServiceType | null,
  createdAt: number,
  goalTitle: string | null,
  managers: [memberId: number, name: string, profileUrl: string | null][] | null,
];

/** The parameters of `pageStatement` for one page, assuming the group order `order`. */
export function pageParams(
  spec: KindSpec,
  scope: TeamScope,
  cursor: ListCursor | null,
  size: number,
  order: readonly string[],
): unknown[] {
  return [scope.teamId, spec.kind, order, cursor?.k ?? null, cursor?.i ?? null, size];
}

/** Groups in group order, labelled as the lists show them. */
function toGroups(grouping: Grouping, rows: GroupTuple[]): GroupCount[] {
  const labelled = grouping === 'MANAGER' || grouping === 'GOAL' || grouping === 'EXT_TYPE';
  return rows
    .map(([key, total, label, imageUrl]) => ({
      key,
      label:
        labelled && key === NONE_GROUP_KEY
          ? NONE_GROUP_LABEL
          : grouping === 'MANAGER' || grouping === 'GOAL'
            ? (label ?? '')
            : key,
      imageUrl: grouping === 'MANAGER' && key !== NONE_GROUP_KEY ? imageUrl : null,
      total,
    }))
    .sort((a, b) => compareGroups(grouping, a, b));
}

/**
 * The keys of `groups` (in group order) with the cursor's group put in its place when it is no longer listed: the
 * order a page statement must assume to plan this page right.
 */
function orderOf(grouping: Grouping, groups: GroupCount[], cursor: ListCursor | null): string[] {
  const keys = groups.map((g) => g.key);
  if (!cursor || keys.includes(cursor.k)) return keys;
  const { index } = locateCursor(grouping, groups, cursor);
  keys.splice(index, 0, cursor.k);
  return keys;
}

/** Whether `assumed` lists every key of `needed` (in order) in the same order. */
function agrees(assumed: readonly string[], needed: readonly string[]): boolean {
  let last = -1;
  for (const key of needed) {
    const at = assumed.indexOf(key);
    if (at <= last) return false;
    last = at;
  }
  return true;
}

/** Orders to assume per database handle and `teamId/kind/grouping`: the fixed ones, else the last one seen. */
const ORDERS_MAX = 5_000;
const assumedOrders = new WeakMap<Db, Map<string, readonly string[]>>();

function fixedOrder(grouping: Grouping): readonly string[] | null {
  if (grouping === 'EXT_TYPE') return [NONE_GROUP_KEY, ...EXT_SERVICE_TYPES];
  return FIXED_ORDER[grouping] ?? null;
}

/**
 * The page: the first `size` rows read in group order (then newest first); `hasNext` when a row read lies beyond
 * it, or a group from `start` (the first group read from its top) on has more items than the page took from it.
 */
function takePage(
  groups: GroupCount[],
  start: number,
  read: { slot: number; item: ItemTuple }[],
  size: number,
): { rows: { slot: number; item: ItemTuple }[]; hasNext: boolean } {
  const sorted = [...read].sort((a, b) => a.slot - b.slot || b.item[1] - a.item[1]);
  const rows = sorted.slice(0, size);
  if (sorted.length > size) return { rows, hasNext: true };
  const taken = new Map<number, number>();
  for (const row of rows) taken.set(row.slot, (taken.get(row.slot) ?? 0) + 1);
  const hasNext = groups.some((g, index) => index >= start && g.total > (taken.get(index) ?? 0));
  return { rows, hasNext };
}

/** The list row of an item the page statement read. */
function listRowOf(item: ItemTuple): ListRow {
  const [, id, name, title, state, priority, deadlineStart, deadlineEnd, goalId, extServiceType, createdAt] =
    item;
  const row = { id, name, title, state, priority, deadlineStart, deadlineEnd, goalId, extServiceType };
  return { ...row, createdAt: new Date(createdAt * 1000) };
}

/** The managers of an item the page statement read, in list order (`byManagerName`). */
function managersOf(item: ItemTuple): Manager[] {
  return (item[12] ?? [])
    .map(([memberId, name, profileUrl]) => ({ memberId, name, profileUrl }))
    .sort(byManagerName);
}

/**
 * One page of the team's `spec.kind` items grouped by `grouping` (already checked to be offered for the kind),
 * after `cursor` (null = first page), at most `size` items across groups. One statement (see the module comment),
 * run again — at most twice — only when the MANAGER / GOAL group order it assumed turns out stale.
 */
export async function listPage(
  db: Db,
  spec: KindSpec,
  scope: TeamScope,
  grouping: Grouping,
  cursor: ListCursor | null,
  size: number,
): Promise<ListPage> {
  let orders = assumedOrders.get(db);
  if (!orders) {
    orders = new Map();
    assumedOrders.set(db, orders);
  }
  const orderKey = `${scope.teamId}/${spec.kind}/${grouping}`;
  const statement = pageStatement(grouping);
  let order = fixedOrder(grouping) ?? orders.get(orderKey) ?? [];
  let groups: GroupCount[] = [];
  let items: ItemTuple[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await queryPrepared<{ groups: GroupTuple[]; items: ItemTuple[] }>(
      db,
      statement.name,
      statement.text,
      pageParams(spec, scope, cursor, size, order),
    );
    groups = toGroups(grouping, row!.groups);
    items = row!.items;
    const needed = orderOf(grouping, groups, cursor);
    if (agrees(order, needed)) break;
    // A MANAGER / GOAL group came, went or was renamed since the order was last seen (or none was yet): plan again.
    // Should they keep changing, the third read stands: its groups and sizes are right, its items perhaps not all
    // of this page's.
    order = needed;
    if (orders.size >= ORDERS_MAX) orders.delete(orders.keys().next().value!);
    orders.set(orderKey, order);
  }

  const slotOf = new Map(groups.map((g, index) => [g.key, index]));
  const located = cursor ? locateCursor(grouping, groups, cursor) : null;
  const start = located ? located.index + (located.exact ? 1 : 0) : 0;
  const read = items.flatMap((item) => {
    const slot = slotOf.get(item[0]);
    return slot === undefined ? [] : [{ slot, item }];
  });
  const { rows, hasNext } = takePage(groups, start, read, size);

  // One title per goal of the page (an item carries its goal's title).
  const goalTitles = new Map<number, string>();
  for (const { item } of rows) {
    const [, , , , , , , , goalId, , , goalTitle] = item;
    if (goalId !== null && goalTitle !== null) goalTitles.set(goalId, goalTitle);
  }
  const itemsBySlot = new Map<number, ListItem[]>();
  for (const { slot, item } of rows) {
    const listed = toListItem(listRowOf(item), managersOf(item), goalTitles);
    const list = itemsBySlot.get(slot) ?? [];
    list.push(listed);
    itemsBySlot.set(slot, list);
  }
  const data: ListGroup[] = groups.map((g, index) => ({
    groupKey: g.key,
    filterName: g.label,
    imageUrl: g.imageUrl,
    dataCnt: g.total,
    items: itemsBySlot.get(index) ?? [],
  }));

  const last = rows[rows.length - 1];
  const nextCursor = hasNext && last ? cursorAfter(grouping, groups[last.slot]!, last.item[1]) : null;
  return { data, hasNext, nextCursor };
}
