import { and, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { INVALID_ID_MESSAGE, parseId } from '../../contract/ids';
import type { Db } from '../db';
import { member, team, teamMember, workspace } from '../db/schema';
import { ApiError } from './envelope';

/**
 * Scoping of requests to the caller's workspace and to a team of it (docs/security.md "Access model"): ids in paths
 * and bodies are only ever looked up inside the caller's workspace, and a team of another workspace answers exactly
 * like a missing one. Shared by every module with `/api/teams/{teamId}/…` routes or workspace-wide reads.
 */

/**
 * What `requireMember` read about the path's `{teamId}` in the same query as the member (reads only):
 * `teamScopeHook` decides access from it instead of asking the database again.
 */
export interface TeamLookup {
  teamId: number;
  /** The caller's workspace (null: none yet). */
  callerWorkspaceId: number | null;
  /**
   * The team's workspace and its name; null when no team has that id. `visibility` and `isMember` (the caller
   * belongs to the team) are read with it (issue #23); a lookup without them is read again by `teamScopeHook`.
   */
  team: {
    workspaceId: number;
    workspaceName: string;
    visibility?: string;
    isMember?: boolean;
  } | null;
}

/** The team of a `/api/teams/{teamId}/…` request, once the caller's access is checked. */
export interface TeamScope {
  teamId: number;
  workspaceId: number;
  /** The workspace's name, the prefix of item names. */
  workspaceName: string;
  /** `public` or `private` (issue #23, docs/security.md "Teams"); set on scopes of a request. */
  visibility?: 'public' | 'private';
  /**
   * Whether the caller belongs to the team (`team_member`): writing needs it (`requireTeamMembership`). Set on
   * scopes of a request; scopes built by the server itself (webhooks) have no caller.
   */
  isMember?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `teamScopeHook` (`preValidation`): the path's team, in the caller's workspace. */
    teamScope: TeamScope;
  }
}

/**
 * The access rule: the team exists and belongs to the caller's workspace, else 404 `TEAM404_0` — the same answer for
 * a missing team and another workspace's, so team ids of other workspaces cannot be probed. A private team the
 * caller is not a member of answers the same 404 (issue #23, docs/security.md "Teams"); a public one is readable
 * by every member of the workspace (writes check `isMember` with `requireTeamMembership`).
 */
function scopeOf(lookup: TeamLookup): TeamScope {
  const { teamId, callerWorkspaceId, team: found } = lookup;
  if (!found || callerWorkspaceId === null || Number(callerWorkspaceId) !== found.workspaceId) {
    throw new ApiError('TEAM404_0');
  }
  const visibility = found.visibility === 'private' ? 'private' : 'public';
  const isMember = found.isMember === true;
  if (visibility === 'private' && !isMember) throw new ApiError('TEAM404_0');
  return { teamId, workspaceId: found.workspaceId, workspaceName: found.workspaceName, visibility, isMember };
}

/**
 * Writing in a team (creating, editing, deleting items, commenting) needs membership of it, public or private
 * (issue #23, docs/security.md "Teams"): 403 `TEAM403_1` otherwise. A private team's non-members never get here
 * (`scopeOf` answered 404 first).
 */
export function requireTeamMembership(scope: TeamScope): void {
  if (scope.isMember !== true) throw new ApiError('TEAM403_1');
}

/**
 * Private teams of `workspaceId` that `memberId` does not belong to (issue #23): their items, comments, alarms,
 * search hits and events never reach the member. Usually none, so callers add no condition at all then (search
 * and alarm statements keep their plans); otherwise `team_id not in (…)`.
 */
export async function hiddenTeamIds(db: Db, memberId: number, workspaceId: number): Promise<number[]> {
  const rows = await db
    .select({ id: team.id })
    .from(team)
    .where(
      and(
        eq(team.workspaceId, workspaceId),
        eq(team.visibility, 'private'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(teamMember)
            .where(and(eq(teamMember.teamId, team.id), eq(teamMember.memberId, memberId))),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** `resolveTeamScope`'s query, prepared once per database handle (see auth/require-member.ts `memberQueries`). */
const scopeQueries = new WeakMap<Db, ReturnType<typeof scopeQuery>>();

function scopeQuery(db: Db) {
  const callerWorkspace = db
    .select({ id: member.workspaceId })
    .from(member)
    .where(and(eq(member.id, sql.placeholder('memberId')), isNull(member.withdrawnAt)));
  return db
    .select({
      workspaceId: team.workspaceId,
      workspaceName: workspace.name,
      callerWorkspaceId: sql<number | null>`(${callerWorkspace})`,
      visibility: team.visibility,
      isMember: sql<boolean>`exists (select 1 from ${teamMember} where ${teamMember.teamId} = ${team.id} and ${teamMember.memberId} = ${sql.placeholder('memberId')})`,
    })
    .from(team)
    .innerJoin(workspace, eq(workspace.id, team.workspaceId))
    .where(eq(team.id, sql.placeholder('teamId')))
    .prepare('team_scope');
}

/**
 * The team `teamId` as seen by `memberId` (one query): 404 `TEAM404_0` when no such team exists or it belongs to
 * another workspace than the caller's (or the caller has none) — see `scopeOf`.
 */
export async function resolveTeamScope(db: Db, memberId: number, teamId: number): Promise<TeamScope> {
  let query = scopeQueries.get(db);
  if (!query) {
    query = scopeQuery(db);
    scopeQueries.set(db, query);
  }
  const [row] = await query.execute({ memberId, teamId });
  return scopeOf({
    teamId,
    callerWorkspaceId: row?.callerWorkspaceId ?? null,
    team: row
      ? {
          workspaceId: row.workspaceId,
          workspaceName: row.workspaceName,
          visibility: row.visibility,
          isMember: row.isMember === true || (row.isMember as unknown) === 't',
        }
      : null,
  });
}

/**
 * `preValidation` hook of every team route: parses `{teamId}` (contract/ids.ts `parseId`, the one id parser) and
 * checks the caller's access before the body or query is validated, so members of other workspaces learn nothing
 * but 404. A malformed `teamId` is 400 `VALID400_1` here, so no handler ever runs without `request.teamScope`.
 * On GET/HEAD, `requireMember` has already read the team with the member (`request.teamLookup`, same request, one
 * query); other methods read it here, after their body.
 */
export function teamScopeHook(db: Db) {
  return async function requireTeam(request: FastifyRequest): Promise<void> {
    const teamId = parseId((request.params as { teamId?: unknown }).teamId);
    if (teamId === null) throw new ApiError('VALID400_1', { teamId: INVALID_ID_MESSAGE });
    const lookup = request.teamLookup;
    request.teamScope =
      lookup?.teamId === teamId && (lookup.team === null || lookup.team.visibility !== undefined)
        ? scopeOf(lookup)
        : await resolveTeamScope(db, request.memberId, teamId);
  };
}

/**
 * The workspace every settings query is scoped to: the caller's own (`member.workspace_id`). Ids in paths or
 * bodies are only ever looked up inside it, so a member of another workspace can neither read nor change
 * anything here. 404 `WORKSPACE404_0` while the caller has none (the client sends them to onboarding,
 * docs/product.md "Onboarding"); `JWT401_1` if the member vanished or withdrew since `requireMember` ran.
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

/**
 * `preValidation` hook of the team routes that write (create, edit, delete items): `teamScopeHook`, then
 * membership of the team (403 `TEAM403_1`, issue #23, docs/security.md "Teams") before the body is validated.
 */
export function teamWriterHook(db: Db) {
  const scope = teamScopeHook(db);
  return async function requireTeamWriter(request: FastifyRequest): Promise<void> {
    await scope(request);
    requireTeamMembership(request.teamScope);
  };
}

/**
 * SQL condition on `team`: the team is readable by `memberId` — public, or private with `memberId` as a member
 * (issue #23, docs/security.md "Teams"). For lists that name teams (settings, members' teams).
 */
export function readableTeam(memberId: number) {
  return or(
    eq(team.visibility, 'public'),
    sql`exists (select 1 from ${teamMember} where ${teamMember.teamId} = ${team.id} and ${teamMember.memberId} = ${memberId})`,
  );
}

/**
 * `preValidation` hook of the team settings routes that workspace admins use on any team (docs/security.md "Roles":
 * change visibility, delete any team): like `teamScopeHook`, but a private team of the caller's workspace that the
 * caller is not in is let through for an admin or the owner (`isMember: false`), so they can see its settings,
 * change its visibility or delete it without joining. Everyone else still gets the 404 `TEAM404_0`.
 */
export function teamScopeForAdminsHook(db: Db) {
  const scope = teamScopeHook(db);
  return async function requireTeamOrAdmin(request: FastifyRequest): Promise<void> {
    try {
      await scope(request);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'TEAM404_0') throw error;
      const teamId = parseId((request.params as { teamId?: unknown }).teamId)!;
      const [row] = await db
        .select({ workspaceId: team.workspaceId, workspaceName: workspace.name, role: member.role })
        .from(team)
        .innerJoin(workspace, eq(workspace.id, team.workspaceId))
        .innerJoin(
          member,
          and(
            eq(member.id, request.memberId),
            eq(member.workspaceId, team.workspaceId),
            isNull(member.withdrawnAt),
          ),
        )
        .where(eq(team.id, teamId));
      if (!row || (row.role !== 'owner' && row.role !== 'admin')) throw error;
      request.teamScope = {
        teamId,
        workspaceId: row.workspaceId,
        workspaceName: row.workspaceName,
        visibility: 'private',
        isMember: false,
      };
    }
  };
}
