import { sql } from 'drizzle-orm';
import type { PublishedLiveEvent } from '../../../contract';
import type { Db } from '../../db';
import { eventsPublished } from '../../metrics';

/** The PostgreSQL channel every app server LISTENs on (PGlite: in-process). */
export const EVENTS_CHANNEL = 'momentum_events';

/**
 * Publishes one live event (contract/events.ts) to the members of `workspaceId` — or only to `memberId` when given
 * (alarm events). Inserts it into `event_outbox` and calls `pg_notify('momentum_events', '<id> <workspaceId>')` in
 * one statement: run inside a transaction, both happen on commit or not at all, and PostgreSQL delivers the
 * notification to every listening app server (server/modules/events/hub.ts) only after the commit, so no stream ever
 * sees an event of a write that was rolled back. Returns the outbox id (the SSE event id).
 *
 * `teamId` (issue #23, docs/security.md "Teams"): the team the event is about. When that team is private, it is
 * stored as `event_outbox.team_id` and the hub delivers the event only to the team's members; for a public team
 * (or none) the column stays null and every member of the workspace gets it, as before.
 */
export async function publishEvent(
  db: Db,
  workspaceId: number,
  event: PublishedLiveEvent,
  memberId: number | null = null,
  teamId: number | null = null,
): Promise<number> {
  const result = await db.execute<{ id: string | number }>(sql`
    with inserted as (
      insert into event_outbox (workspace_id, member_id, payload, team_id)
      values (${workspaceId}, ${memberId}, ${JSON.stringify(event)},
        (select id from team where id = ${teamId}::integer and visibility = 'private'))
      returning id
    )
    select id, pg_notify(${EVENTS_CHANNEL}, id::text || ' ' || ${String(workspaceId)}) from inserted`);
  const rows = (result as unknown as { rows: { id: string | number }[] }).rows;
  eventsPublished.inc({ type: event.type });
  return Number(rows[0]!.id);
}
