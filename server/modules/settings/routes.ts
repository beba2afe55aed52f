import multipart, { type MultipartFile } from '@fastify/multipart';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_SIZE,
  createTeamRequestSchema,
  createTeamResponseSchema,
  errorEnvelopeSchema,
  myProfileResponseSchema,
  profileImageResponseSchema,
  reorderTeamsRequestSchema,
  reorderTeamsResponseSchema,
  teamPageQuerySchema,
  teamPageResponseSchema,
  validateTeamName,
  withdrawResponseSchema,
  workspaceMembersResponseSchema,
} from '../../../contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { member } from '../../db/schema';
import { AUTH_ERRORS, NO_WORKSPACE } from '../../http/route-errors';
import { ApiError, ok } from '../../http/envelope';
import { clearRefreshCookie } from '../auth';
import { publishSafely } from '../events';
import { listMembers, myProfile } from './members';
import { ProfileImageStore, profileImageDir } from './profile-image';
import { callerWorkspaceId } from '../../http/team-scope';
import { noStoreByDefault } from '../../http/no-store';
import { createTeam, listMyTeams, listTeams, reorderTeams } from './teams';
import { callerRole } from '../../http/roles';
import { isAdminRole } from '../../../contract/roles';
import { withdrawMember } from './withdraw';

export interface SettingsRoutesOptions {
  config: AppConfig;
  db: Db;
}

/**
 * Multipart framing allowed on top of the image itself (boundaries, part headers, a few small fields). A request
 * whose `Content-Length` exceeds `PROFILE_IMAGE_MAX_BYTES` + this is refused with 413 before its body is read.
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Multipart errors of @fastify/multipart / busboy that carry a code. */
const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Registers @fastify/multipart on an encapsulated plugin for one image upload a request (profile pictures, team
 * images, the workspace logo): one file part of at most `PROFILE_IMAGE_MAX_BYTES`, read by `readImagePart`.
 * Returns the image store they all share (the profile folder under `config.dataDir`, same URL prefix and serving
 * rules; created if missing) and the upload routes' rate limit: uploads are CPU work (decode + resize), so a
 * tenth of the global budget per IP (30 a minute by default).
 */
export async function registerImageUploads(
  app: FastifyInstance,
  config: AppConfig,
): Promise<{
  store: ProfileImageStore;
  uploadRateLimit: { rateLimit: { max: number; timeWindow: number } };
}> {
  await app.register(multipart, {
    // One byte over the maximum so a file of exactly PROFILE_IMAGE_MAX_BYTES is whole and anything larger is
    // detected (busboy truncates at the limit); `readImagePart` answers 413 for either.
    limits: {
      fileSize: PROFILE_IMAGE_MAX_BYTES + 1,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  const store = new ProfileImageStore(profileImageDir(config.dataDir), app.log);
  store.ensureDir();
  const uploadRateLimit = {
    rateLimit: { max: Math.max(1, Math.ceil(config.rateLimitMax / 10)), timeWindow: 60_000 },
  };
  return { store, uploadRateLimit };
}

/**
 * Reads the `image` file part of a multipart request into memory (≤ `PROFILE_IMAGE_MAX_BYTES`).
 * 415 `PROFILE415_1` a body that is not multipart/form-data; 400 `PROFILE400_0` no body, no file part, or the first
 * file part is not named `image`, or it is empty; 413 `PROFILE413_0` the file (or the declared request length)
 * is too large; 413 `COMMON413` too many parts; 400 `COMMON400` malformed multipart.
 */
export async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > PROFILE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new ApiError('PROFILE413_0');
  }
  if (!request.isMultipart()) {
    throw new ApiError(request.headers['content-type'] ? 'PROFILE415_1' : 'PROFILE400_0');
  }
  let part: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    part = await request.file();
    if (!part || part.fieldname !== 'image') {
      part?.file.resume();
      throw new ApiError('PROFILE400_0');
    }
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('PROFILE413_0');
    if (typeof code === 'string' && MULTIPART_LIMIT_CODES.has(code)) throw new ApiError('COMMON413');
    request.log.info({ reason: (error as Error).message }, 'malformed multipart body');
    throw new ApiError('COMMON400');
  }
  if (part.file.truncated || bytes.length > PROFILE_IMAGE_MAX_BYTES) throw new ApiError('PROFILE413_0');
  if (bytes.length === 0) throw new ApiError('PROFILE400_0');
  return bytes;
}

/**
 * Workspace settings (docs/product.md "Settings", "Teams and members"). Everything is scoped to the caller's own
 * workspace, so other workspaces' members can neither see nor change it. An encapsulated plugin: multipart bodies
 * are only parsed here.
 */
export async function settingsRoutes(
  app: FastifyInstance,
  { config, db }: SettingsRoutesOptions,
): Promise<void> {
  const { store, uploadRateLimit } = await registerImageUploads(app, config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authenticated = { onRequest: app.requireMember };

  noStoreByDefault(app);

  r.get(
    '/api/workspace/setting/teams',
    {
      ...authenticated,
      schema: {
        tags: ['settings'],
        summary: "One page of the workspace's teams, default team first",
        description:
          "The teams of the caller's workspace (not only the caller's) in the workspace order: default team " +
          'first, new teams last. `isLast` is true on the last page; a page past the end is empty. Public teams ' +
          'and the private teams the caller is in; workspace admins see every private team (issue #23, ' +
          'docs/security.md "Teams"). `scope=mine`: "나의 팀" — only the caller\'s teams, default team first, then ' +
          "the caller's own order.",
        security: [{ bearerAuth: [] }],
        querystring: teamPageQuerySchema,
        response: {
          200: teamPageResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: `page` or `size` out of range or not a number'),
          401: AUTH_ERRORS,
          404: NO_WORKSPACE,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerRole(db, request.memberId);
      if (!caller) throw new ApiError('WORKSPACE404_0');
      const { page, size, scope } = request.query;
      if (scope === 'mine') {
        return ok(
          reply,
          'TEAM200_0',
          await listMyTeams(db, request.memberId, caller.workspaceId, page, size),
        );
      }
      const seesAllPrivate = isAdminRole(caller.role);
      return ok(
        reply,
        'TEAM200_0',
        await listTeams(db, request.memberId, caller.workspaceId, seesAllPrivate, page, size),
      );
    },
  );

  r.post(
    '/api/workspace/setting/teams',
    {
      ...authenticated,
      schema: {
        tags: ['settings'],
        summary: 'Create a team with members of the workspace',
        description:
          'Any member may create teams, public (the default) or private (`visibility`, issue #23); one ' +
          'transaction; the caller is added as a member as well and the team goes last in the order. The name is checked exactly as typed (contract/teamName.ts); names are ' +
          "unique in a workspace, the default team's included.",
        security: [{ bearerAuth: [] }],
        body: createTeamRequestSchema,
        response: {
          201: createTeamResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`TEAM400_0` invalid name (`result.teamName`); `TEAM400_1` not workspace members (`result.memberId`); ' +
              '`VALID400_1` malformed body',
          ),
          401: AUTH_ERRORS,
          404: NO_WORKSPACE,
          409: errorEnvelopeSchema.describe('`TEAM409_0`: the workspace already has a team with that name'),
        },
      },
    },
    async (request, reply) => {
      const workspaceId = await callerWorkspaceId(db, request.memberId);
      const { teamName, memberId, visibility = 'public' } = request.body;
      const problem = validateTeamName(teamName);
      if (problem !== null) throw new ApiError('TEAM400_0', { teamName: problem }, { message: problem });
      const created = await createTeam(
        db,
        request.memberId,
        workspaceId,
        teamName,
        memberId,
        request.ip,
        visibility,
      );
      request.log.info({ teamId: created.teamId, workspaceId, visibility }, 'team created');
      // Live updates (docs/live-updates.md): after the commit; a failure is only logged. A private team's creation
      // reaches only its members (the outbox row carries the team, docs/security.md "Teams").
      await publishSafely(
        db,
        request.log,
        workspaceId,
        { type: 'team.created', actorId: request.memberId, teamId: created.teamId },
        null,
        visibility === 'private' ? created.teamId : null,
      );
      return ok(reply, 'TEAM201_0', created);
    },
  );

  r.patch(
    '/api/workspace/setting/teams',
    {
      ...authenticated,
      schema: {
        tags: ['settings'],
        summary: 'Reorder my teams ("나의 팀")',
        description:
          "Every team the caller belongs to exactly once, default team first; stored as the caller's own order " +
          '(`team_member.position`, issue #23), other members keep theirs. A list that breaks a rule changes nothing.',
        security: [{ bearerAuth: [] }],
        body: reorderTeamsRequestSchema,
        response: {
          200: reorderTeamsResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`TEAM400_2`: which rule the list breaks (`result.teamIdList`); `VALID400_1` malformed body',
          ),
          401: AUTH_ERRORS,
          404: NO_WORKSPACE,
        },
      },
    },
    async (request, reply) => {
      const workspaceId = await callerWorkspaceId(db, request.memberId);
      await reorderTeams(db, request.memberId, workspaceId, request.body.teamIdList);
      // The order is the caller's own: only their tabs hear of it.
      await publishSafely(
        db,
        request.log,
        workspaceId,
        { type: 'team.reordered', actorId: request.memberId },
        request.memberId,
      );
      return ok(reply, 'TEAM200_1', null);
    },
  );

  r.get(
    '/api/workspace/setting/members',
    {
      ...authenticated,
      schema: {
        tags: ['settings'],
        summary: "The workspace's members with their teams, the caller first",
        description:
          'Caller first, then by `joinedAt` (when they joined the workspace); each with the teams they are in ' +
          '(default team first, then workspace order). Withdrawn members are never listed.',
        security: [{ bearerAuth: [] }],
        response: { 200: workspaceMembersResponseSchema, 401: AUTH_ERRORS, 404: NO_WORKSPACE },
      },
    },
    async (request, reply) => {
      const workspaceId = await callerWorkspaceId(db, request.memberId);
      return ok(reply, 'MEMBER200_0', await listMembers(db, request.memberId, workspaceId));
    },
  );

  r.get(
    '/api/workspace/setting/my-profile',
    {
      ...authenticated,
      schema: {
        tags: ['settings'],
        summary: "The caller's name, email and picture",
        description: 'Name and email are read-only: they follow the sign-in provider.',
        security: [{ bearerAuth: [] }],
        response: { 200: myProfileResponseSchema, 401: AUTH_ERRORS, 404: NO_WORKSPACE },
      },
    },
    async (request, reply) => {
      await callerWorkspaceId(db, request.memberId);
      return ok(reply, 'PROFILE200_0', await myProfile(db, request.memberId));
    },
  );

  r.patch(
    '/api/workspace/setting/my-profile/profile-image',
    {
      ...authenticated,
      config: uploadRateLimit,
      schema: {
        tags: ['settings'],
        summary: 'Upload a profile picture (multipart field `image`)',
        description:
          `multipart/form-data with a file field \`image\` of at most ${PROFILE_IMAGE_MAX_BYTES} bytes; JPEG, PNG, ` +
          `WebP or GIF by content. Stored as a ${PROFILE_IMAGE_SIZE}×${PROFILE_IMAGE_SIZE} WebP served at ` +
          '`/uploads/profile/<name>.webp` with `Cache-Control: public, max-age=31536000, immutable` (centre ' +
          'crop, EXIF orientation applied, metadata stripped, first frame of an animation); the previous upload ' +
          'is deleted. At most a tenth of the request budget a minute.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: profileImageResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`PROFILE400_0` no `image` file | `PROFILE400_1` undecodable | `PROFILE400_2` over 50 megapixels | ' +
              '`COMMON400` malformed multipart',
          ),
          401: AUTH_ERRORS,
          404: NO_WORKSPACE,
          413: errorEnvelopeSchema.describe('`PROFILE413_0`: larger than 5 MB | `COMMON413`: too many parts'),
          415: errorEnvelopeSchema.describe(
            '`PROFILE415_0`: not a JPEG, PNG, WebP or GIF | `PROFILE415_1`: not multipart/form-data',
          ),
          429: errorEnvelopeSchema.describe('`COMMON429`: too many uploads'),
        },
      },
    },
    async (request, reply) => {
      await callerWorkspaceId(db, request.memberId);
      const bytes = await readImagePart(request);
      const started = performance.now();
      const { url, storedBytes } = await store.replace(bytes, (next) =>
        setProfileImage(db, request.memberId, next),
      );
      request.log.info(
        { bytesIn: bytes.length, bytesOut: storedBytes, ms: Math.round(performance.now() - started) },
        'profile image stored',
      );
      return ok(reply, 'PROFILE200_1', { memberId: request.memberId, profileImageUrl: url });
    },
  );

  r.delete(
    '/api/workspace/setting/my-profile/profile-image',
    {
      ...authenticated,
      schema: {
        tags: ['settings'],
        summary: 'Remove the profile picture',
        description: "Idempotent. The provider's picture is not filled in again on later sign-ins.",
        security: [{ bearerAuth: [] }],
        response: { 200: profileImageResponseSchema, 401: AUTH_ERRORS, 404: NO_WORKSPACE },
      },
    },
    async (request, reply) => {
      await callerWorkspaceId(db, request.memberId);
      const previous = await setProfileImage(db, request.memberId, null);
      await store.remove(previous);
      return ok(reply, 'PROFILE200_2', { memberId: request.memberId, profileImageUrl: null });
    },
  );

  r.delete(
    '/api/workspace/setting/my-profile',
    {
      ...authenticated,
      schema: {
        tags: ['settings'],
        summary: 'Withdraw: delete the account and personal data',
        description:
          'One transaction: tokens, memberships and personal data go, the member row stays as an anonymous ' +
          "'탈퇴한 사용자', the workspace goes too if the caller was its last member; then the picture is deleted " +
          'and the refresh cookie cleared. Allowed before joining a workspace. Afterwards the access tokens get ' +
          '401 `JWT401_1`, the refresh cookie 401 `JWT401_6`; signing in again creates a new member. ' +
          'docs/product.md "Sign-in and session".',
        security: [{ bearerAuth: [] }],
        response: {
          200: withdrawResponseSchema,
          401: AUTH_ERRORS,
          409: errorEnvelopeSchema.describe(
            '`MEMBER409_0`: the owner cannot withdraw while others remain — transfer ownership first (issue #23)',
          ),
        },
      },
    },
    async (request, reply) => {
      // The workspace the teammates are told about (the member has none once withdrawn).
      const [before] = await db
        .select({ workspaceId: member.workspaceId })
        .from(member)
        .where(eq(member.id, request.memberId));
      const result = await withdrawMember(db, request.memberId, new Date(), request.ip);
      const left = before?.workspaceId ?? null;
      if (left !== null && left !== result.deletedWorkspaceId) {
        await publishSafely(db, request.log, left, {
          type: 'member.withdrew',
          actorId: request.memberId,
          memberId: request.memberId,
        });
      }
      await store.remove(result.profileImageUrl);
      clearRefreshCookie(reply, config);
      request.log.info(
        { memberId: request.memberId, deletedWorkspaceId: result.deletedWorkspaceId },
        'member withdrew',
      );
      return ok(reply, 'MEMBER200_1', null);
    },
  );
}

/**
 * Sets the member's picture (`url`, or null for none) and marks it chosen in the app, so sign-ins no longer copy
 * the provider's picture. Locks the member row; returns the previous URL (the caller deletes that file).
 * 401 `JWT401_1` when the member is gone or withdrawn.
 */
async function setProfileImage(db: Db, memberId: number, url: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ url: member.profileImageUrl })
      .from(member)
      .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)))
      .for('update');
    if (!row) throw new ApiError('JWT401_1');
    await tx
      .update(member)
      .set({ profileImageUrl: url, profileImageSetInApp: true, updatedAt: new Date() })
      .where(eq(member.id, memberId));
    return row.url;
  });
}
