import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { MyProfile, WorkspaceMember } from '../../../contract';
import type { WorkspaceRole } from '../../../contract/roles';
import type { Db } from '../../db';
import { member, team, teamMember } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { formatTimestamp } from '../../http/time';
import { defaultTeamId } from '../workspace';
import { readableTeam } from '../../http/team-scope';

/**
 * The workspace's current members (the first row is highlighted — the caller, docs/product.md "Teams and members"):
 * the caller first, then by `joinedAt` ascending, then id. `joinedAt` is when they joined the workspace's default
 * team, i.e. the workspace (every member is in it; the member row's creation time stands in if that membership
 * were ever missing). Withdrawn members are never listed (their `workspace_id` is null and `withdrawn_at` set).
 * `teams`: the teams they are in, default team first, then the workspace order; `role`: their workspace role
 * (issue #23).
 */
export async function listMembers(db: Db, callerId: number, workspaceId: number): Promise<WorkspaceMember[]> {
  const defaultId = await defaultTeamId(db, workspaceId);
  const people = await db
    .select({
      id: member.id,
      name: member.name,
      email: member.email,
      profileImageUrl: member.profileImageUrl,
      createdAt: member.createdAt,
      joinedAt: teamMember.joinedAt,
      role: member.role,
    })
    .from(member)
    .leftJoin(teamMember, and(eq(teamMember.memberId, member.id), eq(teamMember.teamId, defaultId)))
    .where(and(eq(member.workspaceId, workspaceId), isNull(member.withdrawnAt)));

  const memberships = await db
    .select({
      memberId: teamMember.memberId,
      teamId: team.id,
      teamName: team.name,
      teamImageUrl: team.imageUrl,
    })
    .from(teamMember)
    .innerJoin(team, eq(team.id, teamMember.teamId))
    // issue #23 (teams): private teams are listed only to their members (docs/security.md "Teams").
    .where(and(eq(team.workspaceId, workspaceId), readableTeam(callerId)))
    .orderBy(desc(team.isDefault), asc(team.position), asc(team.id));
  const teamsOf = new Map<number, WorkspaceMember['teams']>();
  for (const { memberId, ...teamInfo } of memberships) {
    const list = teamsOf.get(memberId) ?? [];
    list.push(teamInfo);
    teamsOf.set(memberId, list);
  }

  return people
    .map((p) => ({ ...p, joined: p.joinedAt ?? p.createdAt }))
    .sort(
      (a, b) =>
        Number(b.id === callerId) - Number(a.id === callerId) ||
        a.joined.getTime() - b.joined.getTime() ||
        a.id - b.id,
    )
    .map((p) => ({
      memberId: p.id,
      name: p.name,
      email: p.email,
      profileImageUrl: p.profileImageUrl,
      joinedAt: formatTimestamp(p.joined),
      teams: teamsOf.get(p.id) ?? [],
      role: p.role as WorkspaceRole,
    }));
}

/** The caller's own profile. `JWT401_1` if the member is gone or withdrawn. */
export async function myProfile(db: Db, callerId: number): Promise<MyProfile> {
  const [row] = await db
    .select({
      memberId: member.id,
      name: member.name,
      email: member.email,
      profileImageUrl: member.profileImageUrl,
    })
    .from(member)
    .where(and(eq(member.id, callerId), isNull(member.withdrawnAt)))
    .limit(1);
  if (!row) throw new ApiError('JWT401_1');
  return row;
}
