import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ItemKind, ListItem, LiveItemField, PublishedLiveEvent } from '../../../contract';
import type { Db } from '../../db';
import { item } from '../../db/schema';
import { publishEvent } from '../events';
import { listRowJson, toListItem } from './list';

/**
 * Live events about items (docs/live-updates.md "Publishing"): `item.created` / `item.updated` carry the item's
 * current list row, so open lists update in place without a fetch. Published after the write has committed.
 */

/** An item's list row (as `GET /api/teams/{teamId}/…` lists it) with its kind, team and workspace; null if gone. */
export async function itemListRow(
  db: Db,
  itemId: number,
): Promise<{ kind: ItemKind; teamId: number; workspaceId: number; row: ListItem } | null> {
  const [found] = await db
    .select({
      row: listRowJson(),
      kind: item.kind,
      teamId: item.teamId,
      workspaceId: item.workspaceId,
    })
    .from(item)
    .where(eq(item.id, itemId));
  if (!found) return null;
  return {
    kind: found.kind,
    teamId: found.teamId,
    workspaceId: found.workspaceId,
    row: toListItem(found.row),
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
    // issue #23: a private team's events reach only its members (event_outbox.team_id).
    await publishEvent(db, found.workspaceId, event, null, found.teamId);
  } catch (error) {
    log.error({ err: error, itemId }, 'publishing a live item event failed');
  }
}
