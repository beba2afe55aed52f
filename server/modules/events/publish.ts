import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ItemKind, ListItem, LiveItemField, PublishedLiveEvent } from '../../../contract';
import type { Db } from '../../db';
import { item } from '../../db/schema';
import { loadGoalTitles, loadManagers, toListItem } from '../items/list';
import { publishEvent } from './outbox';

/**
 * Publishing from the write routes (docs/live-updates.md "Publishing"): right after the route's service call has
 * committed. A failure here is logged and swallowed — the user's change is saved, only the live update is lost
 * (tabs still see it on their next fetch).
 */

/** Publishes `event` to `workspaceId` (or only `memberId`); never throws. */
export async function publishSafely(
  db: Db,
  log: FastifyBaseLogger,
  workspaceId: number,
  event: PublishedLiveEvent | (() => Promise<PublishedLiveEvent | null>),
  memberId: number | null = null,
): Promise<void> {
  try {
    const resolved = typeof event === 'function' ? await event() : event;
    if (resolved) await publishEvent(db, workspaceId, resolved, memberId);
  } catch (error) {
    log.error({ err: error, workspaceId }, 'publishing a live event failed');
  }
}

/** An item's list row (as `GET /api/teams/{teamId}/…` lists it) with its kind, team and workspace; null if gone. */
export async function itemListRow(
  db: Db,
  itemId: number,
): Promise<{ kind: ItemKind; teamId: number; workspaceId: number; row: ListItem } | null> {
  const [found] = await db
    .select({
      id: item.id,
      kind: item.kind,
      teamId: item.teamId,
      workspaceId: item.workspaceId,
      name: item.name,
      title: item.title,
      state: item.state,
      priority: item.priority,
      deadlineStart: item.deadlineStart,
      deadlineEnd: item.deadlineEnd,
      goalId: item.goalId,
      extServiceType: item.extServiceType,
      createdAt: item.createdAt,
    })
    .from(item)
    .where(eq(item.id, itemId));
  if (!found) return null;
  const managers = await loadManagers(db, [found.id]);
  const goalTitles = await loadGoalTitles(db, found.goalId === null ? [] : [found.goalId]);
  return {
    kind: found.kind,
    teamId: found.teamId,
    workspaceId: found.workspaceId,
    row: toListItem(found, managers.get(found.id) ?? [], goalTitles),
  };
}

/** PATCH body keys → the `fields` of `item.updated` (LIVE_ITEM_FIELDS). */
const FIELD_OF_KEY: Record<string, LiveItemField> = {
  title: 'title',
  content: 'content',
  state: 'state',
  priority: 'priority',
  managersId: 'managers',
  deadline: 'deadline',
  goalId: 'goal',
  issuesId: 'issues',
};

/** The live fields a PATCH body (or a set of changed columns) names, in LIVE_ITEM_FIELDS order, once each. */
export function liveFields(keys: Iterable<string>): LiveItemField[] {
  const fields = new Set<LiveItemField>();
  for (const key of keys) {
    const field = FIELD_OF_KEY[key];
    if (field) fields.add(field);
  }
  return [...fields];
}

/** Publishes `item.created` / `item.updated` for `itemId` with its current list row; never throws. */
export async function publishItemChange(
  db: Db,
  log: FastifyBaseLogger,
  change: { type: 'item.created' } | { type: 'item.updated'; fields: LiveItemField[] },
  itemId: number,
  actorId: number | null,
): Promise<void> {
  try {
    const found = await itemListRow(db, itemId);
    if (!found) return;
    const base = { actorId, kind: found.kind, teamId: found.teamId, id: itemId, item: found.row };
    const event: PublishedLiveEvent =
      change.type === 'item.created'
        ? { type: 'item.created', ...base }
        : { type: 'item.updated', ...base, fields: change.fields };
    await publishEvent(db, found.workspaceId, event);
  } catch (error) {
    log.error({ err: error, itemId }, 'publishing a live item event failed');
  }
}

/** Publishes `comment.added` for a new comment on `itemId`; never throws. */
export async function publishCommentAdded(
  db: Db,
  log: FastifyBaseLogger,
  itemId: number,
  commentId: number,
  actorId: number,
): Promise<void> {
  try {
    const [target] = await db
      .select({ kind: item.kind, teamId: item.teamId, workspaceId: item.workspaceId })
      .from(item)
      .where(eq(item.id, itemId));
    if (!target) return;
    await publishEvent(db, target.workspaceId, {
      type: 'comment.added',
      actorId,
      kind: target.kind,
      teamId: target.teamId,
      itemId,
      commentId,
    });
  } catch (error) {
    log.error({ err: error, itemId, commentId }, 'publishing a live comment event failed');
  }
}
