import { type SQL, sql } from 'drizzle-orm';
import { GROUPINGS, type Grouping, NONE_GROUP_KEY, groupingDef } from '../../../contract';
import { MAX_ID } from '../../../contract/ids';
import { REMOVED_MEMBER_SUFFIX } from '../../../contract/members';
import { item } from '../../db/schema';

/**
 * The server half of the grouping registry (contract/groupings.ts; docs/architecture.md "Groupings"): each
 * grouping's SQL, read by the list statement (server/modules/items/list.ts), the cursor validation (cursor.ts), the
 * notifications list (server/modules/alarms/list.ts) and the group-size triggers (`itemGroupKeysFunction`, checked
 * against the installed trigger function by __tests__/server/modules/items/groupings.test.ts).
 */

/** The largest `integer` id: the bound of a group read from its top (a condition on `id` the index can use). */
const MAX_INT4 = 2147483647;

/**
 * issue #23 (admin): a member's name as lists show it — "이름 (내보낸 멤버)" for a member removed from the workspace
 * `workspaceSql` who is not back in it. `m` is the member's alias.
 */
export const removedNameSql = (m: string, workspaceSql: string) =>
  `case when ${m}.removed_from_workspace_id = ${workspaceSql} ` +
  `and ${m}.workspace_id is distinct from ${m}.removed_from_workspace_id ` +
  `then ${m}.name || '${REMOVED_MEMBER_SUFFIX}' else ${m}.name end`;

/** The columns a group's read returns (every one a list row needs, see `listRowJsonSql` in list.ts). */
export const ROW_COLUMNS =
  'i.id, i.workspace_id, i.name, i.title, i.state, i.priority, i.deadline_start, i.deadline_end, i.goal_id, ' +
  'i.ext_service_type, i.created_at';

/**
 * One planned group's read in the page statement (`p`: the plan's row — `key`, `before_id`, `lim`; `$1` team,
 * `$2` kind): the team's items of the kind matching `where`, below `p.before_id` (null: from the top), newest first,
 * `p.lim` at most. A range scan of an `item_team_kind_*_id_idx` index.
 */
export const groupRead = (where: string) =>
  `(select ${ROW_COLUMNS} from item i where i.team_id = $1 and i.kind = $2 and ` +
  `i.id <= coalesce(p.before_id - 1, ${MAX_INT4}) and ${where} order by i.id desc nulls last limit p.lim)`;

/** A group's label looked up by its key (`s.key`, an id or NONE): one primary-key lookup, never a join. */
const lookupById = (column: string, table: string) =>
  `(select l.${column} from ${table} l where l.id = nullif(s.key, '${NONE_GROUP_KEY}')::integer)`;

const ID_KEY = /^[1-9][0-9]{0,9}$/;
const idKey = (key: string) => key === NONE_GROUP_KEY || (ID_KEY.test(key) && Number(key) <= MAX_ID);

export interface GroupingSql {
  /**
   * The page statement's reads of one group (its key is `p.key`; where NONE and the other keys need different
   * predicates — and indexes — each has its own read, and only the one whose test on `p.key` holds runs).
   */
  reads: string[];
  /** The group's label (`s.key`) for `labelSource: 'lookup'` groupings, else `null`. */
  label: string;
  /** The group's image (`s.key`), or `null`. */
  image: string;
  /**
   * The group key of item row `i` (SQL over its columns, `i` an alias of `item`) as the group-size triggers count
   * it: MANAGER's is `'NONE'` — every item counts there as if it had no manager; the item_manager triggers move it
   * (drizzle/0008_list_group_sizes.sql).
   */
  key: (i: string) => string;
  /** The predicate selecting one group's items (Drizzle, on `item`; the notification lists). */
  predicate: (key: string) => SQL;
  /** Whether `key` can be a group key of the grouping (cursor validation). */
  validKey: (key: string) => boolean;
  /**
   * The indexes that may serve a group's read (its own list index, or the team's list with the group's condition
   * as a filter): __tests__/server/modules/items/list-plan.test.ts checks the plans against them.
   */
  indexes: string[];
}

const TEAM_LIST = 'item_team_kind_id_idx';

/** Whether `key` is one of the grouping's fixed keys. */
const fixedKey = (grouping: Grouping) => (key: string) => {
  const { order } = groupingDef(grouping);
  return order !== 'collated' && order.includes(key);
};

/** `item.<column> = key`, or `is null` for the NONE group of a nullable column. */
const columnIs = (column: SQL, key: string, nullable: boolean): SQL =>
  nullable && key === NONE_GROUP_KEY ? sql`${column} is null` : sql`${column} = ${key}`;

/** Per grouping, its SQL (see `GroupingSql`). */
export const GROUPINGS_SQL: Record<Grouping, GroupingSql> = {
  STATE: {
    reads: [groupRead('i.state = p.key')],
    label: 'null',
    image: 'null',
    key: (i) => `${i}.state`,
    predicate: (key) => columnIs(sql`${item.state}`, key, false),
    validKey: fixedKey('STATE'),
    indexes: ['item_team_kind_state_id_idx', TEAM_LIST],
  },
  PRIORITY: {
    reads: [groupRead('i.priority = p.key')],
    label: 'null',
    image: 'null',
    key: (i) => `${i}.priority`,
    predicate: (key) => columnIs(sql`${item.priority}`, key, false),
    validKey: fixedKey('PRIORITY'),
    indexes: ['item_team_kind_priority_id_idx', TEAM_LIST],
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
    label:
      `(select ${removedNameSql('l', '(select t.workspace_id from team t where t.id = $1)')} from member l ` +
      `where l.id = nullif(s.key, '${NONE_GROUP_KEY}')::integer)`,
    image: lookupById('profile_image_url', 'member'),
    key: () => `'${NONE_GROUP_KEY}'`,
    predicate: (key) =>
      key === NONE_GROUP_KEY
        ? sql`not exists (select 1 from item_manager im where im.item_id = ${item.id})`
        : sql`exists (select 1 from item_manager im where im.item_id = ${item.id} and im.member_id = ${Number(key)})`,
    validKey: idKey,
    indexes: [TEAM_LIST, 'item_manager_member_item_idx'],
  },
  GOAL: {
    reads: [
      groupRead(`p.key = '${NONE_GROUP_KEY}' and i.goal_id is null`),
      groupRead(`p.key <> '${NONE_GROUP_KEY}' and i.goal_id = nullif(p.key, '${NONE_GROUP_KEY}')::integer`),
    ],
    label: lookupById('title', 'item'),
    image: 'null',
    key: (i) => `coalesce(${i}.goal_id::text, '${NONE_GROUP_KEY}')`,
    predicate: (key) =>
      key === NONE_GROUP_KEY ? sql`${item.goalId} is null` : sql`${item.goalId} = ${Number(key)}`,
    validKey: idKey,
    indexes: ['item_team_kind_goal_id_idx', TEAM_LIST],
  },
  EXT_TYPE: {
    reads: [
      groupRead(`p.key = '${NONE_GROUP_KEY}' and i.ext_service_type is null`),
      groupRead(`p.key <> '${NONE_GROUP_KEY}' and i.ext_service_type = p.key`),
    ],
    label: 'null',
    image: 'null',
    key: (i) => `coalesce(${i}.ext_service_type, '${NONE_GROUP_KEY}')`,
    predicate: (key) => columnIs(sql`${item.extServiceType}`, key, true),
    validKey: fixedKey('EXT_TYPE'),
    indexes: [TEAM_LIST],
  },
};

/** The registry's SQL of `grouping`. */
export function groupingSql(grouping: Grouping): GroupingSql {
  return GROUPINGS_SQL[grouping];
}

/**
 * The body of `item_group_keys(i item)`, the function the group-size triggers count an item's groups with
 * (drizzle/0012_grouping_registry.sql): one `(group_by, group_key)` row per grouping of the registry. A new grouping
 * changes it; __tests__/server/modules/items/groupings.test.ts then fails until a new migration installs it
 * (`itemGroupKeysMigration`).
 */
export function itemGroupKeysBody(): string {
  return `\n  VALUES ${GROUPINGS.map((g) => `('${g}', ${groupingSql(g).key('i')})`).join(',\n         ')}\n`;
}

/**
 * The migration that installs the registry's `item_group_keys` and counts the items already there in the groups of
 * `added` (groupings new since the last such migration; the others are counted already). Paste it into a new file of
 * drizzle/ (and its entry into drizzle/meta/_journal.json).
 */
export function itemGroupKeysMigration(added: readonly Grouping[]): string {
  const fill = added.length
    ? `--> statement-breakpoint\nINSERT INTO "item_group_count" ("team_id", "kind", "group_by", "group_key", "delta")\n` +
      `SELECT i.team_id, i.kind, k.group_by, k.group_key, count(*)\n` +
      `  FROM item i CROSS JOIN LATERAL item_group_keys(i) k\n` +
      ` WHERE k.group_by IN (${added.map((g) => `'${g}'`).join(', ')})\n` +
      ` GROUP BY i.team_id, i.kind, k.group_by, k.group_key;`
    : '';
  return (
    `CREATE OR REPLACE FUNCTION "item_group_keys"(i item) RETURNS TABLE (group_by text, group_key text)\n` +
    `LANGUAGE sql IMMUTABLE AS $$${itemGroupKeysBody()}$$;${fill}\n`
  );
}
