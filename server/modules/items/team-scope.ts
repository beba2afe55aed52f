import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { member, team, workspace } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import type { TeamLookup } from '../auth/require-member';
import { INVALID_ID_MESSAGE, parseId } from '../../../contract/ids';

/** The team of a `/api/teams/{teamId}/…` request, once the caller's access is checked. */
export interface TeamScope {
  teamId: number;
  workspaceId: number;
  /** The workspace's name, the prefix of item names. */
  workspaceName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the items module's `preValidation` hook: the path's team, in the caller's workspace. */
    teamScope: TeamScope;
  }
}

/**
 * The access rule: the team exists and belongs to the caller's workspace, else 404 `TEAM404_0` — the same answer for
 * a missing team and another workspace's, so team ids of other workspaces cannot be probed. Any member of the
 * workspace may use all of its teams (docs/security.md "Access model").
 */
function scopeOf(lookup: TeamLookup): TeamScope {
  const { teamId, callerWorkspaceId, team: found } = lookup;
  if (!found || callerWorkspaceId === null || Number(callerWorkspaceId) !== found.workspaceId) {
    throw new ApiError('TEAM404_0');
  }
  return { teamId, workspaceId: found.workspaceId, workspaceName: found.workspaceName };
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
    team: row ? { workspaceId: row.workspaceId, workspaceName: row.workspaceName } : null,
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
      lookup?.teamId === teamId ? scopeOf(lookup) : await resolveTeamScope(db, request.memberId, teamId);
  };
}
