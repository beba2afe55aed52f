import { type SQL, and, count, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import {
  ALARM_GROUPINGS_BY_TYPE,
  type AlarmGroup,
  type AlarmGrouping,
  type AlarmPage,
  type AlarmRow,
  type AlarmType,
  type AlarmUnreadCount,
  type Grouping,
  type ItemKind,
  serverGroupLabel,
} from '../../../contract';
import type { Db } from '../../db';
import { alarm, item, member } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { hiddenTeamIds } from '../../http/team-scope';
import { formatTimestamp } from '../../http/time';
import { cursorAfter, decodeCursor } from '../items';
import { groupingSql } from '../items';
import { compareGroups, groupPredicate, listRowJson, locateCursor, toListItem } from '../items';
import { ALARM_TYPE_OF_KIND } from '../events';
import { KIND_OF_CATEGORY } from '../../../contract/kinds';
import { ALARM_LIST_GROUPING } from '../../../contract/groupings';

/**
 * The notifications page (`GET /api/alarms/{type}`) and the unread count, per member. Rows are the member's alarms
 * about items of the tab's kind in their current workspace, grouped like the item lists (server/modules/items/list.ts:
 * the same group order, labels and row fields) and paged by keyset over (group order, alarm id descending). A member
 * holds at most 30 days of alarms, so group sizes are counted per request (one `GROUP BY`).
 */

/** The item kind shown on each tab (the kind of that category, contract/kinds.ts). */
export const KIND_OF_TYPE: Readonly<Record<AlarmType, ItemKind>> = KIND_OF_CATEGORY;

const LIST_GROUPING: Readonly<Record<AlarmGrouping, Grouping>> = ALARM_LIST_GROUPING;

/**
 * `query` of `GET /api/alarms/{type}` (absent → STATE; case-insensitive) → the grouping, or 400 `ALARM400_0` when
 * the tab does not offer it (GOAL: STATE, PRIORITY; ISSUE: + GOAL; EXTERNAL: + GOAL, EXTERNAL) or it is no grouping.
 */
export function parseAlarmGrouping(type: AlarmType, raw: string | undefined): AlarmGrouping {
  const value = (raw ?? 'STATE').toUpperCase();
  const offered = ALARM_GROUPINGS_BY_TYPE[type];
  if (!(offered as readonly string[]).includes(value)) {
    throw new ApiError('ALARM400_0', { query: `${offered.join(', ')} 중 하나여야 합니다.` });
  }
  return value as AlarmGrouping;
}

/** The caller's current workspace (null: none, or withdrawn). */
async function workspaceOf(tx: Db, memberId: number): Promise<number | null> {
  const [row] = await tx
    .select({ workspaceId: member.workspaceId })
    .from(member)
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)));
  return row?.workspaceId ?? null;
}

/**
 * The group key column of a grouping, the registry's (server/modules/items/groupings.ts; `NONE` for an empty goal /
 * tool), inline so the select and `GROUP BY` expressions are the same.
 */
function groupKeySql(grouping: AlarmGrouping): SQL<string> {
  return sql<string>`${sql.raw(groupingSql(LIST_GROUPING[grouping]).key('"item"'))}`;
}

interface Group {
  key: string;
  label: string;
  total: number;
}

/**
 * The member's alarms of the tab in the workspace, without those of `hidden` teams (private teams the member is not
 * in, issue #23: usually none, and then no condition is added).
 */
const ofTab = (memberId: number, workspaceId: number, type: AlarmType, hidden: readonly number[] = []) =>
  and(
    eq(alarm.memberId, memberId),
    eq(item.workspaceId, workspaceId),
    eq(item.kind, KIND_OF_TYPE[type]),
    hidden.length > 0 ? notInArray(item.teamId, [...hidden]) : undefined,
  );

/**
 * One page of the caller's notifications of tab `type` grouped by `grouping` (already checked with
 * `parseAlarmGrouping`), after `rawCursor` (absent or `-1`: first page; else a `nextCursor` of the same grouping,
 * 400 `VALID400_1` `result.cursor` otherwise), at most `size` rows across groups; `today` is the page's `deadline`.
 * Every non-empty group is listed on every page (in group order, `dataCnt` its total) with this page's rows, newest
 * alarm first. One read-only REPEATABLE READ transaction, so counts and rows agree.
 */
export async function alarmPage(
  db: Db,
  memberId: number,
  type: AlarmType,
  grouping: AlarmGrouping,
  rawCursor: string | undefined,
  size: number,
  today: string,
): Promise<AlarmPage> {
  const listGrouping = LIST_GROUPING[grouping];
  const cursor = decodeCursor(rawCursor, listGrouping);
  const empty: AlarmPage = {
    type,
    deadline: today,
    groupedList: [],
    totalSize: 0,
    hasNext: false,
    nextCursor: null,
  };
  return db.transaction(
    async (tx) => {
      const workspaceId = await workspaceOf(tx, memberId);
      if (workspaceId === null) return empty;
      const where = ofTab(memberId, workspaceId, type, await hiddenTeamIds(tx, memberId, workspaceId));

      const keyColumn = groupKeySql(grouping);
      const counts = tx
        .select({ key: sql<string>`${keyColumn}`.as('key'), total: count().as('total') })
        .from(alarm)
        .innerJoin(item, eq(item.id, alarm.itemId))
        .where(where)
        .groupBy(keyColumn)
        .as('s');
      // Labels as the item lists give them (the registry's label of `s.key`: a goal's title; codes as they are).
      const label = sql.raw(groupingSql(listGrouping).label);
      const counted = await tx
        .select({ key: counts.key, total: counts.total, label: sql<string | null>`${label}` })
        .from(counts);
      const groups: Group[] = counted
        .map((c) => ({
          key: c.key,
          total: Number(c.total),
          label: serverGroupLabel(listGrouping, c.key, c.label),
        }))
        .sort((a, b) => compareGroups(listGrouping, a, b));
      if (groups.length === 0) return empty;

      // Where the page starts: inside the cursor's group below its alarm id, or (its group emptied meanwhile) at
      // the first group after the cursor's position.
      const at = cursor ? locateCursor(listGrouping, groups, cursor) : { index: 0, exact: false };
      const start = at.index;
      const beforeId = cursor && at.exact ? cursor.i : null;

      const picked: { slot: number; row: Awaited<ReturnType<typeof readGroup>>[number] }[] = [];
      let hasNext = false;
      for (let slot = start; slot < groups.length; slot++) {
        const need = size - picked.length;
        const read = await readGroup(
          tx,
          where,
          grouping,
          groups[slot]!.key,
          slot === start ? beforeId : null,
          need + 1,
        );
        for (const row of read.slice(0, need)) picked.push({ slot, row });
        if (read.length > need) {
          hasNext = true;
          break;
        }
        if (picked.length === size) {
          hasNext = slot + 1 < groups.length;
          break;
        }
      }

      const bySlot = new Map<number, AlarmRow[]>();
      for (const { slot, row } of picked) {
        const listed = toListItem(row.row);
        const list = bySlot.get(slot) ?? [];
        list.push({
          alarmId: row.alarmId,
          reason: row.reason,
          read: row.read,
          createdAt: formatTimestamp(row.alarmCreatedAt),
          teamId: row.teamId,
          typeId: listed.id,
          name: listed.name,
          title: listed.title,
          state: listed.state,
          priority: listed.priority,
          deadline: listed.deadline,
          managerList: listed.managers.info,
          goal: row.kind === 'goal' ? null : listed.goal,
          extServiceType: listed.extServiceType,
        });
        bySlot.set(slot, list);
      }
      const groupedList: AlarmGroup[] = groups.map((g, slot) => ({
        groupKey: g.key,
        groupTitle: g.label,
        dataCnt: g.total,
        notiList: bySlot.get(slot) ?? [],
      }));

      const last = picked[picked.length - 1];
      const nextCursor =
        hasNext && last ? cursorAfter(listGrouping, groups[last.slot]!, last.row.alarmId) : null;
      return {
        type,
        deadline: today,
        groupedList,
        totalSize: groups.reduce((sum, g) => sum + g.total, 0),
        hasNext,
        nextCursor,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** One group's alarms of the tab below `beforeId` (null: from the newest), newest first, `limit` at most. */
function readGroup(
  tx: Db,
  where: SQL | undefined,
  grouping: AlarmGrouping,
  key: string,
  beforeId: number | null,
  limit: number,
) {
  return (
    tx
      .select({
        alarmId: alarm.id,
        reason: alarm.reason,
        read: alarm.read,
        alarmCreatedAt: alarm.createdAt,
        row: listRowJson(),
        kind: item.kind,
        teamId: item.teamId,
      })
      .from(alarm)
      .innerJoin(item, eq(item.id, alarm.itemId))
      .where(
        and(
          where,
          groupPredicate(LIST_GROUPING[grouping], key),
          beforeId === null ? undefined : lt(alarm.id, beforeId),
        ),
      )
      // `DESC NULLS LAST`, the order `alarm_member_id_idx` is declared in (plain `DESC` is `NULLS FIRST`, which only the
      // primary key can give: the planner walked every member's alarms from the newest down). Ids are never null, so
      // the rows are the same (__tests__/server/db/query-plans.test.ts).
      .orderBy(sql`${alarm.id} desc nulls last`)
      .limit(limit)
  );
}

/** The caller's unread alarms per tab and in all (their current workspace only). */
export async function unreadCount(db: Db, memberId: number): Promise<AlarmUnreadCount> {
  const counts: AlarmUnreadCount = { total: 0, GOAL: 0, ISSUE: 0, EXTERNAL: 0 };
  const workspaceId = await workspaceOf(db, memberId);
  if (workspaceId === null) return counts;
  const hidden = await hiddenTeamIds(db, memberId, workspaceId);
  const rows = await db
    .select({ kind: item.kind, n: count() })
    .from(alarm)
    .innerJoin(item, eq(item.id, alarm.itemId))
    .where(
      and(
        eq(alarm.memberId, memberId),
        eq(alarm.read, false),
        eq(item.workspaceId, workspaceId),
        hidden.length > 0 ? notInArray(item.teamId, hidden) : undefined,
      ),
    )
    .groupBy(item.kind);
  for (const row of rows) {
    counts[ALARM_TYPE_OF_KIND[row.kind]] = Number(row.n);
    counts.total += Number(row.n);
  }
  return counts;
}
