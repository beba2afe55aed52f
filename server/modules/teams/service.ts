import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TeamSettings, TeamVisibility } from '../../../contract';
import { isAdminRole } from '../../../contract/roles';
import type { Db } from '../../db';
import { alarm, comment, githubInstallation, item, member, team, teamMember } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { callerRole } from '../../http/roles';
import type { TeamScope } from '../../http/team-scope';
import { formatTimestamp } from '../../http/time';
import { listIds } from '../../http/validation';
import { recordAudit } from '../audit';
import { lockWorkspace } from '../settings';

/**
 * Team membership and team settings (issue #23, docs/security.md "Teams" and "Roles"). Every function takes the
 * `TeamScope` of the request — the team is in the caller's workspace and readable by them (a private team's
 * non-members never get here: 404 `TEAM404_0` in server/http/team-scope.ts). Every change runs in one transaction
 * with its audit entry (`recordAudit`, `ip` = `request.ip`).
 */

/** The team row, locked `FOR UPDATE` (membership changes of one team run one at a time). */
async function lockTeam(tx: Db, teamId: number) {
  const [row] = await tx
    .select({
      id: team.id,
      name: team.name,
      imageUrl: team.imageUrl,
      isDefault: team.isDefault,
      visibility: team.visibility,
      workspaceId: team.workspaceId,
    })
    .from(team)
    .where(eq(team.id, teamId))
    .for('update');
  if (!row) throw new ApiError('TEAM404_0');
  return row;
}

/** Members of the team counted (for the last-member rule of private teams). */
async function memberCount(tx: Db, teamId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(teamMember).where(eq(teamMember.teamId, teamId));
  return Number(row?.n ?? 0);
}

/** What the caller may do with the team: `canEdit` (members, admins), `canAdminister` (admins, owner). */
async function permissions(db: Db, memberId: number, scope: TeamScope) {
  const caller = await callerRole(db, memberId);
  if (!caller) throw new ApiError('WORKSPACE404_0');
  const admin = isAdminRole(caller.role);
  return { canEdit: scope.isMember === true || admin, canAdminister: admin };
}

/**
 * The team settings page (`GET /api/teams/{teamId}/settings`): name, image, visibility, members by joining order
 * (withdrawn and removed members have no membership) and the caller's permissions.
 */
export async function teamSettings(db: Db, memberId: number, scope: TeamScope): Promise<TeamSettings> {
  const [row] = await db
    .select({
      name: team.name,
      imageUrl: team.imageUrl,
      isDefault: team.isDefault,
      visibility: team.visibility,
    })
    .from(team)
    .where(eq(team.id, scope.teamId));
  if (!row) throw new ApiError('TEAM404_0');
  const people = await db
    .select({
      memberId: member.id,
      name: member.name,
      profileImageUrl: member.profileImageUrl,
      joinedAt: teamMember.joinedAt,
    })
    .from(teamMember)
    .innerJoin(member, eq(member.id, teamMember.memberId))
    .where(eq(teamMember.teamId, scope.teamId))
    .orderBy(asc(teamMember.joinedAt), asc(member.id));
  const { canEdit, canAdminister } = await permissions(db, memberId, scope);
  return {
    teamId: scope.teamId,
    teamName: row.name,
    teamImageUrl: row.imageUrl,
    visibility: row.visibility === 'private' ? 'private' : 'public',
    isDefault: row.isDefault,
    isMember: people.some((p) => p.memberId === memberId),
    canEdit,
    canAdminister: canAdminister,
    members: people.map((p) => ({ ...p, joinedAt: formatTimestamp(p.joinedAt) })),
  };
}

/**
 * Joins the team (`POST /api/teams/{teamId}/membership`): a public team of the caller's workspace (private teams
 * answer 404 before). Already a member: nothing changes (no second audit entry). Returns whether it changed.
 */
export async function joinTeam(
  db: Db,
  memberId: number,
  scope: TeamScope,
  ip: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockTeam(tx, scope.teamId);
    // Private and not a member: answered 404 by the scope; re-checked here under the lock (visibility may change).
    if (row.visibility === 'private') {
      const [mine] = await tx
        .select({ id: teamMember.memberId })
        .from(teamMember)
        .where(and(eq(teamMember.teamId, row.id), eq(teamMember.memberId, memberId)));
      if (!mine) throw new ApiError('TEAM404_0');
      return false;
    }
    const inserted = await tx
      .insert(teamMember)
      .values({ teamId: row.id, memberId })
      .onConflictDoNothing()
      .returning({ id: teamMember.memberId });
    if (inserted.length === 0) return false;
    await recordAudit(tx, {
      workspaceId: row.workspaceId,
      actorId: memberId,
      action: 'team.joined',
      target: { type: 'team', id: row.id, name: row.name },
      ip,
    });
    return true;
  });
}

/**
 * Removes `targetId` from the team, as `leaving` (the caller leaves: audit `team.left`) or by a team member or
 * admin (`team.member_removed`). Rules (docs/security.md "Teams"), under the team's lock:
 * - the default team: 409 `TEAM409_1` to leave, `TEAM409_4` to remove someone (every workspace member is in it);
 * - not a member: 404 `TEAM404_1`;
 * - the last member of a private team: 409 `TEAM409_2` (a private team nobody can reach).
 * Their items, comments and managed items stay (names shown as before); they are no longer offered as managers.
 */
export async function removeFromTeam(
  db: Db,
  actorId: number,
  scope: TeamScope,
  targetId: number,
  leaving: boolean,
  ip: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTeam(tx, scope.teamId);
    if (row.isDefault) throw new ApiError(leaving ? 'TEAM409_1' : 'TEAM409_4');
    const [target] = await tx
      .select({ id: member.id, name: member.name })
      .from(teamMember)
      .innerJoin(member, eq(member.id, teamMember.memberId))
      .where(and(eq(teamMember.teamId, row.id), eq(teamMember.memberId, targetId)));
    if (!target) throw new ApiError('TEAM404_1');
    if (row.visibility === 'private' && (await memberCount(tx, row.id)) <= 1) throw new ApiError('TEAM409_2');
    await tx.delete(teamMember).where(and(eq(teamMember.teamId, row.id), eq(teamMember.memberId, targetId)));
    await recordAudit(tx, {
      workspaceId: row.workspaceId,
      actorId,
      action: leaving ? 'team.left' : 'team.member_removed',
      target: { type: 'team', id: row.id, name: row.name },
      details: leaving ? undefined : { memberId: target.id, memberName: target.name },
      ip,
    });
  });
}

/**
 * Adds workspace members to the team (`POST /api/teams/{teamId}/members`), by a team member or an admin
 * (`permissions.canEdit`, else 403 `TEAM403_2`). Ids that are not current members of the workspace → 400
 * `TEAM400_1` naming them (nothing added); members already in the team are skipped. One `team.member_added` audit
 * entry per added member. Returns the ids added.
 */
export async function addTeamMembers(
  db: Db,
  actorId: number,
  scope: TeamScope,
  memberIds: readonly number[],
  ip: string | null,
): Promise<number[]> {
  const { canEdit } = await permissions(db, actorId, scope);
  if (!canEdit) throw new ApiError('TEAM403_2');
  return db.transaction(async (tx) => {
    const row = await lockTeam(tx, scope.teamId);
    const wanted = [...new Set(memberIds)];
    const people = await tx
      .select({ id: member.id, name: member.name })
      .from(member)
      .where(and(eq(member.workspaceId, row.workspaceId), isNull(member.withdrawnAt)));
    const nameOf = new Map(people.map((p) => [p.id, p.name]));
    const foreign = wanted.filter((id) => !nameOf.has(id));
    if (foreign.length > 0) {
      const message = `워크스페이스 멤버가 아닙니다: ${listIds(foreign)}`;
      throw new ApiError('TEAM400_1', { memberId: message }, { message });
    }
    const added = await tx
      .insert(teamMember)
      .values(wanted.map((memberId) => ({ teamId: row.id, memberId })))
      .onConflictDoNothing()
      .returning({ id: teamMember.memberId });
    for (const { id } of added) {
      await recordAudit(tx, {
        workspaceId: row.workspaceId,
        actorId,
        action: 'team.member_added',
        target: { type: 'team', id: row.id, name: row.name },
        details: { memberId: id, memberName: nameOf.get(id) },
        ip,
      });
    }
    return added.map((a) => a.id);
  });
}

/** Whether `memberId` may remove others from the team (team members and admins): else 403 `TEAM403_2`. */
export async function requireTeamEditor(db: Db, memberId: number, scope: TeamScope): Promise<void> {
  const { canEdit } = await permissions(db, memberId, scope);
  if (!canEdit) throw new ApiError('TEAM403_2');
}

/** What `updateTeam` changed (for the live event). */
export interface TeamUpdate {
  teamName?: string;
  visibility?: TeamVisibility;
}

/**
 * Renames the team and/or changes its visibility (`PATCH /api/teams/{teamId}`), in one transaction:
 * - renaming (`teamName`, already checked with `validateTeamName`): team members and admins (403 `TEAM403_2`);
 *   409 `TEAM409_0` when another team of the workspace has the name; audit `team.renamed` `{ from, to }`;
 * - `visibility`: admins only (403 `ROLE403_0`); the default team stays public (409 `TEAM409_3`); a team made
 *   private with no member is refused the same way as leaving it empty (409 `TEAM409_2`); audit
 *   `team.visibility_changed` `{ from, to }`.
 * An unchanged value changes nothing and writes no entry. Returns what changed.
 */
export async function updateTeam(
  db: Db,
  actorId: number,
  scope: TeamScope,
  change: TeamUpdate,
  ip: string | null,
): Promise<TeamUpdate> {
  const { canEdit, canAdminister } = await permissions(db, actorId, scope);
  if (change.visibility !== undefined && !canAdminister) throw new ApiError('ROLE403_0');
  if (change.teamName !== undefined && !canEdit) throw new ApiError('TEAM403_2');
  return db.transaction(async (tx) => {
    const row = await lockTeam(tx, scope.teamId);
    const done: TeamUpdate = {};
    if (change.teamName !== undefined && change.teamName !== row.name) {
      const [taken] = await tx
        .select({ id: team.id })
        .from(team)
        .where(and(eq(team.workspaceId, row.workspaceId), eq(team.name, change.teamName)));
      if (taken) throw new ApiError('TEAM409_0');
      await tx.update(team).set({ name: change.teamName }).where(eq(team.id, row.id));
      await recordAudit(tx, {
        workspaceId: row.workspaceId,
        actorId,
        action: 'team.renamed',
        target: { type: 'team', id: row.id, name: change.teamName },
        details: { from: row.name, to: change.teamName },
        ip,
      });
      done.teamName = change.teamName;
    }
    if (change.visibility !== undefined && change.visibility !== row.visibility) {
      if (row.isDefault) throw new ApiError('TEAM409_3');
      if (change.visibility === 'private' && (await memberCount(tx, row.id)) === 0) {
        throw new ApiError('TEAM409_2');
      }
      await tx.update(team).set({ visibility: change.visibility }).where(eq(team.id, row.id));
      await recordAudit(tx, {
        workspaceId: row.workspaceId,
        actorId,
        action: 'team.visibility_changed',
        target: { type: 'team', id: row.id, name: done.teamName ?? row.name },
        details: { from: row.visibility, to: change.visibility },
        ip,
      });
      done.visibility = change.visibility;
    }
    return done;
  });
}

/**
 * Sets the team's image URL (or null), by a team member or admin (403 `TEAM403_2`); audit `team.image_changed`.
 * Returns the previous URL (the caller deletes that file).
 */
export async function setTeamImage(
  db: Db,
  actorId: number,
  scope: TeamScope,
  url: string | null,
  ip: string | null,
): Promise<string | null> {
  await requireTeamEditor(db, actorId, scope);
  return db.transaction(async (tx) => {
    const row = await lockTeam(tx, scope.teamId);
    await tx.update(team).set({ imageUrl: url }).where(eq(team.id, row.id));
    await recordAudit(tx, {
      workspaceId: row.workspaceId,
      actorId,
      action: 'team.image_changed',
      target: { type: 'team', id: row.id, name: row.name },
      details: { removed: url === null },
      ip,
    });
    return row.imageUrl;
  });
}

/** What `deleteTeam` removed (also for the tests: the counts are the rows gone in its one transaction). */
export interface DeletedTeam {
  teamId: number;
  /** Members of the team before it went (a private team's deletion is told only to them). */
  memberIds: number[];
  visibility: TeamVisibility;
  imageUrl: string | null;
  items: number;
  comments: number;
  alarms: number;
  integrations: number;
}

/**
 * Deletes the team (`DELETE /api/teams/{teamId}`), admins only (403 `ROLE403_0`), confirmed by its name typed
 * again (400 `TEAM400_3` when it differs); the default team cannot be deleted (409 `TEAM409_3`). One transaction
 * (docs/security.md "Teams"): with the workspace row locked (no team created or reordered meanwhile) and the team
 * row locked, its alarms, comments, items (managers with them), group counts, GitHub installation link and
 * memberships go, then the team, and the `team.deleted` audit entry is written — all or nothing.
 */
export async function deleteTeam(
  db: Db,
  actorId: number,
  scope: TeamScope,
  confirmName: string,
  ip: string | null,
): Promise<DeletedTeam> {
  const { canAdminister } = await permissions(db, actorId, scope);
  if (!canAdminister) throw new ApiError('ROLE403_0');
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, scope.workspaceId);
    const row = await lockTeam(tx, scope.teamId);
    if (row.isDefault) throw new ApiError('TEAM409_3');
    if (confirmName !== row.name)
      throw new ApiError('TEAM400_3', { teamName: '팀 이름이 일치하지 않습니다.' });
    const members = await tx
      .select({ id: teamMember.memberId })
      .from(teamMember)
      .where(eq(teamMember.teamId, row.id));
    const ofTeam = tx.select({ id: item.id }).from(item).where(eq(item.teamId, row.id));
    const alarms = await tx.delete(alarm).where(inArray(alarm.itemId, ofTeam)).returning({ id: alarm.id });
    const comments = await tx
      .delete(comment)
      .where(inArray(comment.itemId, ofTeam))
      .returning({ id: comment.id });
    // Issues first, so no goal is referenced while it goes (`goal_id` would be set null row by row otherwise).
    const issues = await tx
      .delete(item)
      .where(and(eq(item.teamId, row.id), sql`${item.kind} <> 'goal'`))
      .returning({ id: item.id });
    const goals = await tx.delete(item).where(eq(item.teamId, row.id)).returning({ id: item.id });
    await tx.execute(sql`delete from item_group_count where team_id = ${row.id}`);
    const integrations = await tx
      .delete(githubInstallation)
      .where(eq(githubInstallation.teamId, row.id))
      .returning({ id: githubInstallation.teamId });
    await tx.delete(teamMember).where(eq(teamMember.teamId, row.id));
    await tx.delete(team).where(eq(team.id, row.id));
    const counts = {
      items: issues.length + goals.length,
      comments: comments.length,
      alarms: alarms.length,
      integrations: integrations.length,
    };
    // The team's GitHub link goes with it: the same entry as a disconnect (docs/security.md "Audit log").
    if (integrations.length > 0) {
      await recordAudit(tx, {
        workspaceId: row.workspaceId,
        actorId,
        action: 'integration.disconnected',
        target: { type: 'integration', name: 'github' },
        details: { teamId: row.id, teamName: row.name, reason: 'team.deleted' },
        ip,
      });
    }
    await recordAudit(tx, {
      workspaceId: row.workspaceId,
      actorId,
      action: 'team.deleted',
      target: { type: 'team', id: row.id, name: row.name },
      details: { visibility: row.visibility, ...counts },
      ip,
    });
    return {
      teamId: row.id,
      memberIds: members.map((m) => m.id),
      visibility: row.visibility === 'private' ? 'private' : 'public',
      imageUrl: row.imageUrl,
      ...counts,
    };
  });
}
