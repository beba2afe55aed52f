import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInviteResponseSchema,
  auditPageQuerySchema,
  auditPageResponseSchema,
  changeRoleRequestSchema,
  errorEnvelopeSchema,
  idParamSchema,
  inviteExpiryRequestSchema,
  memberRoleResponseSchema,
  removeMemberResponseSchema,
  renameWorkspaceRequestSchema,
  renameWorkspaceResponseSchema,
  transferOwnershipRequestSchema,
  transferOwnershipResponseSchema,
  validateWorkspaceName,
  workspaceImageResponseSchema,
} from '../../../contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { ApiError, ok } from '../../http/envelope';
import { noStoreByDefault } from '../../http/no-store';
import { callerRole, requireAdmin } from '../../http/roles';
import { member } from '../../db/schema';
import { parseId } from '../../../contract/ids';
import { AUTH_ERRORS, NO_WORKSPACE } from '../../http/route-errors';
import { formatTimestamp } from '../../http/time';
import { listAudit } from '../audit';
import { readImagePart, registerImageUploads } from '../settings';
import { inviteUrl } from '../workspace';
import {
  type InviteRow,
  changeRole,
  readInvite,
  removeMember,
  renameWorkspace,
  rotateInvite,
  setInviteExpiry,
  setWorkspaceImage,
  transferOwnership,
} from './service';

export interface AdminRoutesOptions {
  config: AppConfig;
  db: Db;
}

const ADMIN_ONLY = errorEnvelopeSchema.describe(
  '`ROLE403_0`: the caller is a member, not an admin or the owner',
);
const ROLE_ERRORS = errorEnvelopeSchema.describe(
  '`ROLE403_0`: the caller is a member | `ROLE403_1`: only the owner may do this',
);
const NOT_A_MEMBER = errorEnvelopeSchema.describe(
  '`ADMIN404_0`: no such member in the caller’s workspace | `WORKSPACE404_0`: the caller has no workspace',
);
const memberParams = z.object({ memberId: idParamSchema });

/**
 * Workspace administration routes (issue #23; docs/security.md "Roles", "Invites", "Audit log"). Every route reads
 * the caller's role from the database (server/http/roles.ts) in the transaction that makes the change, writes the
 * audit entry in it, and publishes its live event in it. There is no route that updates or deletes audit entries.
 */
export async function adminRoutes(app: FastifyInstance, { config, db }: AdminRoutesOptions): Promise<void> {
  const { store, uploadRateLimit } = await registerImageUploads(app, config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authenticated = { onRequest: app.requireMember };
  noStoreByDefault(app);

  /**
   * `preValidation` of the member routes: a `{memberId}` that is not a current member of the caller's workspace is
   * 404 `ADMIN404_0` before the body is looked at, so another workspace's member learns nothing from a 400
   * (docs/security.md "Access matrix"). Malformed ids are left to the schema (400).
   */
  const targetInWorkspace = async (request: FastifyRequest) => {
    const memberId = parseId((request.params as { memberId?: unknown } | undefined)?.memberId);
    if (memberId === null) return;
    const caller = await callerRole(db, request.memberId);
    if (!caller) throw new ApiError('WORKSPACE404_0');
    const [row] = await db
      .select({ id: member.id })
      .from(member)
      .where(
        and(eq(member.id, memberId), eq(member.workspaceId, caller.workspaceId), isNull(member.withdrawnAt)),
      );
    if (!row) throw new ApiError('ADMIN404_0');
  };
  const memberRoute = { ...authenticated, preValidation: targetInWorkspace };

  /** The invite as admins see it. */
  const adminInvite = (row: InviteRow) => ({
    inviteUrl: inviteUrl(config, row.slug, row.inviteToken),
    invitePassword: row.invitePassword,
    inviteExpiry: row.inviteExpiry,
    inviteExpiresAt: row.inviteExpiresAt === null ? null : formatTimestamp(row.inviteExpiresAt),
  });

  r.patch(
    '/api/workspace/setting/members/:memberId/role',
    {
      ...memberRoute,
      schema: {
        tags: ['admin'],
        summary: 'Promote a member to admin or demote an admin',
        description:
          'docs/security.md "Roles": the owner promotes and demotes; an admin may give up their own admin role ' +
          '(`role: member` on themselves). The owner’s role never changes here (409 `ADMIN409_0`; ownership ' +
          'moves with `POST /api/workspace/setting/owner`). Writes the audit entry `member.role_changed` and ' +
          'publishes the live event `member.role_changed`. Setting the current role changes nothing.',
        security: [{ bearerAuth: [] }],
        params: memberParams,
        body: changeRoleRequestSchema,
        response: {
          200: memberRoleResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: bad id or role'),
          401: AUTH_ERRORS,
          403: ROLE_ERRORS,
          404: NOT_A_MEMBER,
          409: errorEnvelopeSchema.describe('`ADMIN409_0`: the target is the owner'),
        },
      },
    },
    async (request, reply) => {
      const actor = { memberId: request.memberId, ip: request.ip };
      const result = await changeRole(db, actor, request.params.memberId, request.body.role);
      return ok(reply, 'ADMIN200_0', result);
    },
  );

  r.post(
    '/api/workspace/setting/owner',
    {
      ...authenticated,
      schema: {
        tags: ['admin'],
        summary: 'Transfer ownership to another member',
        description:
          'Owner only. One transaction: the caller becomes an admin, `memberId` the owner (exactly one owner, by ' +
          'a partial unique index). Audit `workspace.ownership_transferred`; live events `member.role_changed` ' +
          'for both.',
        security: [{ bearerAuth: [] }],
        body: transferOwnershipRequestSchema,
        response: {
          200: transferOwnershipResponseSchema,
          400: errorEnvelopeSchema.describe('`ADMIN400_0`: the caller named themselves | `VALID400_1`'),
          401: AUTH_ERRORS,
          403: ROLE_ERRORS,
          404: NOT_A_MEMBER,
        },
      },
    },
    async (request, reply) => {
      const actor = { memberId: request.memberId, ip: request.ip };
      return ok(reply, 'ADMIN200_1', await transferOwnership(db, actor, request.body.memberId));
    },
  );

  r.delete(
    '/api/workspace/setting/members/:memberId',
    {
      ...memberRoute,
      schema: {
        tags: ['admin'],
        summary: 'Remove a member from the workspace',
        description:
          'docs/security.md "Roles" (removal): admins remove members, only the owner removes admins, nobody the ' +
          'owner (409 `ADMIN409_0`) or themselves (400 `ADMIN400_0`). One transaction: the member leaves the ' +
          'workspace and its teams, their refresh tokens are revoked, audit `member.removed`, live event ' +
          '`member.removed` (their streams end, their tabs sign out); their access tokens issued before now get ' +
          '401 `JWT401_1`. Their items and comments stay, named "이름 (내보낸 멤버)".',
        security: [{ bearerAuth: [] }],
        params: memberParams,
        response: {
          200: removeMemberResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`ADMIN400_0`: the caller named themselves | `VALID400_1`: bad id',
          ),
          401: AUTH_ERRORS,
          403: ROLE_ERRORS,
          404: NOT_A_MEMBER,
          409: errorEnvelopeSchema.describe('`ADMIN409_0`: the target is the owner'),
        },
      },
    },
    async (request, reply) => {
      const actor = { memberId: request.memberId, ip: request.ip };
      await removeMember(db, actor, request.params.memberId);
      request.log.info({ removed: request.params.memberId }, 'member removed from the workspace');
      return ok(reply, 'ADMIN200_2', null);
    },
  );

  r.patch(
    '/api/workspace/setting',
    {
      ...authenticated,
      schema: {
        tags: ['admin'],
        summary: 'Rename the workspace',
        description:
          'Admins. The name follows the workspace naming rules (contract/workspaceName.ts, 400 `WORKSPACE400_1` ' +
          'with the rule’s message); the URL slug stays. Audit `workspace.renamed`.',
        security: [{ bearerAuth: [] }],
        body: renameWorkspaceRequestSchema,
        response: {
          200: renameWorkspaceResponseSchema,
          400: errorEnvelopeSchema.describe('`WORKSPACE400_1`: the name breaks a rule | `VALID400_1`'),
          401: AUTH_ERRORS,
          403: ADMIN_ONLY,
          404: NO_WORKSPACE,
        },
      },
    },
    async (request, reply) => {
      const { workspaceName } = request.body;
      await requireAdmin(db, request.memberId);
      const problem = validateWorkspaceName(workspaceName);
      if (problem !== null)
        throw new ApiError('WORKSPACE400_1', { workspaceName: problem }, { message: problem });
      const actor = { memberId: request.memberId, ip: request.ip };
      return ok(reply, 'ADMIN200_3', { workspaceName: await renameWorkspace(db, actor, workspaceName) });
    },
  );

  r.patch(
    '/api/workspace/setting/image',
    {
      ...authenticated,
      config: uploadRateLimit,
      schema: {
        tags: ['admin'],
        summary: 'Upload the workspace logo (multipart field `image`)',
        description:
          'Admins. The same rules and processing as a profile picture (`PATCH ' +
          '/api/workspace/setting/my-profile/profile-image`). Audit `workspace.image_changed`.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: workspaceImageResponseSchema,
          400: errorEnvelopeSchema.describe('`PROFILE400_*` | `COMMON400`'),
          401: AUTH_ERRORS,
          403: ADMIN_ONLY,
          404: NO_WORKSPACE,
          413: errorEnvelopeSchema.describe('`PROFILE413_0` | `COMMON413`'),
          415: errorEnvelopeSchema.describe('`PROFILE415_0` | `PROFILE415_1`'),
          429: errorEnvelopeSchema.describe('`COMMON429`'),
        },
      },
    },
    async (request, reply) => {
      await requireAdmin(db, request.memberId);
      const { url } = await store.replace(await readImagePart(request), (next) =>
        setWorkspaceImage(db, { memberId: request.memberId, ip: request.ip }, next),
      );
      return ok(reply, 'ADMIN200_3', { workspaceImageUrl: url });
    },
  );

  r.delete(
    '/api/workspace/setting/image',
    {
      ...authenticated,
      schema: {
        tags: ['admin'],
        summary: 'Remove the workspace logo',
        description: 'Admins. Audit `workspace.image_changed`.',
        security: [{ bearerAuth: [] }],
        response: { 200: workspaceImageResponseSchema, 401: AUTH_ERRORS, 403: ADMIN_ONLY, 404: NO_WORKSPACE },
      },
    },
    async (request, reply) => {
      const previous = await setWorkspaceImage(db, { memberId: request.memberId, ip: request.ip }, null);
      await store.remove(previous);
      return ok(reply, 'ADMIN200_3', { workspaceImageUrl: null });
    },
  );

  r.get(
    '/api/workspace/setting/invite/admin',
    {
      ...authenticated,
      schema: {
        tags: ['admin'],
        summary: 'The invite with its expiry (admins)',
        description: 'Admins: link, password, expiry choice and when it expires (null: never).',
        security: [{ bearerAuth: [] }],
        response: { 200: adminInviteResponseSchema, 401: AUTH_ERRORS, 403: ADMIN_ONLY, 404: NO_WORKSPACE },
      },
    },
    async (request, reply) => ok(reply, 'ADMIN200_7', adminInvite(await readInvite(db, request.memberId))),
  );

  r.post(
    '/api/workspace/setting/invite/rotate',
    {
      ...authenticated,
      schema: {
        tags: ['admin'],
        summary: 'Rotate the invite: a new link and password',
        description:
          'Admins. The old link answers 404 `WORKSPACE404_1` ("초대 링크가 만료되었습니다") at once; the expiry ' +
          'period starts again now. Audit `invite.rotated` (no secrets).',
        security: [{ bearerAuth: [] }],
        response: { 200: adminInviteResponseSchema, 401: AUTH_ERRORS, 403: ADMIN_ONLY, 404: NO_WORKSPACE },
      },
    },
    async (request, reply) => {
      const row = await rotateInvite(db, { memberId: request.memberId, ip: request.ip });
      return ok(reply, 'ADMIN200_4', adminInvite(row));
    },
  );

  r.patch(
    '/api/workspace/setting/invite',
    {
      ...authenticated,
      schema: {
        tags: ['admin'],
        summary: 'Choose how long the invite lasts (7 days, 30 days, never)',
        description:
          'Admins. The period counts from now; an expired invite answers 404 `WORKSPACE404_1` ("초대 링크가 ' +
          '만료되었습니다"). Audit `invite.expiry_changed`.',
        security: [{ bearerAuth: [] }],
        body: inviteExpiryRequestSchema,
        response: {
          200: adminInviteResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: not `7d`, `30d` or `never`'),
          401: AUTH_ERRORS,
          403: ADMIN_ONLY,
          404: NO_WORKSPACE,
        },
      },
    },
    async (request, reply) => {
      const actor = { memberId: request.memberId, ip: request.ip };
      return ok(
        reply,
        'ADMIN200_5',
        adminInvite(await setInviteExpiry(db, actor, request.body.inviteExpiry)),
      );
    },
  );

  r.get(
    '/api/workspace/setting/audit',
    {
      ...authenticated,
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first (admins)',
        description:
          'docs/security.md "Audit log". Keyset pages: `size` entries (1–100, default 30) with an id below ' +
          '`before`; `nextBefore` asks for the next page (null: the last). Members: 403 `ROLE403_0`. Entries ' +
          'are kept one year; no route changes or deletes them.',
        security: [{ bearerAuth: [] }],
        querystring: auditPageQuerySchema,
        response: {
          200: auditPageResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: `before` or `size` malformed'),
          401: AUTH_ERRORS,
          403: ADMIN_ONLY,
          404: NO_WORKSPACE,
        },
      },
    },
    async (request, reply) => {
      const caller = await requireAdmin(db, request.memberId);
      const { before, size } = request.query;
      return ok(reply, 'ADMIN200_6', await listAudit(db, caller.workspaceId, before, size));
    },
  );
}
