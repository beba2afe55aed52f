import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type PublishedLiveEvent,
  addTeamMembersRequestSchema,
  deleteTeamRequestSchema,
  errorEnvelopeSchema,
  idParamSchema,
  teamIdResponseSchema,
  teamListResponseSchema,
  teamSettingsResponseSchema,
  updateTeamRequestSchema,
  validateTeamName,
} from '../../../contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { ApiError, ok } from '../../http/envelope';
import { noStoreByDefault } from '../../http/no-store';
import { AUTH_ERRORS, NO_WORKSPACE } from '../../http/route-errors';
import {
  type TeamScope,
  callerWorkspaceId,
  teamScopeForAdminsHook,
  teamScopeHook,
} from '../../http/team-scope';
import { publishSafely } from '../events';
import { listBrowsableTeams } from '../settings';
import { readImagePart, registerImageUploads } from '../settings';
import {
  addTeamMembers,
  deleteTeam,
  joinTeam,
  removeFromTeam,
  requireTeamEditor,
  setTeamImage,
  teamSettings,
  updateTeam,
} from './service';

export interface TeamRoutesOptions {
  config: AppConfig;
  db: Db;
}

const teamParams = z.object({ teamId: idParamSchema });
const teamMemberParams = z.object({ teamId: idParamSchema, memberId: idParamSchema });
const NO_TEAM = errorEnvelopeSchema.describe(
  "`TEAM404_0`: no team with that id in the caller's workspace, or a private team the caller is not in",
);
const NOT_EDITOR = errorEnvelopeSchema.describe(
  "`TEAM403_2`: only the team's members and workspace admins change its settings",
);

/**
 * Publishes a team's live event after the commit (never throws): to the team's members only when it is private
 * (`event_outbox.team_id`, docs/security.md "Teams"), else to the workspace; `alsoTo` members (someone who just
 * left or was removed from a private team) get their own copy.
 */
async function publishTeamEvent(
  db: Db,
  log: FastifyBaseLogger,
  scope: TeamScope,
  event: PublishedLiveEvent,
  alsoTo: readonly number[] = [],
): Promise<void> {
  await publishSafely(db, log, scope.workspaceId, event, null, scope.teamId);
  for (const memberId of alsoTo) await publishSafely(db, log, scope.workspaceId, event, memberId);
}

/**
 * Removes `targetId` from the team (removeFromTeam: its rules, errors and audit; `leaving` when the caller leaves)
 * and then publishes `team.membership_changed` (`left` or `removed`), with the member's own copy when the team
 * is private (they can no longer see its events).
 */
async function removeAndAnnounce(
  db: Db,
  request: { memberId: number; ip: string; log: FastifyBaseLogger },
  scope: TeamScope,
  targetId: number,
  leaving: boolean,
): Promise<void> {
  await removeFromTeam(db, request.memberId, scope, targetId, leaving, request.ip);
  await publishTeamEvent(
    db,
    request.log,
    scope,
    {
      type: 'team.membership_changed',
      actorId: request.memberId,
      teamId: scope.teamId,
      memberIds: [targetId],
      change: leaving ? 'left' : 'removed',
    },
    scope.visibility === 'private' ? [targetId] : [],
  );
}

/**
 * Team membership and team settings (issue #23, docs/security.md "Teams" and "Roles"): "팀 둘러보기",
 * join and leave, the team settings page (rename, image, members, visibility, deletion). Team routes run behind
 * `teamScopeHook`: another workspace's team, a missing one and a private team the caller is not in all answer 404
 * `TEAM404_0`. Every change writes its audit entry in its own transaction and publishes a live event after it.
 * An encapsulated plugin: multipart bodies (team images) are parsed only here.
 */
export async function teamRoutes(app: FastifyInstance, { config, db }: TeamRoutesOptions): Promise<void> {
  // Team images live with the profile pictures (same folder, same URL prefix, same serving rules).
  const { store, uploadRateLimit } = await registerImageUploads(app, config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authenticated = { onRequest: app.requireMember };
  const guarded = { onRequest: app.requireMember, preValidation: teamScopeHook(db) };
  /**
   * Settings, rename/visibility, adding members and deletion: admins reach private teams they are not in (Roles
   * table) — to read its items they add themselves, an audited `team.member_added`.
   */
  const administered = { onRequest: app.requireMember, preValidation: teamScopeForAdminsHook(db) };

  noStoreByDefault(app);

  r.get(
    '/api/workspace/teams/browse',
    {
      ...authenticated,
      schema: {
        tags: ['teams'],
        summary: '"팀 둘러보기": public teams the caller may join',
        description:
          "The workspace's public teams the caller is not in, in workspace order, with member counts. Private " +
          'teams are never listed. docs/security.md "Teams".',
        security: [{ bearerAuth: [] }],
        response: { 200: teamListResponseSchema, 401: AUTH_ERRORS, 404: NO_WORKSPACE },
      },
    },
    async (request, reply) => {
      const workspaceId = await callerWorkspaceId(db, request.memberId);
      return ok(reply, 'TEAM200_3', {
        teamList: await listBrowsableTeams(db, request.memberId, workspaceId),
      });
    },
  );

  r.post(
    '/api/teams/:teamId/membership',
    {
      ...guarded,
      schema: {
        tags: ['teams'],
        summary: 'Join a public team',
        description:
          'One click: the caller becomes a member (already one: nothing changes). Private teams answer 404 to ' +
          'non-members. Audit `team.joined`.',
        security: [{ bearerAuth: [] }],
        params: teamParams,
        response: { 200: teamSettingsResponseSchema, 401: AUTH_ERRORS, 404: NO_TEAM },
      },
    },
    async (request, reply) => {
      const scope = request.teamScope;
      const changed = await joinTeam(db, request.memberId, scope, request.ip);
      if (changed) {
        await publishTeamEvent(db, request.log, scope, {
          type: 'team.membership_changed',
          actorId: request.memberId,
          teamId: scope.teamId,
          memberIds: [request.memberId],
          change: 'joined',
        });
      }
      const after = { ...scope, isMember: true };
      return ok(reply, 'TEAM200_4', await teamSettings(db, request.memberId, after));
    },
  );

  r.delete(
    '/api/teams/:teamId/membership',
    {
      ...guarded,
      schema: {
        tags: ['teams'],
        summary: 'Leave a team',
        description:
          'One click. 409 `TEAM409_1` the default team (everyone is in it); 409 `TEAM409_2` the last member of a ' +
          "private team; 404 `TEAM404_1` not a member. The caller's items and comments stay. Audit `team.left`.",
        security: [{ bearerAuth: [] }],
        params: teamParams,
        response: {
          200: teamIdResponseSchema,
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe('`TEAM404_0` no such team | `TEAM404_1` not a member'),
          409: errorEnvelopeSchema.describe(
            '`TEAM409_1` default team | `TEAM409_2` last member of a private team',
          ),
        },
      },
    },
    async (request, reply) => {
      const scope = request.teamScope;
      await removeAndAnnounce(db, request, scope, request.memberId, true);
      return ok(reply, 'TEAM200_5', { teamId: scope.teamId });
    },
  );

  r.get(
    '/api/teams/:teamId/settings',
    {
      ...administered,
      schema: {
        tags: ['teams'],
        summary: "A team's settings: name, image, visibility, members and what the caller may change",
        description:
          '`canEdit`: rename, image and members (team members and workspace admins); `canAdminister`: ' +
          'visibility and deletion (admins and the owner). docs/security.md "Teams".',
        security: [{ bearerAuth: [] }],
        params: teamParams,
        response: { 200: teamSettingsResponseSchema, 401: AUTH_ERRORS, 404: NO_TEAM },
      },
    },
    async (request, reply) =>
      ok(reply, 'TEAM200_6', await teamSettings(db, request.memberId, request.teamScope)),
  );

  r.patch(
    '/api/teams/:teamId',
    {
      ...administered,
      schema: {
        tags: ['teams'],
        summary: 'Rename a team and/or change its visibility',
        description:
          'Name: the rule of contract/teamName.ts (400 `TEAM400_0`), unique in the workspace (409 `TEAM409_0`); ' +
          'team members and admins. Visibility: admins only (403 `ROLE403_0`); the default team stays public (409 ' +
          '`TEAM409_3`). Audit `team.renamed` / `team.visibility_changed`.',
        security: [{ bearerAuth: [] }],
        params: teamParams,
        body: updateTeamRequestSchema,
        response: {
          200: teamSettingsResponseSchema,
          400: errorEnvelopeSchema.describe('`TEAM400_0` invalid name | `VALID400_1` malformed body'),
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe(
            '`TEAM403_2` not a member or admin | `ROLE403_0` visibility: admins',
          ),
          404: NO_TEAM,
          409: errorEnvelopeSchema.describe('`TEAM409_0` name taken | `TEAM409_3` default team visibility'),
        },
      },
    },
    async (request, reply) => {
      const scope = request.teamScope;
      const { teamName, visibility } = request.body;
      if (teamName !== undefined) {
        const problem = validateTeamName(teamName);
        if (problem !== null) throw new ApiError('TEAM400_0', { teamName: problem }, { message: problem });
      }
      const done = await updateTeam(db, request.memberId, scope, { teamName, visibility }, request.ip);
      if (done.teamName !== undefined || done.visibility !== undefined) {
        const event: PublishedLiveEvent = {
          type: 'team.updated',
          actorId: request.memberId,
          teamId: scope.teamId,
        };
        // A visibility change concerns everyone (the team appears or disappears for non-members).
        if (done.visibility !== undefined) await publishSafely(db, request.log, scope.workspaceId, event);
        else await publishTeamEvent(db, request.log, scope, event);
      }
      return ok(reply, 'TEAM200_7', await teamSettings(db, request.memberId, scope));
    },
  );

  r.put(
    '/api/teams/:teamId/image',
    {
      ...guarded,
      config: uploadRateLimit,
      schema: {
        tags: ['teams'],
        summary: "Upload the team's image (multipart field `image`)",
        description:
          'The profile picture rules: JPEG, PNG, WebP or GIF by content, ≤ 5 MB, stored as a square WebP. Team ' +
          'members and admins. Audit `team.image_changed`.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: teamParams,
        response: {
          200: teamSettingsResponseSchema,
          400: errorEnvelopeSchema.describe('`PROFILE400_0` | `PROFILE400_1` | `PROFILE400_2` | `COMMON400`'),
          401: AUTH_ERRORS,
          403: NOT_EDITOR,
          404: NO_TEAM,
          413: errorEnvelopeSchema.describe('`PROFILE413_0` | `COMMON413`'),
          415: errorEnvelopeSchema.describe('`PROFILE415_0` | `PROFILE415_1`'),
          429: errorEnvelopeSchema.describe('`COMMON429`: too many uploads'),
        },
      },
    },
    async (request, reply) => {
      const scope = request.teamScope;
      await requireTeamEditor(db, request.memberId, scope);
      await store.replace(await readImagePart(request), (next) =>
        setTeamImage(db, request.memberId, scope, next, request.ip),
      );
      await publishTeamEvent(db, request.log, scope, {
        type: 'team.updated',
        actorId: request.memberId,
        teamId: scope.teamId,
      });
      return ok(reply, 'TEAM200_11', await teamSettings(db, request.memberId, scope));
    },
  );

  r.delete(
    '/api/teams/:teamId/image',
    {
      ...guarded,
      schema: {
        tags: ['teams'],
        summary: "Remove the team's image",
        description: 'Team members and admins. Audit `team.image_changed`.',
        security: [{ bearerAuth: [] }],
        params: teamParams,
        response: { 200: teamSettingsResponseSchema, 401: AUTH_ERRORS, 403: NOT_EDITOR, 404: NO_TEAM },
      },
    },
    async (request, reply) => {
      const scope = request.teamScope;
      const previous = await setTeamImage(db, request.memberId, scope, null, request.ip);
      await store.remove(previous);
      await publishTeamEvent(db, request.log, scope, {
        type: 'team.updated',
        actorId: request.memberId,
        teamId: scope.teamId,
      });
      return ok(reply, 'TEAM200_11', await teamSettings(db, request.memberId, scope));
    },
  );

  r.post(
    '/api/teams/:teamId/members',
    {
      ...administered,
      schema: {
        tags: ['teams'],
        summary: 'Add workspace members to a team',
        description:
          'Team members and admins (403 `TEAM403_2`). Ids that are not members of the workspace: 400 `TEAM400_1` ' +
          'naming them, nothing added. Audit `team.member_added` for each one added.',
        security: [{ bearerAuth: [] }],
        params: teamParams,
        body: addTeamMembersRequestSchema,
        response: {
          200: teamSettingsResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`TEAM400_1` not workspace members | `VALID400_1` malformed body',
          ),
          401: AUTH_ERRORS,
          403: NOT_EDITOR,
          404: NO_TEAM,
        },
      },
    },
    async (request, reply) => {
      const scope = request.teamScope;
      const added = await addTeamMembers(db, request.memberId, scope, request.body.memberId, request.ip);
      if (added.length > 0) {
        await publishTeamEvent(db, request.log, scope, {
          type: 'team.membership_changed',
          actorId: request.memberId,
          teamId: scope.teamId,
          memberIds: added,
          change: 'added',
        });
      }
      return ok(reply, 'TEAM200_8', await teamSettings(db, request.memberId, scope));
    },
  );

  r.delete(
    '/api/teams/:teamId/members/:memberId',
    {
      ...guarded,
      schema: {
        tags: ['teams'],
        summary: 'Remove a member from a team',
        description:
          'Team members and admins (403 `TEAM403_2`). 409 `TEAM409_4` the default team; 409 `TEAM409_2` the last ' +
          'member of a private team; 404 `TEAM404_1` not a member. Their past work and name stay; they are no ' +
          'longer offered as a manager. Audit `team.member_removed`.',
        security: [{ bearerAuth: [] }],
        params: teamMemberParams,
        response: {
          200: teamSettingsResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: malformed id'),
          401: AUTH_ERRORS,
          403: NOT_EDITOR,
          404: errorEnvelopeSchema.describe('`TEAM404_0` no such team | `TEAM404_1` not a member'),
          409: errorEnvelopeSchema.describe(
            '`TEAM409_4` default team | `TEAM409_2` last member of a private team',
          ),
        },
      },
    },
    async (request, reply) => {
      const scope = request.teamScope;
      const target = request.params.memberId;
      await requireTeamEditor(db, request.memberId, scope);
      const leaving = target === request.memberId;
      await removeAndAnnounce(db, request, scope, target, leaving);
      return ok(
        reply,
        'TEAM200_9',
        await teamSettings(db, request.memberId, { ...scope, isMember: !leaving && scope.isMember }),
      );
    },
  );

  r.delete(
    '/api/teams/:teamId',
    {
      ...administered,
      schema: {
        tags: ['teams'],
        summary: 'Delete a team with its items, comments, alarms and integration links',
        description:
          "Admins only (403 `ROLE403_0`). Body `{ teamName }`: the team's name typed again (400 `TEAM400_3` " +
          'otherwise). The default team cannot be deleted (409 `TEAM409_3`). One transaction; audit `team.deleted`.',
        security: [{ bearerAuth: [] }],
        params: teamParams,
        body: deleteTeamRequestSchema,
        response: {
          200: teamIdResponseSchema,
          400: errorEnvelopeSchema.describe('`TEAM400_3` name does not match | `VALID400_1` malformed body'),
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe('`ROLE403_0`: admins only'),
          404: NO_TEAM,
          409: errorEnvelopeSchema.describe('`TEAM409_3`: the default team'),
        },
      },
    },
    async (request, reply) => {
      const scope = request.teamScope;
      const deleted = await deleteTeam(db, request.memberId, scope, request.body.teamName, request.ip);
      request.log.info({ teamId: deleted.teamId, items: deleted.items }, 'team deleted');
      await store.remove(deleted.imageUrl);
      const event: PublishedLiveEvent = {
        type: 'team.deleted',
        actorId: request.memberId,
        teamId: scope.teamId,
      };
      if (deleted.visibility === 'private') {
        // The team row is gone, so the outbox cannot mark it private: its former members are told one by one.
        const told = new Set([...deleted.memberIds, request.memberId]);
        for (const memberId of told) await publishSafely(db, request.log, scope.workspaceId, event, memberId);
      } else {
        await publishSafely(db, request.log, scope.workspaceId, event);
      }
      return ok(reply, 'TEAM200_10', { teamId: scope.teamId });
    },
  );
}
