import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { idListSchema } from './ids';

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
});
export type Team = z.infer<typeof teamSchema>;

import { TEAM_PAGE_SIZE } from './constants';

export { TEAM_PAGE_SIZE };

/** `GET /api/workspace/setting/teams?page=0&size=20` query: `page` from 0, `size` 1–100 (default 20). */
export const teamPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(TEAM_PAGE_SIZE),
});
export type TeamPageQuery = z.input<typeof teamPageQuerySchema>;

/** `GET /api/workspace/setting/teams` result: one page of teams and whether it is the last one. */
export const teamPageSchema = z.object({ teamList: z.array(teamSchema), isLast: z.boolean() });
export type TeamPage = z.infer<typeof teamPageSchema>;
export const teamPageResponseSchema = envelopeSchema(teamPageSchema);

/**
 * `POST /api/workspace/setting/teams` body: `teamName` (rule of `contract/teamName.ts`) and `memberId`, the
 * members to add (≥ 1, all in the caller's workspace; the caller is added too). 201 `TEAM201_0` with the created
 * team (members: the caller first). 400 `TEAM400_0` invalid name (`message` = `result.teamName` =
 * `TEAM_NAME_MESSAGE`), `TEAM400_1` foreign member ids (named in `message` and `result.memberId`), `VALID400_1`
 * empty `memberId`; 409 `TEAM409_0` a team with that name exists in the workspace.
 */
export const createTeamRequestSchema = z.object({
  teamName: z.string(),
  memberId: idListSchema.min(1, '팀원을 한 명 이상 선택해 주세요.'),
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
 * `PATCH /api/workspace/setting/teams` body: every team of the workspace exactly
 * once, the default team first, then the others in the new order. 200 `TEAM200_1`, result `null`. Anything else →
 * 400 `TEAM400_2` whose `message` (= `result.teamIdList`) says which rule broke. The order is the workspace's,
 * shared by all its members.
 */
export const reorderTeamsRequestSchema = z.object({
  teamIdList: idListSchema.min(1),
});
export type ReorderTeamsRequest = z.infer<typeof reorderTeamsRequestSchema>;
export const reorderTeamsResponseSchema = envelopeSchema(z.null());
