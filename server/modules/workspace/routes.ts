import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createWorkspaceRequestSchema,
  createWorkspaceResponseSchema,
  createWorkspaceUrlRequestSchema,
  createWorkspaceUrlResponseSchema,
  errorEnvelopeSchema,
  inviteInfoResponseSchema,
  joinWorkspaceRequestSchema,
  joinWorkspaceResponseSchema,
  validateWorkspaceName,
  workspaceProfileResponseSchema,
  workspaceSlug,
} from '../../../contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { member, workspace } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { formatTimestamp } from '../../http/time';
import { publishSafely } from '../events/publish';
import { createWorkspace, defaultTeamId, inviteUrl, joinWorkspace, workspaceUrl } from './service';
import { firstFreeSlug } from './slug';

export { inviteUrl, workspaceUrl } from './service';

export interface WorkspaceRoutesOptions {
  config: AppConfig;
  db: Db;
}

const AUTH_ERRORS = errorEnvelopeSchema.describe(
  '`COMMON401` no bearer | `JWT401_0` expired | `JWT401_1` invalid or member gone | `JWT401_2` malformed',
);
const NAME_ERRORS = errorEnvelopeSchema.describe(
  '`WORKSPACE400_1`: the name breaks a spec §5 rule — `message` and `result.workspaceName` are the first failing ' +
    "rule's Korean message; `VALID400_1`: `workspaceName` missing or not a string",
);

/**
 * 400 `WORKSPACE400_1` unless `name` passes the nine rules of spec §5, checked exactly as typed. The envelope's
 * `message` and `result.workspaceName` are the first failing rule's Korean message (`validateWorkspaceName`, the
 * same function and text the client uses).
 */
function assertValidWorkspaceName(name: string): void {
  const problem = validateWorkspaceName(name);
  if (problem !== null)
    throw new ApiError('WORKSPACE400_1', { workspaceName: problem }, { message: problem });
}

/**
 * Workspace routes (issue #3 "Onboarding and workspace membership"; api-contract.md "Workspace, invite, join";
 * spec §2 onboarding, §3, §5, §7 "Session and onboarding" + "Workspace settings"). Every route needs
 * `Authorization: Bearer <access token>`; it is checked first (`onRequest`), before the body is even parsed, so
 * callers without a valid token always get the 401 and never learn anything else.
 */
export async function workspaceRoutes(
  app: FastifyInstance,
  { config, db }: WorkspaceRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authenticated = { onRequest: app.requireMember };

  /** Join gets a tenth of the global request budget per IP, on top of the database-backed lockout. */
  const strictRateLimit = {
    rateLimit: { max: Math.max(1, Math.ceil(config.rateLimitMax / 10)), timeWindow: 60_000 },
  };

  /**
   * `POST /api/workspace/create-url` — preview of the workspace URL for a name (spec §2 create-workspace screen,
   * §3 "Workspace URL request", §7). Body `{ workspaceName: string }`.
   * 200 `WORKSPACE200_1` `{ workspaceUrl }` = `<PUBLIC_URL>/<slug>`, slug = lower-cased name with spaces → `-`,
   * plus the suffix (`-2`, `-3`, …) it would get if created now (taken or reserved slugs are skipped). Reserves
   * nothing: a later create may still get a different suffix.
   * 400 `WORKSPACE400_1` invalid name (message = the first failing spec §5 rule, also in `result.workspaceName`),
   * `VALID400_1` malformed body; 401 as every route.
   */
  r.post(
    '/api/workspace/create-url',
    {
      ...authenticated,
      schema: {
        tags: ['workspace'],
        summary: 'Preview the workspace URL a name would get',
        description:
          'Validates the name (spec §5) and returns `<PUBLIC_URL>/<slug>` with the collision suffix it would get ' +
          'now. Reserves nothing.',
        security: [{ bearerAuth: [] }],
        body: createWorkspaceUrlRequestSchema,
        response: {
          200: createWorkspaceUrlResponseSchema,
          400: NAME_ERRORS,
          401: AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { workspaceName } = request.body;
      assertValidWorkspaceName(workspaceName);
      const slug = await firstFreeSlug(db, workspaceSlug(workspaceName));
      return ok(reply, 'WORKSPACE200_1', { workspaceUrl: workspaceUrl(config, slug) });
    },
  );

  /**
   * `POST /api/workspace` — create the caller's workspace (spec §2 step 1, §3 "Create-workspace payload", §7).
   * Body `{ workspaceName: string }`. One transaction (see `createWorkspace`): the workspace (unique slug, invite
   * token of 128 random bits in base64url, invite password of 8 `[a-z0-9]`), its default team (same name) with the
   * caller as its first member, and the caller's `workspace_id`. Concurrent creates by one member make exactly one
   * workspace; the others get 409.
   * 201 `WORKSPACE201_0` `{ workspaceId, workspaceName, workspaceUrl, inviteUrl, invitePassword, name (the
   * creator's display name), defaultTeamId }`.
   * 400 `WORKSPACE400_1` / `VALID400_1` as create-url; 409 `WORKSPACE409_0` the caller already has a workspace;
   * 401 as every route.
   */
  r.post(
    '/api/workspace',
    {
      ...authenticated,
      schema: {
        tags: ['workspace'],
        summary: 'Create a workspace with its default team',
        description:
          'One workspace per member: 409 `WORKSPACE409_0` when the caller already has one (also for concurrent ' +
          'duplicates). The slug gets `-2`, `-3`, … when taken.',
        security: [{ bearerAuth: [] }],
        body: createWorkspaceRequestSchema,
        response: {
          201: createWorkspaceResponseSchema,
          400: NAME_ERRORS,
          401: AUTH_ERRORS,
          409: errorEnvelopeSchema.describe('`WORKSPACE409_0`: the caller is already in a workspace'),
        },
      },
    },
    async (request, reply) => {
      const { workspaceName } = request.body;
      assertValidWorkspaceName(workspaceName);
      const created = await createWorkspace(db, request.memberId, workspaceName);
      reply.header('cache-control', 'no-store');
      return ok(reply, 'WORKSPACE201_0', {
        workspaceId: created.workspaceId,
        workspaceName: created.workspaceName,
        workspaceUrl: workspaceUrl(config, created.slug),
        inviteUrl: inviteUrl(config, created.slug, created.inviteToken),
        invitePassword: created.invitePassword,
        name: created.creatorName,
        defaultTeamId: created.defaultTeamId,
      });
    },
  );

  /**
   * `POST /api/workspace/join` — join with an invite (spec §2 invitee password screen, §3 "Join payload", §7).
   * Body `{ token: string (1–128), password: string (1–64) }`, both trimmed. Checks in order (see `joinWorkspace`):
   * 429 `WORKSPACE429_0` + `Retry-After: <seconds>` when, in the last 15 minutes, the caller has 5 failures against
   * the workspace the token names (unknown tokens count together) or their IP has 100 failures by anyone (until the
   * window passes; nothing else is checked); 404 `WORKSPACE404_1` no workspace has that token (counts as a failure); 409 `WORKSPACE409_0` the caller is already in a workspace; 400 `WORKSPACE400_3`
   * '입력 정보를 다시 확인하세요' wrong password (counts as a failure).
   * 200 `WORKSPACE200_2` `{ workspaceId, workspaceName, defaultTeamId, joinedAt (ISO-8601, +09:00) }`; the caller is
   * now a member of the workspace and of its default team. `VALID400_1` malformed body; 401 as every route.
   */
  r.post(
    '/api/workspace/join',
    {
      ...authenticated,
      config: strictRateLimit,
      schema: {
        tags: ['workspace'],
        summary: 'Join a workspace with its invite token and password',
        description:
          'Failed attempts (unknown token or wrong password) within 15 minutes lock joining — five by one member ' +
          'against one workspace (unknown tokens count together) lock that member for that workspace; a hundred ' +
          'from one IP, by anyone, lock that IP: 429 `WORKSPACE429_0` with `Retry-After` (seconds) until the ' +
          'window passes.',
        security: [{ bearerAuth: [] }],
        body: joinWorkspaceRequestSchema,
        response: {
          200: joinWorkspaceResponseSchema,
          400: errorEnvelopeSchema.describe('`WORKSPACE400_3`: wrong password; `VALID400_1`: malformed body'),
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe('`WORKSPACE404_1`: no workspace for that invite token'),
          409: errorEnvelopeSchema.describe('`WORKSPACE409_0`: the caller is already in a workspace'),
          429: errorEnvelopeSchema.describe(
            '`WORKSPACE429_0`: too many failed attempts (`Retry-After` header, seconds); `COMMON429`: request rate',
          ),
        },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const joined = await joinWorkspace(db, request.memberId, request.ip, token, password);
      // Live update (docs/live-updates.md): after the commit; a failure is only logged.
      await publishSafely(db, request.log, joined.workspaceId, {
        type: 'member.joined',
        actorId: request.memberId,
        memberId: request.memberId,
      });
      return ok(reply, 'WORKSPACE200_2', {
        workspaceId: joined.workspaceId,
        workspaceName: joined.workspaceName,
        defaultTeamId: joined.defaultTeamId,
        joinedAt: formatTimestamp(joined.joinedAt),
      });
    },
  );

  /** The caller's workspace row, or 404 `WORKSPACE404_0` while they have none. */
  const callerWorkspace = async (memberId: number) => {
    const [row] = await db
      .select({
        memberName: member.name,
        id: workspace.id,
        name: workspace.name,
        slug: workspace.slug,
        imageUrl: workspace.imageUrl,
        inviteToken: workspace.inviteToken,
        invitePassword: workspace.invitePassword,
      })
      .from(member)
      .innerJoin(workspace, eq(member.workspaceId, workspace.id))
      .where(eq(member.id, memberId))
      .limit(1);
    if (!row) throw new ApiError('WORKSPACE404_0');
    return row;
  };

  /**
   * `GET /api/workspace/setting` — the caller's workspace profile (spec §2 "Loading logic", §3, §7 "Workspace
   * settings").
   * 200 `WORKSPACE200_0` `{ workspaceId, workspaceName, workspaceUrl (<PUBLIC_URL>/<slug>), workspaceImageUrl
   * (nullable), defaultTeamId (the workspace's default team), inviteUrl (<workspaceUrl>/invite?token=…),
   * invitePassword }`.
   * 404 `WORKSPACE404_0` while the member has no workspace (the loading screen then routes to onboarding).
   * 401 `COMMON401` no bearer, `JWT401_0` expired, `JWT401_1` invalid / member gone, `JWT401_2` malformed.
   */
  r.get(
    '/api/workspace/setting',
    {
      ...authenticated,
      schema: {
        tags: ['workspace'],
        summary: "The caller's workspace profile",
        description:
          'Bearer token required. 200 the profile; 404 `WORKSPACE404_0` before the member created or joined a ' +
          'workspace (the client routes to onboarding). Spec §2 loading logic, §7 workspace settings.',
        security: [{ bearerAuth: [] }],
        response: {
          200: workspaceProfileResponseSchema,
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe('`WORKSPACE404_0`: no workspace yet'),
        },
      },
    },
    async (request, reply) => {
      const row = await callerWorkspace(request.memberId);
      reply.header('cache-control', 'no-store');
      return ok(reply, 'WORKSPACE200_0', {
        workspaceId: row.id,
        workspaceName: row.name,
        workspaceUrl: workspaceUrl(config, row.slug),
        workspaceImageUrl: row.imageUrl,
        defaultTeamId: await defaultTeamId(db, row.id),
        inviteUrl: inviteUrl(config, row.slug, row.inviteToken),
        invitePassword: row.invitePassword,
      });
    },
  );

  /**
   * `GET /api/workspace/setting/invite` — what the settings invite dialog shows (spec §3 "Invite info", §7
   * "Workspace settings"): 200 `WORKSPACE200_0` `{ name (the caller's display name), inviteUrl, invitePassword }`.
   * 404 `WORKSPACE404_0` while the caller has no workspace; 401 as every route.
   */
  r.get(
    '/api/workspace/setting/invite',
    {
      ...authenticated,
      schema: {
        tags: ['workspace'],
        summary: "The caller's name with the workspace's invite URL and password",
        description: '404 `WORKSPACE404_0` while the caller has no workspace.',
        security: [{ bearerAuth: [] }],
        response: {
          200: inviteInfoResponseSchema,
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe('`WORKSPACE404_0`: no workspace yet'),
        },
      },
    },
    async (request, reply) => {
      const row = await callerWorkspace(request.memberId);
      reply.header('cache-control', 'no-store');
      return ok(reply, 'WORKSPACE200_0', {
        name: row.memberName,
        inviteUrl: inviteUrl(config, row.slug, row.inviteToken),
        invitePassword: row.invitePassword,
      });
    },
  );
}
