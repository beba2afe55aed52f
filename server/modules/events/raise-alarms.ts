import { sql } from 'drizzle-orm';
import type { AlarmReason, AlarmType, ItemKind } from '../../../contract';
import { kindFactMap } from '../../../contract/kinds';
import type { Db } from '../../db';
import { alarm } from '../../db/schema';
import { SEOUL_TODAY_SQL } from '../../http/time';
import { publishEvent } from './outbox';

/**
 * Raising ASSIGNED / COMMENT alarms from the writes of other modules (items, comments). It lives here, next to the
 * outbox it publishes to, rather than in the alarms module, because the alarms module reads items (its lists show
 * item rows) and items must not import it back.
 */

/** The notifications tab of an item kind (`alarmType` of `alarm.raised` events): its category (contract/kinds.ts). */
export const ALARM_TYPE_OF_KIND: Readonly<Record<ItemKind, AlarmType>> = kindFactMap('category');

/** What a write raises: one alarm of `reason` about `itemId` for each of `memberIds`. */
export interface RaiseAlarms {
  workspaceId: number;
  itemId: number;
  kind: ItemKind;
  reason: Extract<AlarmReason, 'ASSIGNED' | 'COMMENT'>;
  /** Who should hear of it; `actorId` is left out (nobody is told about their own action). */
  memberIds: readonly number[];
  /** The member whose write this is (null: the server itself, e.g. a GitHub webhook). */
  actorId: number | null;
}

/**
 * Raises ASSIGNED / COMMENT alarms inside the writing transaction `tx` (contract/alarms.ts "Reasons"): one row per
 * member for (member, item, reason, today in Asia/Seoul — `SEOUL_TODAY_SQL`, from the transaction's `now()`). The
 * same reason for the same item on the same day again marks the existing alarm unread and moves its `created_at`
 * to now (like Linear's inbox: it comes back to the top of "unread" instead of piling up). Members are written in
 * id order, so two concurrent writes on one item lock the alarm rows in the same order. For every row an
 * `alarm.raised` live event goes to that member (outbox.ts, delivered on commit). Returns the
 * alarm ids.
 */
export async function raiseAlarms(tx: Db, raise: RaiseAlarms): Promise<number[]> {
  const memberIds = [...new Set(raise.memberIds)].filter((id) => id !== raise.actorId).sort((a, b) => a - b);
  if (memberIds.length === 0) return [];
  const rows = await tx
    .insert(alarm)
    .values(
      memberIds.map((memberId) => ({
        memberId,
        itemId: raise.itemId,
        reason: raise.reason,
        day: sql.raw(SEOUL_TODAY_SQL),
      })),
    )
    .onConflictDoUpdate({
      target: [alarm.memberId, alarm.itemId, alarm.reason, alarm.day],
      set: { read: false, createdAt: sql`now()` },
    })
    .returning({ id: alarm.id, memberId: alarm.memberId });
  const alarmType = ALARM_TYPE_OF_KIND[raise.kind];
  for (const row of rows) {
    await publishEvent(
      tx,
      raise.workspaceId,
      { type: 'alarm.raised', actorId: raise.actorId, alarmId: row.id, alarmType },
      row.memberId,
    );
  }
  return rows.map((r) => r.id);
}
