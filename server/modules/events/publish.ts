import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PublishedLiveEvent } from '../../../contract';
import type { Db } from '../../db';
import { item } from '../../db/schema';
import { publishEvent } from './outbox';

/**
 * Publishing from the write routes (docs/live-updates.md "Publishing"): right after the route's service call has
 * committed. A failure here is logged and swallowed — the user's change is saved, only the live update is lost
 * (tabs still see it on their next fetch).
 */

/**
 * Publishes `event` to `workspaceId` (or only `memberId`; with `teamId` of a private team only to its members, see
 * `publishEvent`); never throws.
 */
export async function publishSafely(
  db: Db,
  log: FastifyBaseLogger,
  workspaceId: number,
  event: PublishedLiveEvent | (() => Promise<PublishedLiveEvent | null>),
  memberId: number | null = null,
  teamId: number | null = null,
): Promise<void> {
  try {
    const resolved = typeof event === 'function' ? await event() : event;
    if (resolved) await publishEvent(db, workspaceId, resolved, memberId, teamId);
  } catch (error) {
    log.error({ err: error, workspaceId }, 'publishing a live event failed');
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
    await publishEvent(
      db,
      target.workspaceId,
      { type: 'comment.added', actorId, kind: target.kind, teamId: target.teamId, itemId, commentId },
      null,
      target.teamId,
    );
  } catch (error) {
    log.error({ err: error, itemId, commentId }, 'publishing a live comment event failed');
  }
}
