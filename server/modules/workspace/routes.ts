import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createWorkspaceRequestSchema,
  createWorkspaceResponseSchema,
  createWorkspaceUrlRequestSchema,
  createWorkspaceUrlResponseSchema,
  errorEnvelopeSchema,
  inviteInfoResponseSchema,
  invitePreviewQuerySchema,
  invitePreviewResponseSchema,
  isAdminRole,
  joinWorkspaceRequestSchema,
  joinWorkspaceResponseSchema,
  validateWorkspaceName,
  workspaceProfileResponseSchema,
  workspaceSlug,
} from '../../../contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { AUTH_ERRORS, NO_WORKSPACE } from '../../http/route-errors';
import { ApiError, ok } from '../../http/envelope';
import { formatTimestamp } from '../../http/time';
import { publishSafely } from '../events';
import {
  callerWorkspace,
  createWorkspace,
  defaultTeamId,
  invitePreview,
  inviteUrl,
  joinWorkspace,
  workspaceUrl,
} from './service';
import { firstFreeSlug } from './slug';

export { inviteUrl, workspaceUrl } from './service';

export interface WorkspaceRoutesOptions {
  config: AppConfig;
  db: Db;
}

const NAME_ERRORS = errorEnvelopeSchema.describe(
  '`WORKSPACE400_1`: the name breaks a naming rule — `message` and `result.workspaceName` are the first failing ' +
    "rule's Korean message; `VALID400_1`: `workspaceName` missing or not a string",
);
const IN_A_WORKSPACE = errorEnvelopeSchema.describe('`WORKSPACE409_0`: the caller is already in a workspace');

/**
 * 400 `WORKSPACE400_1` unless `name` passes the naming rules (contract/workspaceName.ts), checked exactly as typed,
 * with the first failing rule's Korean message — the same function and text the client uses.
 */
function assertValidWorkspaceName(name: string): void {
  const problem = validateWorkspaceName(name);
  if (problem !== null)
    throw new ApiError('WORKSPACE400_1', { workspaceName: problem }, { message: problem });
}

/**
 * Workspace routes (docs/product.md "Workspace and invitations", "Onboarding"). The bearer token is checked first
 * (`onRequest`), before the body is parsed, so a caller without a valid token learns nothing else.
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

  r.post(
    '/api/workspace/create-url',
    {
      ...authenticated,
      schema: {
        tags: ['workspace'],
        summary: 'Preview the workspace URL a name would get',
        description:
          'Validates the name and returns `<PUBLIC_URL>/<slug>` (slug: the name lower-cased, spaces → `-`) with ' +
          'the suffix (`-2`, `-3`, …) it would get now, skipping taken and reserved slugs. Reserves nothing: a ' +
          'later create may get another suffix.',
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

  r.post(
    '/api/workspace',
    {
      ...authenticated,
      schema: {
        tags: ['workspace'],
        summary: 'Create a workspace with its default team',
        description:
          'One transaction: the workspace (new invite token and password), its default team of the same name ' +
          "with the caller as first member, and the caller's membership. One workspace per member: 409 " +
          '`WORKSPACE409_0` when the caller already has one (also for concurrent duplicates). The slug gets ' +
          '`-2`, `-3`, … when taken.',
        security: [{ bearerAuth: [] }],
        body: createWorkspaceRequestSchema,
        response: {
          201: createWorkspaceResponseSchema,
          400: NAME_ERRORS,
          401: AUTH_ERRORS,
          409: IN_A_WORKSPACE,
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

  r.post(
    '/api/workspace/join',
    {
      ...authenticated,
      config: strictRateLimit,
      schema: {
        tags: ['workspace'],
        summary: 'Join a workspace with its invite token and password',
        description:
          'Checked in this order: the lockout (429), the token (404), the caller not yet in a workspace (409), ' +
          'the password (400); on success the caller is a member of the workspace and its default team. Failed ' +
          'attempts (unknown token or wrong password) within 15 minutes lock joining — five by one member ' +
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
          409: IN_A_WORKSPACE,
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

  r.get(
    '/api/workspace/setting',
    {
      ...authenticated,
      schema: {
        tags: ['workspace'],
        summary: "The caller's workspace profile and role",
        description:
          '404 `WORKSPACE404_0` before the member created or joined a workspace (the client routes to ' +
          'onboarding). `myRole` is read from the database now; the invite link and password are null for ' +
          'members (admins only, docs/security.md "Roles").',
        security: [{ bearerAuth: [] }],
        response: { 200: workspaceProfileResponseSchema, 401: AUTH_ERRORS, 404: NO_WORKSPACE },
      },
    },
    async (request, reply) => {
      const ws = await callerWorkspace(config, db, request.memberId);
      reply.header('cache-control', 'no-store');
      return ok(reply, 'WORKSPACE200_0', {
        workspaceId: ws.id,
        workspaceName: ws.name,
        workspaceUrl: ws.workspaceUrl,
        workspaceImageUrl: ws.imageUrl,
        defaultTeamId: await defaultTeamId(db, ws.id),
        inviteUrl: isAdminRole(ws.role) ? ws.inviteUrl : null,
        invitePassword: isAdminRole(ws.role) ? ws.invitePassword : null,
        myRole: ws.role,
      });
    },
  );

  r.get(
    '/api/workspace/setting/invite',
    {
      ...authenticated,
      schema: {
        tags: ['workspace'],
        summary: "The caller's name with the workspace's invite URL and password",
        description:
          'What the onboarding invite step shows. Admins only (403 `ROLE403_0`, docs/security.md "Roles"). 404 ' +
          '`WORKSPACE404_0` while the caller has no workspace.',
        security: [{ bearerAuth: [] }],
        response: {
          200: inviteInfoResponseSchema,
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe('`ROLE403_0`: members do not see the invite'),
          404: NO_WORKSPACE,
        },
      },
    },
    async (request, reply) => {
      const ws = await callerWorkspace(config, db, request.memberId);
      if (!isAdminRole(ws.role)) throw new ApiError('ROLE403_0');
      reply.header('cache-control', 'no-store');
      return ok(reply, 'WORKSPACE200_0', {
        name: ws.memberName,
        inviteUrl: ws.inviteUrl,
        invitePassword: ws.invitePassword,
      });
    },
  );

  // issue #23 (admin): the invitee's password screen names the workspace by its display name.
  r.get(
    '/api/workspace/invite-preview',
    {
      ...authenticated,
      config: strictRateLimit,
      schema: {
        tags: ['workspace'],
        summary: 'The display name of the workspace an invite names',
        description:
          'For the invitee’s password screen (docs/security.md "Invites"): the workspace’s display name and ' +
          'whether the caller already belongs to it (then the client goes straight in). 404 `WORKSPACE404_1` ' +
          '("초대 링크가 만료되었습니다") for a rotated, unknown or expired invite.',
        security: [{ bearerAuth: [] }],
        querystring: invitePreviewQuerySchema,
        response: {
          200: invitePreviewResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: `token` missing or too long'),
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe('`WORKSPACE404_1`: the invite expired or was replaced'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(reply, 'WORKSPACE200_0', await invitePreview(db, request.memberId, request.query.token));
    },
  );
}
