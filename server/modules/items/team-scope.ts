import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { member, team, workspace } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { MAX_ID } from './kinds';

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
 * The team `teamId` as seen by `memberId` (one query): 404 `TEAM404_0` when no such team exists; 403 `TEAM403_0`
 * when it belongs to another workspace than the caller's (or the caller has none). Any member of the workspace
 * may use its teams' items, like the settings area (spec §6: no roles).
 */
export async function resolveTeamScope(db: Db, memberId: number, teamId: number): Promise<TeamScope> {
  const callerWorkspace = db
    .select({ id: member.workspaceId })
    .from(member)
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)));
  const [row] = await db
    .select({
      workspaceId: team.workspaceId,
      workspaceName: workspace.name,
      callerWorkspaceId: sql<number | null>`(${callerWorkspace})`,
    })
    .from(team)
    .innerJoin(workspace, eq(workspace.id, team.workspaceId))
    .where(eq(team.id, teamId));
  if (!row) throw new ApiError('TEAM404_0');
  if (row.callerWorkspaceId === null || Number(row.callerWorkspaceId) !== row.workspaceId) {
    throw new ApiError('TEAM403_0');
  }
  return { teamId, workspaceId: row.workspaceId, workspaceName: row.workspaceName };
}

const TEAM_ID = /^[1-9][0-9]{0,9}$/;

/**
 * `preValidation` hook of every team route: checks the caller's access to `{teamId}` before the body or query
 * is validated, so members of other workspaces learn nothing but 403 (or 404 for a team that does not exist).
 * A malformed `teamId` is left to the params schema (400 `VALID400_1`).
 */
export function teamScopeHook(db: Db) {
  return async function requireTeam(request: FastifyRequest): Promise<void> {
    const raw = (request.params as { teamId?: unknown }).teamId;
    if (typeof raw !== 'string' || !TEAM_ID.test(raw) || Number(raw) > MAX_ID) return;
    request.teamScope = await resolveTeamScope(db, request.memberId, Number(raw));
  };
}
