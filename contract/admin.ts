import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { idSchema } from './ids';
import { AUDIT_ACTIONS, INVITE_EXPIRIES, WORKSPACE_ROLES } from './roles';

/*
 * Workspace administration (issue #23, docs/security.md "Roles", "Invites", "Audit log"): role changes, ownership
 * transfer, removal, workspace rename, invite rotation and expiry, and the audit log listing.
 */

/** `PATCH /api/workspace/setting/members/{memberId}/role` body: the new role (ownership moves by transfer only). */
export const changeRoleRequestSchema = z.object({
  role: z
    .enum(['admin', 'member'])
    .describe('`admin` (promote) or `member` (demote / give up one’s own admin role)'),
});
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

/** Result of a role change or an ownership transfer: the member's role now. */
export const memberRoleResultSchema = z.object({
  memberId: z.number().int(),
  role: z.enum(WORKSPACE_ROLES),
});
export type MemberRoleResult = z.infer<typeof memberRoleResultSchema>;
export const memberRoleResponseSchema = envelopeSchema(memberRoleResultSchema);

/** `POST /api/workspace/setting/owner` body: who becomes the owner (the caller, the owner, becomes an admin). */
export const transferOwnershipRequestSchema = z.object({ memberId: idSchema });
export type TransferOwnershipRequest = z.infer<typeof transferOwnershipRequestSchema>;
export const transferOwnershipResponseSchema = envelopeSchema(memberRoleResultSchema);

/** `DELETE /api/workspace/setting/members/{memberId}` result: null. */
export const removeMemberResponseSchema = envelopeSchema(z.null());

/** `PATCH /api/workspace/setting` body: the workspace's new display name (the URL slug stays). */
export const renameWorkspaceRequestSchema = z.object({
  workspaceName: z.string().describe('New display name, checked with `validateWorkspaceName` as typed'),
});
export type RenameWorkspaceRequest = z.infer<typeof renameWorkspaceRequestSchema>;
export const renameWorkspaceResponseSchema = envelopeSchema(z.object({ workspaceName: z.string() }));

/** `PATCH`/`DELETE /api/workspace/setting/image` result: the logo's URL (null after delete). */
export const workspaceImageResponseSchema = envelopeSchema(
  z.object({ workspaceImageUrl: z.string().nullable() }),
);

/** The invite as admins see it: link, password, expiry choice and when it expires (ISO-8601, null: never). */
export const adminInviteSchema = z.object({
  inviteUrl: z.string(),
  invitePassword: z.string(),
  inviteExpiry: z.enum(INVITE_EXPIRIES),
  inviteExpiresAt: z.string().nullable(),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;
export const adminInviteResponseSchema = envelopeSchema(adminInviteSchema);

/** `PATCH /api/workspace/setting/invite` body: how long the invite lasts from now on. */
export const inviteExpiryRequestSchema = z.object({ inviteExpiry: z.enum(INVITE_EXPIRIES) });
export type InviteExpiryRequest = z.infer<typeof inviteExpiryRequestSchema>;

/** `GET /api/workspace/invite-preview?token=` result: the display name of the workspace the invite names. */
export const invitePreviewQuerySchema = z.object({ token: z.string().trim().min(1).max(128) });
export const invitePreviewSchema = z.object({
  workspaceName: z.string(),
  /** The caller already belongs to that workspace (the client goes straight into it). */
  alreadyMember: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;
export const invitePreviewResponseSchema = envelopeSchema(invitePreviewSchema);

/** Most audit entries one page carries. */
export const AUDIT_PAGE_MAX = 100;

/** `GET /api/workspace/setting/audit` query: `before` (an entry id; the page starts below it) and `size`. */
export const auditPageQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[0-9]{1,15}$/, '1 이상의 정수여야 합니다.')
    .transform(Number)
    .optional()
    .describe('Entries with an id below this one (the previous page’s `nextBefore`); absent: the newest'),
  size: z.coerce
    .number()
    .int('1 이상 100 이하의 정수여야 합니다.')
    .min(1, '1 이상 100 이하의 정수여야 합니다.')
    .max(AUDIT_PAGE_MAX, '1 이상 100 이하의 정수여야 합니다.')
    .default(30),
});
export type AuditPageQuery = z.input<typeof auditPageQuerySchema>;

/** One audit entry as listed. `createdAt`: ISO-8601 with the Seoul offset. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().int().nullable(),
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** A page of the audit log, newest first; `nextBefore` null on the last page. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditPageResponseSchema = envelopeSchema(auditPageSchema);
