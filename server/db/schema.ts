import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle schema (issue #2 "Foundation" and the workspace/team tables issue #3 builds on).
 * All timestamps are `timestamptz`; the migrations in `/drizzle` are generated from this file with
 * `npm run db:generate -- --name <change>` and applied at start-up by `migrate()`.
 */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A workspace; `slug` and `invite_token` are unique (api-contract.md "Workspace, invite, join"). `created_by` is the
 * member who created it (null for rows from before issue #3, or once that member is gone).
 */
export const workspace = pgTable('workspace', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  inviteToken: text('invite_token').notNull().unique(),
  invitePassword: text('invite_password').notNull(),
  imageUrl: text('image_url'),
  createdBy: integer('created_by').references((): AnyPgColumn => member.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * A signed-in person, keyed by (provider, provider user id); `workspace_id` is null until they create or join one.
 *
 * Withdrawal (api-contract.md "Sign-in and session") keeps the row as an anonymised tombstone so content written for
 * the team can still point at it (shown as "탈퇴한 사용자"): `withdrawn_at` is set, the name becomes
 * `WITHDRAWN_MEMBER_NAME`, and email, image, provider link and workspace are nulled. A null provider link cannot
 * collide in the unique constraint, so the same account signing in again becomes a new member. Only tombstones
 * may lack a provider link (`member_provider_link_check`).
 *
 * `profile_image_set_in_app`: the member uploaded or removed a photo in the app; from then on the provider's picture
 * is never filled in again on sign-in.
 */
export const member = pgTable(
  'member',
  {
    id: serial('id').primaryKey(),
    provider: text('provider'),
    providerUserId: text('provider_user_id'),
    name: text('name').notNull(),
    email: text('email'),
    profileImageUrl: text('profile_image_url'),
    profileImageSetInApp: boolean('profile_image_set_in_app').notNull().default(false),
    workspaceId: integer('workspace_id').references(() => workspace.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    withdrawnAt: timestamptz('withdrawn_at'),
  },
  (t) => [
    unique('member_provider_user_unique').on(t.provider, t.providerUserId),
    index('member_workspace_idx').on(t.workspaceId),
    check(
      'member_provider_link_check',
      sql`${t.withdrawnAt} is not null or (${t.provider} is not null and ${t.providerUserId} is not null)`,
    ),
  ],
);

/**
 * Refresh tokens: only the sha256 (hex) of the opaque cookie value is stored. Each reissue marks the presented
 * row `rotated_at` and adds a new row in the same `family_id`; presenting a rotated token revokes the family.
 */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('refresh_token_family_idx').on(t.familyId), index('refresh_token_member_idx').on(t.memberId)],
);

/**
 * Teams of a workspace. Exactly one default ("joint") team per workspace (partial unique index); names are unique
 * within a workspace; `position` is the workspace's team order (default team first, position 0; a new team gets
 * the workspace's highest position + 1; `PATCH /api/workspace/setting/teams` rewrites them as 0, 1, 2, …). Lists
 * order by default first, then position, then id.
 */
export const team = pgTable(
  'team',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('team_workspace_name_unique').on(t.workspaceId, t.name),
    uniqueIndex('team_one_default_per_workspace')
      .on(t.workspaceId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Team membership. */
export const teamMember = pgTable(
  'team_member',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.memberId] }), index('team_member_member_idx').on(t.memberId)],
);

/**
 * Failed `POST /api/workspace/join` attempts (unknown token or wrong password), for the lockout of api-contract.md
 * "Workspace, invite, join": ≥ 5 rows for the member, or for the client IP, in the last 15 minutes → 429. Kept in
 * the database so every app instance sees the same counts. `member_id` becomes null when the member is deleted, so
 * the IP's count survives. Rows older than a day are pruned when a new failure is recorded.
 */
export const workspaceJoinFailure = pgTable(
  'workspace_join_failure',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => member.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('workspace_join_failure_member_idx').on(t.memberId, t.createdAt),
    index('workspace_join_failure_ip_idx').on(t.ip, t.createdAt),
    index('workspace_join_failure_created_idx').on(t.createdAt),
  ],
);

export type Member = typeof member.$inferSelect;
export type Workspace = typeof workspace.$inferSelect;
export type Team = typeof team.$inferSelect;
export type RefreshTokenRow = typeof refreshToken.$inferSelect;
