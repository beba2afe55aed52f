import { type SQL, sql } from 'drizzle-orm';
import {
  type ExtServiceType,
  type Grouping,
  type ListGroup,
  type ListItem,
  type ListPage,
  type Manager,
  type Priority,
  type State,
  compareGroups,
  groupingDef,
  serverGroupLabel,
} from '../../../contract';
import { type Db, queryPrepared } from '../../db';
import { item } from '../../db/schema';
import { formatTimestamp } from '../../http/time';
import { type ListCursor, cursorAfter } from './cursor';
import type { KindSpec } from './kinds';
import type { TeamScope } from '../../http/team-scope';
import { groupingSql, removedNameSql } from './groupings';

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

/** Group order (contract/groupings.ts): re-exported for the notification lists and the tests. */
export { compareGroups };

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

/**
 * The predicate selecting one group's items (the notification lists' groups, server/modules/alarms/list.ts): the
 * registry's (server/modules/items/groupings.ts).
 */
export function groupPredicate(grouping: Grouping, key: string): SQL {
  return groupingSql(grouping).predicate(key);
}

/**
 * The order of a group's items: newest first, spelled as the list indexes declare it (`id DESC NULLS LAST`; ids are
 * never null, so it is `ORDER BY id DESC` all the same). Plain `id DESC` means `DESC NULLS FIRST`, which the list
 * indexes cannot give but the primary key, read backwards, can: the planner then prefers to walk the primary key
 * from the newest id down — past every other team's items — whenever the teams' items interleave, since it assumes a
 * team's items spread evenly over the ids (4.9 ms instead of 0.34 ms for a first page when they do not). In this
 * order only the list indexes can serve the sort, so each group is always a range scan of its own index
 * (__tests__/server/modules/items/list-plan.test.ts).
 */
export const NEWEST_FIRST = sql`${item.id} desc nulls last`;

/**
 * A list row with named fields, as the database builds it (`listRowJsonSql`) for every path that shows one — the
 * list statement, the notifications list, an item's detail and its live events — and `toListItem` decodes it.
 * `createdAt` in epoch seconds; `managers` null when it has none.
 */
export interface ListRowJson {
  id: number;
  name: string;
  title: string;
  state: State;
  priority: Priority;
  deadlineStart: string | null;
  deadlineEnd: string | null;
  goalId: number | null;
  goalTitle: string | null;
  extServiceType: ExtServiceType | null;
  createdAt: number;
  managers: Manager[] | null;
}

/**
 * The SQL of one item's `ListRowJson` (`json_build_object`), `r` an alias of an `item` row (or of a row with its
 * columns, `ROW_COLUMNS`): its fields, its goal's title (a primary-key lookup) and its managers (issue #23 (admin):
 * a member removed from the item's workspace shows as "이름 (내보낸 멤버)").
 */
export function listRowJsonSql(r: string): string {
  return (
    `json_build_object('id', ${r}.id, 'name', ${r}.name, 'title', ${r}.title, 'state', ${r}.state, ` +
    `'priority', ${r}.priority, 'deadlineStart', ${r}.deadline_start, 'deadlineEnd', ${r}.deadline_end, ` +
    `'goalId', ${r}.goal_id, 'goalTitle', (select g.title from item g where g.id = ${r}.goal_id), ` +
    `'extServiceType', ${r}.ext_service_type, 'createdAt', floor(extract(epoch from ${r}.created_at))::bigint, ` +
    `'managers', (select json_agg(json_build_object('memberId', m.id, 'name', ` +
    `${removedNameSql('m', `${r}.workspace_id`)}, 'profileUrl', m.profile_image_url)) ` +
    `from item_manager im join member m on m.id = im.member_id where im.item_id = ${r}.id))`
  );
}

/** `listRowJsonSql` of the `item` table's row in a Drizzle select (`row: listRowJson()`). */
export function listRowJson(): SQL<ListRowJson> {
  return sql<ListRowJson>`${sql.raw(listRowJsonSql('"item"'))}`;
}

/** The wire shape of a list row (contract `ListItem`), managers by name (Korean collation) then id. */
export function toListItem(row: ListRowJson): ListItem {
  const managers = [...(row.managers ?? [])].sort(byManagerName);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    state: row.state,
    priority: row.priority,
    deadline: { start: row.deadlineStart, end: row.deadlineEnd },
    managers: { cnt: managers.length, info: managers },
    goal: row.goalId !== null && row.goalTitle !== null ? { id: row.goalId, title: row.goalTitle } : null,
    extServiceType: row.extServiceType,
    createdAt: formatTimestamp(new Date(Number(row.createdAt) * 1000)),
  };
}

/** `pageStatement`s, built once per grouping. */
const pageStatements = new Map<Grouping, { name: string; text: string }>();

/**
 * The page statement of `grouping` (see the module comment). Parameters: `$1` team id, `$2` kind, `$3` the group
 * keys in the order to assume (text[]; a group missing from it is not read), `$4` the cursor's group key and `$5` its
 * item id (both null on a first page), `$6` the page size. One row: `groups` — JSON `{ key, total, label, imageUrl }`
 * per non-empty group (label / image null where the grouping has none), `items` — JSON `{ groupKey, row }` per item
 * read (`row` a `ListRowJson`; at most `size + 1` beyond the page).
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
  const { reads, label, image } = groupingSql(grouping);
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
  (select coalesce(json_agg(json_build_object('key', s.key, 'total', s.total, 'label', ${label}, 'imageUrl', ${image})), '[]'::json)
   from sizes s) as groups,
  (select coalesce(json_agg(json_build_object('groupKey', r.group_key, 'row', ${listRowJsonSql('r')})), '[]'::json)
   from page r) as items`;
}

/** A group the page statement read (label / image null where the grouping has none). */
interface PageGroup {
  key: string;
  total: number;
  label: string | null;
  imageUrl: string | null;
}

/** An item the page statement read: its group's key and its row. */
interface PageItem {
  groupKey: string;
  row: ListRowJson;
}

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
function toGroups(grouping: Grouping, rows: PageGroup[]): GroupCount[] {
  return rows
    .map(({ key, total, label, imageUrl }) => ({
      key,
      label: serverGroupLabel(grouping, key, label),
      imageUrl,
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

/** The group order of a fixed-order grouping (contract/groupings.ts), else null. */
function fixedOrder(grouping: Grouping): readonly string[] | null {
  const { order } = groupingDef(grouping);
  return order === 'collated' ? null : order;
}

/**
 * The page: the first `size` rows read in group order (then newest first); `hasNext` when a row read lies beyond
 * it, or a group from `start` (the first group read from its top) on has more items than the page took from it.
 */
function takePage(
  groups: GroupCount[],
  start: number,
  read: { slot: number; item: PageItem }[],
  size: number,
): { rows: { slot: number; item: PageItem }[]; hasNext: boolean } {
  const sorted = [...read].sort((a, b) => a.slot - b.slot || b.item.row.id - a.item.row.id);
  const rows = sorted.slice(0, size);
  if (sorted.length > size) return { rows, hasNext: true };
  const taken = new Map<number, number>();
  for (const row of rows) taken.set(row.slot, (taken.get(row.slot) ?? 0) + 1);
  const hasNext = groups.some((g, index) => index >= start && g.total > (taken.get(index) ?? 0));
  return { rows, hasNext };
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
  let items: PageItem[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await queryPrepared<{ groups: PageGroup[]; items: PageItem[] }>(
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
    const slot = slotOf.get(item.groupKey);
    return slot === undefined ? [] : [{ slot, item }];
  });
  const { rows, hasNext } = takePage(groups, start, read, size);

  const itemsBySlot = new Map<number, ListItem[]>();
  for (const { slot, item } of rows) {
    const list = itemsBySlot.get(slot) ?? [];
    list.push(toListItem(item.row));
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
  const nextCursor = hasNext && last ? cursorAfter(grouping, groups[last.slot]!, last.item.row.id) : null;
  return { data, hasNext, nextCursor };
}
