import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { WORKSPACE_ROLES } from './roles';

/**
 * `GET /api/workspace/setting` result: the caller's workspace profile and their role (read from the database on
 * every request). The invite (`inviteUrl`, `invitePassword`) is shown to admins only (docs/security.md "Roles"):
 * null for members. 404 `WORKSPACE404_0` while the member has no workspace yet.
 */
export const workspaceProfileSchema = z.object({
  workspaceId: z.number().int(),
  workspaceName: z.string(),
  workspaceUrl: z.string(),
  workspaceImageUrl: z.string().nullable(),
  defaultTeamId: z.number().int(),
  inviteUrl: z.string().nullable(),
  invitePassword: z.string().nullable(),
  /** The caller's role (issue #23). */
  myRole: z.enum(WORKSPACE_ROLES),
});
export type WorkspaceProfile = z.infer<typeof workspaceProfileSchema>;
export const workspaceProfileResponseSchema = envelopeSchema(workspaceProfileSchema);

/**
 * Invite password: `INVITE_PASSWORD_LENGTH` characters of `INVITE_PASSWORD_ALPHABET` (docs/product.md "Workspace and
 * invitations").
 */
export const INVITE_PASSWORD_LENGTH = 8;
export const INVITE_PASSWORD_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/**
 * Join lockout (docs/product.md "Workspace and invitations"): this many failures by one member against one workspace
 * (the workspace the invite token names; tokens naming none count together as "no workspace")…
 */
export const JOIN_MAX_FAILURES = 5;
/**
 * …or this many failures from one client IP, whoever made them…
 *
 * Far above `JOIN_MAX_FAILURES` on purpose: a whole office behind one NAT address shares an IP, and a few people's
 * typos (or one person's garbage link) must not lock everybody else out. One IP spraying guesses is still stopped
 * well before it matters: 100 guesses per 15 minutes against a 36⁸ (≈ 2.8·10¹²) invite password space, and invite
 * tokens are 128 random bits.
 */
export const JOIN_IP_MAX_FAILURES = 100;
/** …within this many seconds → 429 `WORKSPACE429_0` with `Retry-After` until the window passes. */
export const JOIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * Body of `POST /api/workspace/create-url` and `POST /api/workspace`. The name is checked exactly as typed with
 * `validateWorkspaceName` (docs/product.md "Onboarding"); a failing name → 400 `WORKSPACE400_1` whose `message` and
 * `result.workspaceName` are the first failing rule's Korean message.
 */
export const workspaceNameBodySchema = z.object({
  workspaceName: z
    .string()
    .describe(
      'Workspace name as typed (docs/product.md "Onboarding": 4–10 characters, Latin letters first, …)',
    ),
});
export type WorkspaceNameBody = z.infer<typeof workspaceNameBodySchema>;

/** `POST /api/workspace/create-url` body. */
export const createWorkspaceUrlRequestSchema = workspaceNameBodySchema;
export type CreateWorkspaceUrlRequest = WorkspaceNameBody;
/**
 * `POST /api/workspace/create-url` result (200 `WORKSPACE200_1`): `<PUBLIC_URL>/<slug>` with the collision suffix
 * (`-2`, `-3`, …) the name would get if it were created now. Nothing is reserved.
 */
export const createWorkspaceUrlResultSchema = z.object({ workspaceUrl: z.string() });
export type CreateWorkspaceUrlResult = z.infer<typeof createWorkspaceUrlResultSchema>;
export const createWorkspaceUrlResponseSchema = envelopeSchema(createWorkspaceUrlResultSchema);

/** `POST /api/workspace` body. */
export const createWorkspaceRequestSchema = workspaceNameBodySchema;
export type CreateWorkspaceRequest = WorkspaceNameBody;
/**
 * `POST /api/workspace` result (201 `WORKSPACE201_0`). `name` is the creator's display name; `defaultTeamId` is the
 * workspace's default ("joint") team, created with it, the creator its first member.
 */
export const createWorkspaceResultSchema = z.object({
  workspaceId: z.number().int(),
  workspaceName: z.string(),
  workspaceUrl: z.string(),
  inviteUrl: z.string(),
  invitePassword: z.string(),
  name: z.string(),
  defaultTeamId: z.number().int(),
});
export type CreateWorkspaceResult = z.infer<typeof createWorkspaceResultSchema>;
export const createWorkspaceResponseSchema = envelopeSchema(createWorkspaceResultSchema);

/**
 * `POST /api/workspace/join` body: the invite URL's `token` and the invite password.
 * Surrounding whitespace (a sloppy copy and paste) is ignored.
 */
export const joinWorkspaceRequestSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, '초대 링크가 올바르지 않습니다.')
    .max(128, '초대 링크가 올바르지 않습니다.')
    .describe('The `token` query parameter of the invite URL'),
  password: z
    .string()
    .trim()
    .min(1, '비밀번호를 입력해 주세요.')
    .max(64, '입력 정보를 다시 확인하세요')
    .describe('The invite password'),
});
export type JoinWorkspaceRequest = z.input<typeof joinWorkspaceRequestSchema>;
/**
 * `POST /api/workspace/join` result (200 `WORKSPACE200_2`): the joined workspace, its default team (which the member
 * is now in) and when they joined (ISO-8601 with offset, Asia/Seoul).
 */
export const joinWorkspaceResultSchema = z.object({
  workspaceId: z.number().int(),
  workspaceName: z.string(),
  defaultTeamId: z.number().int(),
  joinedAt: z.iso.datetime({ offset: true }),
});
export type JoinWorkspaceResult = z.infer<typeof joinWorkspaceResultSchema>;
export const joinWorkspaceResponseSchema = envelopeSchema(joinWorkspaceResultSchema);

/**
 * `GET /api/workspace/setting/invite` result (200 `WORKSPACE200_0`): the caller's name and
 * the workspace's invite URL and password, for the settings invite dialog. 404 `WORKSPACE404_0` without a workspace.
 */
export const inviteInfoSchema = z.object({
  name: z.string(),
  inviteUrl: z.string(),
  invitePassword: z.string(),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;
export const inviteInfoResponseSchema = envelopeSchema(inviteInfoSchema);
