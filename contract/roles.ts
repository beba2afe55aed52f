/**
 * Zod-free facts of workspace roles, team visibility, invite expiry and the audit log (issue #23;
 * docs/security.md "Roles", "Teams", "Invites", "Audit log"), shared by server and client.
 */

/** Workspace roles: exactly one owner (the creator, until they transfer it), admins, members. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** True for the roles that administer the workspace (owner and admins). */
export function isAdminRole(role: WorkspaceRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Team visibility: public teams are read by every workspace member, private ones only by their members. */
export const TEAM_VISIBILITIES = ['public', 'private'] as const;
export type TeamVisibility = (typeof TEAM_VISIBILITIES)[number];

/** How long an invite (link + password) lasts after it is made or rotated. */
export const INVITE_EXPIRIES = ['7d', '30d', 'never'] as const;
export type InviteExpiry = (typeof INVITE_EXPIRIES)[number];

/** Days of each invite expiry (null: never expires). */
export const INVITE_EXPIRY_DAYS: Record<InviteExpiry, number | null> = { '7d': 7, '30d': 30, never: null };

/**
 * Actions recorded in the audit log. Names are `<target>.<verb>`; `details` of each entry hold what changed
 * (e.g. `{ from: 'member', to: 'admin' }` for a role change, `{ from: '디자인', to: '디자인팀' }` for a rename).
 */
export const AUDIT_ACTIONS = [
  'member.joined',
  'member.removed',
  'member.withdrew',
  'member.role_changed',
  'workspace.ownership_transferred',
  'workspace.renamed',
  'workspace.image_changed',
  'invite.rotated',
  'invite.expiry_changed',
  'team.created',
  'team.renamed',
  'team.image_changed',
  'team.visibility_changed',
  'team.deleted',
  'team.member_added',
  'team.member_removed',
  'team.joined',
  'team.left',
  'integration.connected',
  'integration.disconnected',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How long audit entries are kept (days). */
export const AUDIT_RETENTION_DAYS = 365;
