import { and, eq, isNull } from 'drizzle-orm';
import type { CommentCategory } from '../../../contract';
import { isStorableId } from '../../../contract/ids';
import type { Db } from '../../db';
import { item, member, team, teamMember } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { KIND_BY_CATEGORY } from './kinds';

/**
 * Team membership and visibility for routes that name an item rather than a team (issue #23, docs/security.md
 * "Teams"): `GET /api/goals/{id}`, `GET /api/issues/{id}`, `GET` / `POST /api/comments`.
 */

/** Whether `memberId` belongs to team `teamId` (`team_member`). */
export async function isTeamMember(db: Db, teamId: number, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ teamId: teamMember.teamId })
    .from(teamMember)
    .where(and(eq(teamMember.teamId, teamId), eq(teamMember.memberId, memberId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Checks that `memberId` may read — and with `write`, comment on — the item `targetId` of `category`:
 * - the kind's 404 (`GOAL404_0` | `ISSUE404_0` | `EXTERNAL404_0`) when the item is missing, of another workspace,
 *   or of a private team the caller is not in (exactly as if it did not exist);
 * - with `write`, 403 `TEAM403_1` when the caller is not a member of the item's (public) team.
 * Workspace and existence checks are repeated by the comment service inside its transaction; this runs first.
 */
export async function requireItemAccess(
  db: Db,
  memberId: number,
  category: CommentCategory,
  targetId: number,
  write: boolean,
): Promise<void> {
  const spec = KIND_BY_CATEGORY[category];
  if (!isStorableId(targetId)) throw new ApiError(spec.codes.notFound);
  const [row] = await db
    .select({
      itemWorkspaceId: item.workspaceId,
      teamId: item.teamId,
      visibility: team.visibility,
      callerWorkspaceId: member.workspaceId,
    })
    .from(item)
    .innerJoin(team, eq(team.id, item.teamId))
    .innerJoin(member, and(eq(member.id, memberId), isNull(member.withdrawnAt)))
    .where(and(eq(item.id, targetId), eq(item.kind, spec.kind)))
    .limit(1);
  if (!row || row.callerWorkspaceId !== row.itemWorkspaceId) throw new ApiError(spec.codes.notFound);
  if (row.visibility !== 'private' && !write) return;
  const member_ = await isTeamMember(db, row.teamId, memberId);
  if (!member_ && row.visibility === 'private') throw new ApiError(spec.codes.notFound);
  if (!member_) throw new ApiError('TEAM403_1');
}
