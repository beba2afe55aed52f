import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { alarm, item, member } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { isStorableId } from '../../../contract/ids';
import { publishEvent } from '../events';
import { listIds } from '../../http/validation';

/** The caller's current workspace, locked `FOR KEY SHARE` (null: none, or withdrawn). */
async function lockCaller(tx: Db, memberId: number): Promise<number | null> {
  const [row] = await tx
    .select({ workspaceId: member.workspaceId })
    .from(member)
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)))
    .for('key share');
  return row?.workspaceId ?? null;
}

/**
 * Marks the caller's alarm `alarmId` read (idempotent: an already read one stays read, and nothing is published).
 * 404 `ALARM404_0` when no alarm of the caller's, about an item of their current workspace, has the id — another
 * member's alarm answers exactly like a missing one and is not touched. When it changes, `alarm.changed`
 * `{ change: 'read' }` goes to the caller's other tabs.
 */
export async function markAlarmRead(db: Db, memberId: number, alarmId: number): Promise<void> {
  if (!isStorableId(alarmId)) throw new ApiError('ALARM404_0');
  await db.transaction(async (tx) => {
    const workspaceId = await lockCaller(tx, memberId);
    if (workspaceId === null) throw new ApiError('ALARM404_0');
    const [found] = await tx
      .select({ read: alarm.read })
      .from(alarm)
      .innerJoin(item, eq(item.id, alarm.itemId))
      .where(and(eq(alarm.id, alarmId), eq(alarm.memberId, memberId), eq(item.workspaceId, workspaceId)))
      .for('update', { of: alarm });
    if (!found) throw new ApiError('ALARM404_0');
    if (found.read) return;
    await tx.update(alarm).set({ read: true }).where(eq(alarm.id, alarmId));
    await publishEvent(
      tx,
      workspaceId,
      { type: 'alarm.changed', actorId: memberId, change: 'read', alarmIds: [alarmId] },
      memberId,
    );
  });
}

/**
 * Deletes the caller's alarms `requested` (duplicates ignored), all or nothing: any id that is not an alarm of the
 * caller's (missing or another member's) → 404 `ALARM404_1` naming those ids (`message`, `result.alarmIds`) and
 * nothing is deleted. Publishes `alarm.changed` `{ change: 'deleted' }` to the caller. Returns the deleted ids.
 */
export async function deleteAlarms(
  db: Db,
  memberId: number,
  requested: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(requested)];
  return db.transaction(async (tx) => {
    const workspaceId = await lockCaller(tx, memberId);
    const storable = ids.filter(isStorableId);
    const rows =
      workspaceId === null || storable.length === 0
        ? []
        : await tx
            .select({ id: alarm.id })
            .from(alarm)
            .innerJoin(item, eq(item.id, alarm.itemId))
            .where(
              and(
                inArray(alarm.id, storable),
                eq(alarm.memberId, memberId),
                eq(item.workspaceId, workspaceId),
              ),
            )
            .orderBy(alarm.id)
            .for('update', { of: alarm });
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0 || workspaceId === null) {
      const message = `존재하지 않는 알림입니다: ${listIds(missing)}`;
      throw new ApiError('ALARM404_1', { alarmIds: message }, { message });
    }
    await tx.delete(alarm).where(inArray(alarm.id, ids));
    await publishEvent(
      tx,
      workspaceId,
      { type: 'alarm.changed', actorId: memberId, change: 'deleted', alarmIds: ids },
      memberId,
    );
    return ids;
  });
}
