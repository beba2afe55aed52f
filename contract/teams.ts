import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { idListSchema } from './ids';
import { TEAM_VISIBILITIES } from './roles';

/**
 * Teams of the caller's workspace.
 * The default ("joint") team is always first; the others follow the workspace's order.
 */
export const teamSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  teamImageUrl: z.string().nullable(),
  memberCount: z.number().int().nonnegative(),
  /** ISO-8601 with offset, e.g. `2026-11-21T10:12:30+09:00`. */
  createdAt: z.string(),
  /** True for the workspace's default team (first in every list). */
  isDefault: z.boolean(),
  /** `public` or `private` (issue #23, docs/security.md "Teams"). */
  visibility: z.enum(TEAM_VISIBILITIES),
  /** Whether the caller belongs to the team. */
  isMember: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;

import { TEAM_PAGE_SIZE } from './constants';

export { TEAM_PAGE_SIZE };

/** `GET /api/workspace/setting/teams?page=0&size=20` query: `page` from 0, `size` 1–100 (default 20). */
export const teamPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(TEAM_PAGE_SIZE),
  /**
   * issue #23: `all` (default) the workspace's teams the caller may see, in workspace order; `mine` "나의 팀" —
   * only the caller's teams, the default team first, then the caller's own order (`team_member.position`).
   */
  scope: z.enum(['all', 'mine']).default('all'),
});
export type TeamPageQuery = z.input<typeof teamPageQuerySchema>;

/**
 * `GET /api/workspace/setting/teams` result: one page of teams and whether it is the last one. Lists the public
 * teams and the private teams the caller is in; workspace admins see every private team too (name, visibility and
 * member count, to administer and delete them — docs/security.md "Teams").
 */
export const teamPageSchema = z.object({ teamList: z.array(teamSchema), isLast: z.boolean() });
export type TeamPage = z.infer<typeof teamPageSchema>;
export const teamPageResponseSchema = envelopeSchema(teamPageSchema);

/**
 * `POST /api/workspace/setting/teams` body: `teamName` (rule of `contract/teamName.ts`) and `memberId`, the
 * members to add (≥ 1, all in the caller's workspace; the caller is added too), and optionally `visibility`
 * (`public` | `private`, default `public`; issue #23). 201 `TEAM201_0` with the created
 * team (members: the caller first). 400 `TEAM400_0` invalid name (`message` = `result.teamName` =
 * `TEAM_NAME_MESSAGE`), `TEAM400_1` foreign member ids (named in `message` and `result.memberId`), `VALID400_1`
 * empty `memberId`; 409 `TEAM409_0` a team with that name exists in the workspace.
 */
export const createTeamRequestSchema = z.object({
  teamName: z.string(),
  memberId: idListSchema.min(1, '팀원을 한 명 이상 선택해 주세요.'),
  /** `public` when left out (the spec's body); any member may create a private team (docs/security.md "Teams"). */
  visibility: z.enum(TEAM_VISIBILITIES).optional(),
});
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;
export const createTeamResultSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  members: z.array(z.object({ memberId: z.number().int(), name: z.string() })),
});
export type CreateTeamResult = z.infer<typeof createTeamResultSchema>;
export const createTeamResponseSchema = envelopeSchema(createTeamResultSchema);

/**
 * `PATCH /api/workspace/setting/teams` body: every team the caller belongs to exactly once ("나의 팀", issue #23),
 * the default team first, then the others in the new order. 200 `TEAM200_1`, result `null`. Anything else → 400
 * `TEAM400_2` whose `message` (= `result.teamIdList`) says which rule broke. The order is the caller's own
 * (`team_member.position`); other members' orders do not change.
 */
export const reorderTeamsRequestSchema = z.object({
  teamIdList: idListSchema.min(1),
});
export type ReorderTeamsRequest = z.infer<typeof reorderTeamsRequestSchema>;
export const reorderTeamsResponseSchema = envelopeSchema(z.null());

// issue #23 (teams and membership) — docs/security.md "Teams".

/**
 * `GET /api/workspace/teams/browse` ("팀 둘러보기"): the workspace's public teams the caller is not in, in
 * workspace order, with member counts.
 */
export const teamListSchema = z.object({ teamList: z.array(teamSchema) });
export type TeamList = z.infer<typeof teamListSchema>;
export const teamListResponseSchema = envelopeSchema(teamListSchema);

/** A member of a team as the team settings page lists it. */
export const teamSettingsMemberSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  /** ISO-8601 with offset: when they joined the team. */
  joinedAt: z.string(),
});
export type TeamSettingsMember = z.infer<typeof teamSettingsMemberSchema>;

/**
 * `GET /api/teams/{teamId}/settings` result: the team, its members (by joining order) and what the caller may do:
 * `canEdit` (rename, image, members: the team's members and workspace admins), `canAdminister` (visibility and
 * deletion: workspace admins and the owner; never for the default team's deletion / visibility).
 */
export const teamSettingsSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  teamImageUrl: z.string().nullable(),
  visibility: z.enum(TEAM_VISIBILITIES),
  isDefault: z.boolean(),
  isMember: z.boolean(),
  canEdit: z.boolean(),
  canAdminister: z.boolean(),
  members: z.array(teamSettingsMemberSchema),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;
export const teamSettingsResponseSchema = envelopeSchema(teamSettingsSchema);

/**
 * `PATCH /api/teams/{teamId}` body: `teamName` (rule of contract/teamName.ts; 409 `TEAM409_0` when taken) and/or
 * `visibility` (admins only, 403 `ROLE403_0`; the default team stays public, 409 `TEAM409_3`). At least one.
 */
export const updateTeamRequestSchema = z
  .object({
    teamName: z.string().optional(),
    visibility: z.enum(TEAM_VISIBILITIES).optional(),
  })
  .refine((b) => b.teamName !== undefined || b.visibility !== undefined, {
    message: '바꿀 팀 이름이나 공개 범위를 보내 주세요.',
  });
export type UpdateTeamRequest = z.infer<typeof updateTeamRequestSchema>;

/** `POST /api/teams/{teamId}/members` body: workspace members to add (already members are ignored). */
export const addTeamMembersRequestSchema = z.object({
  memberId: idListSchema.min(1, '추가할 멤버를 한 명 이상 선택해 주세요.'),
});
export type AddTeamMembersRequest = z.infer<typeof addTeamMembersRequestSchema>;

/** `DELETE /api/teams/{teamId}` body: the team's name typed again to confirm (400 `TEAM400_3` otherwise). */
export const deleteTeamRequestSchema = z.object({ teamName: z.string() });
export type DeleteTeamRequest = z.infer<typeof deleteTeamRequestSchema>;

/** Results of the membership and settings changes: the team settings after the change. */
export const teamChangeResponseSchema = teamSettingsResponseSchema;
/** `DELETE /api/teams/{teamId}` and `DELETE /api/teams/{teamId}/membership` result. */
export const teamIdResultSchema = z.object({ teamId: z.number().int() });
export const teamIdResponseSchema = envelopeSchema(teamIdResultSchema);
