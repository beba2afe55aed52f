import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { WITHDRAWN_MEMBER_NAME } from '../../../contract';
import type { Db } from '../../db';
import {
  alarm,
  comment,
  item,
  itemManager,
  member,
  refreshToken,
  teamMember,
  workspace,
  workspaceJoinFailure,
} from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../audit';

export interface Withdrawal {
  /** The member's uploaded picture URL before withdrawal (the caller deletes the file after commit). */
  profileImageUrl: string | null;
  /** The workspace that was deleted because they were its last member, if any. */
  deletedWorkspaceId: number | null;
}

/** The member's workspace changed between the unlocked read and the lock: start over. */
class WorkspaceMoved extends Error {}

/**
 * Withdrawal (docs/product.md "Sign-in and session"). One
 * transaction:
 * 1. lock the member's workspace row `FOR UPDATE` (then the member row): concurrent withdrawals of a workspace's
 *    last two members run one after the other, so the second one sees it is the last and deletes the workspace;
 *    team creations and joins of that workspace wait too, so nobody joins a workspace that is being deleted;
 * 1b. (issue #23) the owner while others remain → 409 `MEMBER409_0` (transfer ownership first); otherwise, when
 *    others remain, the audit entry `member.withdrew` (the name before anonymising);
 * 2. delete every refresh token (all sessions end; `POST /api/token/reissue` with an old cookie → 401 `JWT401_6`)
 *    and every team membership;
 * 3. unlink their authorship of goals, issues and externals (`author_id` null; the items stay, credited to
 *    "탈퇴한 사용자") and delete their manager assignments (the items stay, without them); unlink their
 *    comments (`author_id` null; the comments stay, shown as "탈퇴한 사용자" without a photo); unlink their
 *    failed join attempts (the IP counts of the lockout stay) and their authorship of the workspace; delete their
 *    alarms;
 * 4. anonymise the member row into a tombstone — name `WITHDRAWN_MEMBER_NAME`, email, picture, provider and
 *    provider user id null (the same account signing in again becomes a new member), no workspace,
 *    `withdrawn_at` set — kept so content written for the team can still name its author "탈퇴한 사용자";
 *    `requireMember` rejects the member's access tokens from now on (401 `JWT401_1`);
 * 5. if no current member is left in the workspace, delete it (its teams and memberships cascade).
 */
export async function withdrawMember(
  db: Db,
  memberId: number,
  now = new Date(),
  ip: string | null = null,
): Promise<Withdrawal> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await withdrawOnce(db, memberId, now, ip);
    } catch (error) {
      // Only when the member created or joined a workspace in the same instant; once more settles it.
      if (error instanceof WorkspaceMoved && attempt < 2) continue;
      throw error;
    }
  }
}

async function withdrawOnce(db: Db, memberId: number, now: Date, ip: string | null): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ workspaceId: member.workspaceId })
      .from(member)
      .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)));
    if (!seen) throw new ApiError('JWT401_1');
    // Lock order workspace → member, the same as joining (invite's workspace, then the joiner) and creating a
    // team (workspace, then the members' rows through the foreign keys), so these never deadlock.
    if (seen.workspaceId !== null) {
      await tx
        .select({ id: workspace.id })
        .from(workspace)
        .where(eq(workspace.id, seen.workspaceId))
        .for('update');
    }
    const [me] = await tx
      .select({
        workspaceId: member.workspaceId,
        profileImageUrl: member.profileImageUrl,
        role: member.role,
        name: member.name,
      })
      .from(member)
      .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)))
      .for('update');
    if (!me) throw new ApiError('JWT401_1');
    if (me.workspaceId !== seen.workspaceId) throw new WorkspaceMoved();

    // issue #23 (admin), docs/security.md "Roles": the owner transfers ownership before leaving anyone behind;
    // written before anything changes, while the workspace row is locked (nobody joins meanwhile).
    if (me.workspaceId !== null) {
      const [others] = await tx
        .select({ n: count() })
        .from(member)
        .where(
          and(eq(member.workspaceId, me.workspaceId), isNull(member.withdrawnAt), ne(member.id, memberId)),
        );
      const othersRemain = (others?.n ?? 0) > 0;
      if (othersRemain && me.role === 'owner') throw new ApiError('MEMBER409_0');
      if (othersRemain) {
        await recordAudit(tx, {
          workspaceId: me.workspaceId,
          actorId: memberId,
          action: 'member.withdrew',
          target: { type: 'member', id: memberId, name: me.name },
          ip,
        });
      }
    }

    await tx.delete(refreshToken).where(eq(refreshToken.memberId, memberId));
    await tx.delete(teamMember).where(eq(teamMember.memberId, memberId));
    // Items before their manager rows — the order a concurrent item delete locks them in (item, then the
    // cascaded manager rows), so the two never deadlock.
    await tx.update(item).set({ authorId: null }).where(eq(item.authorId, memberId));
    await tx.delete(itemManager).where(eq(itemManager.memberId, memberId));
    // Their notifications go (contract/alarms.ts); nobody else ever sees them.
    await tx.delete(alarm).where(eq(alarm.memberId, memberId));
    await tx.update(comment).set({ authorId: null }).where(eq(comment.authorId, memberId));
    await tx
      .update(workspaceJoinFailure)
      .set({ memberId: null })
      .where(eq(workspaceJoinFailure.memberId, memberId));
    await tx.update(workspace).set({ createdBy: null }).where(eq(workspace.createdBy, memberId));
    await tx
      .update(member)
      .set({
        name: WITHDRAWN_MEMBER_NAME,
        email: null,
        profileImageUrl: null,
        profileImageSetInApp: false,
        provider: null,
        providerUserId: null,
        workspaceId: null,
        withdrawnAt: now,
        updatedAt: now,
      })
      .where(eq(member.id, memberId));

    let deletedWorkspaceId: number | null = null;
    if (me.workspaceId !== null) {
      const [left] = await tx
        .select({ n: count() })
        .from(member)
        .where(and(eq(member.workspaceId, me.workspaceId), isNull(member.withdrawnAt)));
      if ((left?.n ?? 0) === 0) {
        await tx.delete(workspace).where(eq(workspace.id, me.workspaceId));
        deletedWorkspaceId = me.workspaceId;
      }
    }
    return { profileImageUrl: me.profileImageUrl, deletedWorkspaceId };
  });
}
