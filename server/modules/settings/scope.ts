import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { member } from '../../db/schema';
import { ApiError } from '../../http/envelope';

/**
 * The workspace every settings query is scoped to: the caller's own (`member.workspace_id`). Ids in paths or
 * bodies are only ever looked up inside it, so a member of another workspace can neither read nor change
 * anything here. 404 `WORKSPACE404_0` while the caller has none (spec §2 "Loading logic" sends them to
 * onboarding); `JWT401_1` if the member vanished or withdrew since `requireMember` ran.
 */
export async function callerWorkspaceId(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ workspaceId: member.workspaceId })
    .from(member)
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)))
    .limit(1);
  if (!row) throw new ApiError('JWT401_1');
  if (row.workspaceId === null) throw new ApiError('WORKSPACE404_0');
  return row.workspaceId;
}

/** `a, b, c` — at most `max` ids, then ` 외 N개` (for Korean messages that name offending ids). */
export function listIds(ids: readonly number[], max = 10): string {
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} 외 ${ids.length - max}개` : shown;
}
