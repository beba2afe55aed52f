import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { parseId } from '../../../contract/ids';
import type { Db } from '../../db';
import { member, team, teamMember, workspace } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import type { TeamLookup } from '../../http/team-scope';
import { type AccessTokenCheck, verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireMember`: the signed-in member's id. */
    memberId: number;
    /** Set by `requireMember` on GET/HEAD routes with a well-formed `{teamId}` (see `TeamLookup`). */
    teamLookup?: TeamLookup;
  }
  interface FastifyInstance {
    /**
     * preHandler for protected routes: `Authorization: Bearer <access token>` required.
     * Missing → 401 `COMMON401`; expired → `JWT401_0`; bad signature, wrong `typ`, member gone or withdrawn →
     * `JWT401_1` (also a token issued before the member's removal from a workspace, issue #23); malformed →
     * `JWT401_2`. Sets `request.memberId`.
     */
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** Methods whose team lookup is merged into the member's (they carry no body, so both checks happen at once anyway). */
const READS = new Set(['GET', 'HEAD']);

/**
 * The two lookups of `requireMember`, built once per database handle and prepared (PostgreSQL parses and plans them
 * once per connection; on both drivers Drizzle skips building the SQL on every request). Both read the member only
 * when it exists and has not withdrawn; no result is ever kept between requests, so a withdrawn member, or a
 * member of another workspace, is refused from the very next request on.
 */
function memberQueries(db: Db) {
  const memberId = sql.placeholder('memberId');
  const current = and(eq(member.id, memberId), isNull(member.withdrawnAt));
  return {
    alone: db
      .select({ callerWorkspaceId: member.workspaceId, removedAt: member.removedAt })
      .from(member)
      .where(current)
      .prepare('require_member'),
    withTeam: db
      .select({
        callerWorkspaceId: member.workspaceId,
        removedAt: member.removedAt,
        teamWorkspaceId: team.workspaceId,
        workspaceName: workspace.name,
        // issue #23 (teams): private teams answer 404 to non-members (server/http/team-scope.ts `scopeOf`).
        teamVisibility: team.visibility,
        isTeamMember: sql<boolean>`exists (select 1 from ${teamMember} where ${teamMember.teamId} = ${team.id} and ${teamMember.memberId} = ${member.id})`,
      })
      .from(member)
      .leftJoin(team, eq(team.id, sql.placeholder('teamId')))
      .leftJoin(workspace, eq(workspace.id, team.workspaceId))
      .where(current)
      .prepare('require_member_team'),
  };
}

/** Most access tokens whose signature check is remembered (about 200 bytes each). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Remembers access tokens whose signature and claims were verified (HS256 through WebCrypto costs ~0.15 ms of CPU a
 * request), until the token's own expiry: the answer of `verifyAccessToken` depends only on the token, the secret
 * and the clock, so a remembered token gets the same answer without the HMAC, and from its `exp` on the full check
 * runs again (JWT401_0). It says nothing about the member, who is looked up on every request.
 */
function verifiedTokens(jwtSecret: string) {
  const verified = new Map<string, { memberId: number; expiresAt: number; issuedAt: number }>();
  return async function verify(token: string): Promise<AccessTokenCheck & { issuedAt?: number }> {
    const known = verified.get(token);
    if (known && Date.now() < known.expiresAt) {
      return { ok: true, memberId: known.memberId, issuedAt: known.issuedAt };
    }
    if (known) verified.delete(token);
    const check = await verifyAccessToken(jwtSecret, token);
    const claims = check.ok ? decodeJwt(token) : undefined;
    const issuedAt = typeof claims?.iat === 'number' ? claims.iat * 1000 : 0;
    if (check.ok && typeof claims?.exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { memberId: check.memberId, expiresAt: claims.exp * 1000, issuedAt });
    }
    return check.ok ? { ...check, issuedAt } : check;
  };
}

/**
 * issue #23 (admin), docs/security.md "Roles" (removal): an access token issued (`iat`, whole seconds) at or before
 * the member's removal from a workspace is refused, so a removed member's next request fails at once; tokens
 * issued after it (they signed in again) are not.
 */
function issuedBeforeRemoval(issuedAt: number | undefined, removedAt: Date | null): boolean {
  return removedAt !== null && (issuedAt ?? 0) <= removedAt.getTime();
}

/**
 * One query a request: the member (401 `JWT401_1` when gone or withdrawn) and, on GET/HEAD routes under
 * `/api/teams/{teamId}/…`, that team in the same query, for the items module's team check (`request.teamLookup`;
 * it still answers 404 `TEAM404_0` / 400 `VALID400_1` itself, after this hook, exactly as before). Writes keep the
 * team check after their body has arrived, in its own query.
 */
export function createRequireMember(db: Db, jwtSecret: string) {
  const queries = memberQueries(db);
  const verify = verifiedTokens(jwtSecret);
  return async function requireMember(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match) throw new ApiError('COMMON401');
    const check = await verify(match[1]!);
    if (!check.ok) throw new ApiError(check.code);
    const teamId = READS.has(request.method)
      ? parseId((request.params as { teamId?: unknown } | undefined)?.teamId)
      : null;
    if (teamId === null) {
      const [row] = await queries.alone.execute({ memberId: check.memberId });
      if (!row || issuedBeforeRemoval(check.issuedAt, row.removedAt)) throw new ApiError('JWT401_1');
    } else {
      const [row] = await queries.withTeam.execute({ memberId: check.memberId, teamId });
      if (!row || issuedBeforeRemoval(check.issuedAt, row.removedAt)) throw new ApiError('JWT401_1');
      request.teamLookup = {
        teamId,
        callerWorkspaceId: row.callerWorkspaceId,
        team:
          row.teamWorkspaceId === null || row.workspaceName === null
            ? null
            : {
                workspaceId: row.teamWorkspaceId,
                workspaceName: row.workspaceName,
                visibility: row.teamVisibility ?? 'public',
                isMember: row.isTeamMember === true || (row.isTeamMember as unknown) === 't',
              },
      };
    }
    request.memberId = check.memberId;
  };
}
