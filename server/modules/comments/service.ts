import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  type CommentCategory,
  type CommentList,
  REMOVED_MEMBER_SUFFIX,
  WITHDRAWN_MEMBER_NAME,
} from '../../../contract';
import type { Db } from '../../db';
import { comment, item, itemManager, member } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { formatTimestamp } from '../../http/time';
import { raiseAlarms } from '../events';
import { isStorableId } from '../../../contract/ids';
import { KIND_BY_CATEGORY } from '../items';

/**
 * Comments on goals, issues and externals (issue #6; docs/product.md "Comments"). A comment belongs to one item (the
 * category is the item's kind); it is deleted with the item and
 * outlives its author's withdrawal (author null → '탈퇴한 사용자', no photo).
 */

/**
 * The target item of `category` / `targetId`, checked for `memberId`: 404 `GOAL404_0` | `ISSUE404_0` |
 * `EXTERNAL404_0` when no item of that kind has the id or it is in another workspace than the caller's. With `lock`, the item is locked `FOR KEY SHARE` (so it cannot be deleted before the comment is in)
 * and the caller's member row too (so they cannot withdraw halfway).
 */
async function resolveTarget(
  tx: Db,
  memberId: number,
  category: CommentCategory,
  targetId: number,
  lock: boolean,
): Promise<{ id: number; workspaceId: number }> {
  const spec = KIND_BY_CATEGORY[category];
  const callerQuery = tx
    .select({ workspaceId: member.workspaceId })
    .from(member)
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)));
  const [caller] = lock ? await callerQuery.for('key share') : await callerQuery;
  if (!caller) throw new ApiError('JWT401_1');
  if (!isStorableId(targetId)) throw new ApiError(spec.codes.notFound);
  const targetQuery = tx
    .select({ id: item.id, workspaceId: item.workspaceId })
    .from(item)
    .where(and(eq(item.id, targetId), eq(item.kind, spec.kind)));
  const [target] = lock ? await targetQuery.for('key share') : await targetQuery;
  if (!target) throw new ApiError(spec.codes.notFound);
  // Another workspace's item answers like a missing one: its existence is not revealed.
  if (caller.workspaceId !== target.workspaceId) throw new ApiError(spec.codes.notFound);
  return target;
}

/** The target's comments, oldest first (`{ cnt, info }`; none is `{ cnt: 0, info: [] }`). */
export async function listComments(
  db: Db,
  memberId: number,
  category: CommentCategory,
  targetId: number,
): Promise<CommentList> {
  return db.transaction(
    async (tx) => {
      const { id: itemId, workspaceId } = await resolveTarget(tx, memberId, category, targetId, false);
      const rows = await tx
        .select({
          id: comment.id,
          content: comment.content,
          createdAt: comment.createdAt,
          name: member.name,
          profileUrl: member.profileImageUrl,
          withdrawnAt: member.withdrawnAt,
          memberWorkspaceId: member.workspaceId,
          removedFromWorkspaceId: member.removedFromWorkspaceId,
        })
        .from(comment)
        .leftJoin(member, eq(member.id, comment.authorId))
        .where(eq(comment.itemId, itemId))
        .orderBy(asc(comment.id));
      const info = rows.map((r) => {
        const gone = r.name === null || r.withdrawnAt !== null;
        // issue #23 (admin): an author removed from this workspace (and not back) shows as "이름 (내보낸 멤버)".
        const removed = r.removedFromWorkspaceId === workspaceId && r.memberWorkspaceId !== workspaceId;
        return {
          id: r.id,
          profileUrl: gone ? null : r.profileUrl,
          name: gone ? WITHDRAWN_MEMBER_NAME : removed ? r.name! + REMOVED_MEMBER_SUFFIX : r.name!,
          createdAt: formatTimestamp(r.createdAt),
          content: r.content,
        };
      });
      return { cnt: info.length, info };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Adds the caller's comment (`content` already trimmed, 1–2000 characters) to the target; returns its id. Each
 * manager of the item other than the caller gets a COMMENT alarm in the same transaction (events/raise-alarms.ts).
 */
export async function createComment(
  db: Db,
  memberId: number,
  category: CommentCategory,
  targetId: number,
  content: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const target = await resolveTarget(tx, memberId, category, targetId, true);
    const [created] = await tx
      .insert(comment)
      .values({ itemId: target.id, authorId: memberId, content })
      .returning({ id: comment.id });
    const managers = await tx
      .select({ memberId: itemManager.memberId })
      .from(itemManager)
      .where(eq(itemManager.itemId, target.id));
    await raiseAlarms(tx, {
      workspaceId: target.workspaceId,
      itemId: target.id,
      kind: KIND_BY_CATEGORY[category].kind,
      reason: 'COMMENT',
      memberIds: managers.map((m) => m.memberId),
      actorId: memberId,
    });
    return created!.id;
  });
}
