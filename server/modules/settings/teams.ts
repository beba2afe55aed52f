import { and, asc, desc, eq, exists, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { CreateTeamResult, Team, TeamVisibility } from '../../../contract';
import type { Db } from '../../db';
import { member, team, teamMember, workspace } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { formatTimestamp } from '../../http/time';
import { listIds } from '../../http/validation';
import { recordAudit } from '../audit';

/**
 * Teams of a workspace (docs/product.md "Teams and members"). Every function takes
 * the caller's workspace id (`callerWorkspaceId`) and never looks at another workspace's rows.
 */

/** The workspace order: default team first, then `position`, then id (ties after concurrent creates). */
const TEAM_ORDER = [desc(team.isDefault), asc(team.position), asc(team.id)] as const;

/**
 * Locks the workspace row for the rest of the transaction (`FOR NO KEY UPDATE`), so team creations, reorders and
 * withdrawals in one workspace run one at a time: a reorder never misses a team created meanwhile, and two new
 * teams never get the same position. 404 `WORKSPACE404_0` if the workspace is gone (its last member withdrew).
 */
export async function lockWorkspace(tx: Db, workspaceId: number): Promise<void> {
  const rows = await tx
    .select({ id: workspace.id })
    .from(workspace)
    .where(eq(workspace.id, workspaceId))
    .for('no key update');
  if (rows.length === 0) throw new ApiError('WORKSPACE404_0');
}

export interface TeamPageResult {
  teamList: Team[];
  isLast: boolean;
}

/** Columns of a `Team` row for `memberId` (member count, visibility, whether the member is in it). */
function teamColumns(memberId: number) {
  return {
    id: team.id,
    name: team.name,
    imageUrl: team.imageUrl,
    isDefault: team.isDefault,
    createdAt: team.createdAt,
    visibility: team.visibility,
    memberCount: sql<number>`(select count(*) from ${teamMember} where ${teamMember.teamId} = ${team.id})`
      .mapWith(Number)
      .as('member_count'),
    isMember:
      sql<boolean>`exists (select 1 from ${teamMember} where ${teamMember.teamId} = ${team.id} and ${teamMember.memberId} = ${memberId})`
        .mapWith((v: unknown) => v === true || v === 't')
        .as('is_member'),
  };
}

type TeamRow = {
  id: number;
  name: string;
  imageUrl: string | null;
  isDefault: boolean;
  createdAt: Date;
  visibility: string;
  memberCount: number;
  isMember: boolean;
};

/** A row of `teamColumns` as the contract's `Team`. */
function toTeam(row: TeamRow): Team {
  return {
    teamId: row.id,
    teamName: row.name,
    teamImageUrl: row.imageUrl,
    memberCount: row.memberCount,
    createdAt: formatTimestamp(row.createdAt),
    isDefault: row.isDefault,
    visibility: row.visibility === 'private' ? 'private' : 'public',
    isMember: row.isMember,
  };
}

/** Teams of the workspace `memberId` may read: public ones and the private ones they belong to (issue #23). */
function readableBy(memberId: number) {
  return or(
    eq(team.visibility, 'public'),
    exists(
      sql`(select 1 from ${teamMember} where ${teamMember.teamId} = ${team.id} and ${teamMember.memberId} = ${memberId})`,
    ),
  );
}

/**
 * One page of the workspace's teams in workspace order: `page` from 0, `size` per page. `memberCount` counts the
 * team's memberships (withdrawn members have none); `createdAt` is ISO-8601 with the Asia/Seoul offset.
 * Lists public teams and the private teams the caller is in; with `seesAllPrivate` (workspace admins and the
 * owner, docs/security.md "Teams") every private team as well — its name, visibility and member count, so it can
 * be administered or deleted. Reads `size + 1` rows to know whether this page is the last.
 */
export async function listTeams(
  db: Db,
  memberId: number,
  workspaceId: number,
  seesAllPrivate: boolean,
  page: number,
  size: number,
): Promise<TeamPageResult> {
  const rows = await db
    .select(teamColumns(memberId))
    .from(team)
    .where(and(eq(team.workspaceId, workspaceId), seesAllPrivate ? undefined : readableBy(memberId)))
    .orderBy(...TEAM_ORDER)
    .limit(size + 1)
    .offset(page * size);
  return { teamList: rows.slice(0, size).map(toTeam), isLast: rows.length <= size };
}

/**
 * "나의 팀" (issue #23, docs/security.md "Teams"), one page: the teams `memberId` belongs to — the default team
 * first, then the member's own order (`team_member.position`), then teams without a position by workspace order.
 */
export async function listMyTeams(
  db: Db,
  memberId: number,
  workspaceId: number,
  page: number,
  size: number,
): Promise<TeamPageResult> {
  const rows = await db
    .select(teamColumns(memberId))
    .from(team)
    .innerJoin(teamMember, and(eq(teamMember.teamId, team.id), eq(teamMember.memberId, memberId)))
    .where(eq(team.workspaceId, workspaceId))
    .orderBy(
      desc(team.isDefault),
      sql`${teamMember.position} asc nulls last`,
      asc(team.position),
      asc(team.id),
    )
    .limit(size + 1)
    .offset(page * size);
  return { teamList: rows.slice(0, size).map(toTeam), isLast: rows.length <= size };
}

/**
 * "팀 둘러보기" (issue #23): the workspace's public teams `memberId` is not in, in workspace order, with their
 * member counts. Private teams are never listed here.
 */
export async function listBrowsableTeams(db: Db, memberId: number, workspaceId: number): Promise<Team[]> {
  const rows = await db
    .select(teamColumns(memberId))
    .from(team)
    .where(
      and(
        eq(team.workspaceId, workspaceId),
        eq(team.visibility, 'public'),
        notExists(
          sql`(select 1 from ${teamMember} where ${teamMember.teamId} = ${team.id} and ${teamMember.memberId} = ${memberId})`,
        ),
      ),
    )
    .orderBy(...TEAM_ORDER);
  return rows.map(toTeam);
}

/**
 * Creates team `name` (already checked with `validateTeamName`) in the caller's workspace, in one transaction:
 * 1. lock the workspace row (see `lockWorkspace`);
 * 2. every id of `memberIds` must be a current member of the workspace, else 400 `TEAM400_1` whose message and
 *    `result.memberId` name the others (ids are compared in memory against the workspace's members, so any
 *    number, even one beyond the `integer` range, is a clean 400);
 * 3. insert the team at the end of the order (highest position + 1) — `ON CONFLICT (workspace_id, name) DO
 *    NOTHING`, so a name taken (also by a concurrent create, or the default team's) is 409 `TEAM409_0`;
 * 4. add the caller and `memberIds` (duplicates ignored) as members;
 * 5. write the `team.created` audit entry (issue #23, docs/security.md "Audit log"; `ip` is `request.ip`).
 * `visibility` is the creator's choice (default public; docs/security.md "Teams": any member may create a private
 * team, only admins change it afterwards).
 * Result members: the caller first, then the others in request order.
 */
export async function createTeam(
  db: Db,
  callerId: number,
  workspaceId: number,
  name: string,
  memberIds: readonly number[],
  ip: string | null = null,
  visibility: TeamVisibility = 'public',
): Promise<CreateTeamResult> {
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const people = await tx
      .select({ id: member.id, name: member.name })
      .from(member)
      .where(and(eq(member.workspaceId, workspaceId), isNull(member.withdrawnAt)));
    const nameOf = new Map(people.map((p) => [p.id, p.name]));
    if (!nameOf.has(callerId)) throw new ApiError('WORKSPACE404_0');

    const wanted = [...new Set([callerId, ...memberIds])];
    const foreign = wanted.filter((id) => !nameOf.has(id));
    if (foreign.length > 0) {
      const message = `워크스페이스 멤버가 아닙니다: ${listIds(foreign)}`;
      throw new ApiError('TEAM400_1', { memberId: message }, { message });
    }

    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${team.position}), 0)`.mapWith(Number) })
      .from(team)
      .where(eq(team.workspaceId, workspaceId));
    const [created] = await tx
      .insert(team)
      .values({ workspaceId, name, isDefault: false, position: (last?.position ?? 0) + 1, visibility })
      .onConflictDoNothing({ target: [team.workspaceId, team.name] })
      .returning({ id: team.id, name: team.name });
    if (!created) throw new ApiError('TEAM409_0');

    await tx.insert(teamMember).values(wanted.map((memberId) => ({ teamId: created.id, memberId })));
    await recordAudit(tx, {
      workspaceId,
      actorId: callerId,
      action: 'team.created',
      target: { type: 'team', id: created.id, name: created.name },
      details: { memberIds: wanted, visibility },
      ip,
    });
    return {
      teamId: created.id,
      teamName: created.name,
      members: wanted.map((memberId) => ({ memberId, name: nameOf.get(memberId)! })),
    };
  });
}

/** 400 `TEAM400_2` with the broken rule as `message` and `result.teamIdList`. */
function reorderError(message: string): ApiError {
  return new ApiError('TEAM400_2', { teamIdList: message }, { message });
}

/**
 * Stores the caller's own order of "나의 팀" (issue #23, docs/security.md "Teams"; the request contract of
 * docs/product.md "Teams and members" is unchanged, it now means the caller's order). One transaction with the
 * workspace row locked. `teamIdList` must hold every team the caller belongs to exactly once with the default team
 * first; the rules are checked in this order, each a 400 `TEAM400_2` naming the rule: duplicate ids → ids that are
 * not the caller's teams in this workspace → teams left out → default team not first.
 * Then the caller's `team_member.position` = index in the list (default team 0); other members' orders stay.
 */
export async function reorderTeams(
  db: Db,
  memberId: number,
  workspaceId: number,
  teamIdList: readonly number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const teams = await tx
      .select({ id: team.id })
      .from(team)
      .innerJoin(teamMember, and(eq(teamMember.teamId, team.id), eq(teamMember.memberId, memberId)))
      .where(eq(team.workspaceId, workspaceId))
      .orderBy(...TEAM_ORDER);
    const known = new Set(teams.map((t) => t.id));

    const seen = new Set<number>();
    const duplicates = new Set<number>();
    for (const id of teamIdList) (seen.has(id) ? duplicates : seen).add(id);
    if (duplicates.size > 0) {
      throw reorderError(`같은 팀이 두 번 이상 들어 있습니다: ${listIds([...duplicates])}`);
    }
    const foreign = teamIdList.filter((id) => !known.has(id));
    if (foreign.length > 0) throw reorderError(`내가 속한 팀이 아닙니다: ${listIds(foreign)}`);
    const missing = teams.map((t) => t.id).filter((id) => !seen.has(id));
    if (missing.length > 0) {
      throw reorderError(`내가 속한 모든 팀을 한 번씩 보내야 합니다. 빠진 팀: ${listIds(missing)}`);
    }
    if (teamIdList[0] !== teams[0]?.id) throw reorderError('기본 팀이 맨 앞에 있어야 합니다.');

    const cases = sql.join(
      teamIdList.map((id, index) => sql`when ${id}::integer then ${index}::integer`),
      sql` `,
    );
    await tx
      .update(teamMember)
      .set({ position: sql`case ${teamMember.teamId} ${cases} end` })
      .where(and(eq(teamMember.memberId, memberId), inArray(teamMember.teamId, [...known])));
  });
}
