import { sql } from 'drizzle-orm';
import { ALARM_REASONS } from '../../contract/alarms';
import { INVITE_EXPIRIES, TEAM_VISIBILITIES, WORKSPACE_ROLES } from '../../contract/roles';
import { EXT_SERVICE_TYPES, GROUPINGS, ITEM_KINDS, PRIORITIES, STATES } from '../../contract/itemEnums';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
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
/** `'a', 'b'` for a check constraint over a fixed list of values. */
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * A workspace; `slug` and `invite_token` are unique (docs/product.md "Workspace and invitations"). `created_by` is the
 * member who created it (null for rows from before issue #3, or once that member is gone).
 */
export const workspace = pgTable(
  'workspace',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    inviteToken: text('invite_token').notNull().unique(),
    invitePassword: text('invite_password').notNull(),
    imageUrl: text('image_url'),
    createdBy: integer('created_by').references((): AnyPgColumn => member.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * How long an invite lasts after it is made or rotated (issue #23, contract/roles.ts `INVITE_EXPIRIES`); the
     * invite answers "초대 링크가 만료되었습니다" after `invite_expires_at` (null: never).
     */
    inviteExpiry: text('invite_expiry').notNull().default('never'),
    inviteExpiresAt: timestamptz('invite_expires_at'),
  },
  (t) => [
    check('workspace_invite_expiry_check', sql`${t.inviteExpiry} in (${sql.raw(quoted(INVITE_EXPIRIES))})`),
  ],
);

/**
 * A signed-in person, keyed by (provider, provider user id); `workspace_id` is null until they create or join one.
 *
 * Withdrawal (docs/product.md "Sign-in and session") keeps the row as an anonymised tombstone so content written for
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
    /**
     * Role in `workspace_id` (issue #23, docs/security.md "Roles"): exactly one `owner` per workspace (partial
     * unique index), `admin`s, the rest `member`. Read from the database on every request that needs it.
     */
    role: text('role').notNull().default('member'),
    /**
     * Set when an admin removed the member from a workspace: `workspace_id` is then null and
     * `removed_from_workspace_id` names the workspace, so their past items and comments there still show their name
     * with "(내보낸 멤버)". Cleared when they join a workspace again.
     */
    removedAt: timestamptz('removed_at'),
    removedFromWorkspaceId: integer('removed_from_workspace_id').references(() => workspace.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    unique('member_provider_user_unique').on(t.provider, t.providerUserId),
    index('member_workspace_idx').on(t.workspaceId),
    check('member_role_check', sql`${t.role} in (${sql.raw(quoted(WORKSPACE_ROLES))})`),
    uniqueIndex('member_one_owner_per_workspace')
      .on(t.workspaceId)
      .where(sql`${t.role} = 'owner' and ${t.workspaceId} is not null`),
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
    /**
     * `public` (every workspace member reads it) or `private` (only its members; 404 for everyone else), issue #23,
     * docs/security.md "Teams". The default team is always public.
     */
    visibility: text('visibility').notNull().default('public'),
  },
  (t) => [
    unique('team_workspace_name_unique').on(t.workspaceId, t.name),
    check('team_visibility_check', sql`${t.visibility} in (${sql.raw(quoted(TEAM_VISIBILITIES))})`),
    check('team_default_public_check', sql`not ${t.isDefault} or ${t.visibility} = 'public'`),
    uniqueIndex('team_one_default_per_workspace')
      .on(t.workspaceId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Team membership. `position`: the member's own order of their teams in "나의 팀" (issue #23; null: after the
 * ordered ones, by the team's workspace position).
 */
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
    position: integer('position'),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.memberId] }), index('team_member_member_idx').on(t.memberId)],
);

/**
 * Failed `POST /api/workspace/join` attempts (unknown token or wrong password), for the lockout of docs/product.md
 * "Workspace and invitations" (server/modules/workspace/join-lockout.ts): in the last 15 minutes, ≥ 5 rows for the
 * (member, workspace) or ≥ 100 rows for the client IP → 429. `workspace_id` is the workspace the invite token
 * named, null for an unknown token (those count together per member); rows go with their workspace. Kept in the
 * database so every app instance sees the same counts. `member_id` becomes null when the member is deleted, so the
 * IP's count survives. Rows older than a day are pruned when a new failure is recorded.
 */
export const workspaceJoinFailure = pgTable(
  'workspace_join_failure',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => member.id, { onDelete: 'set null' }),
    workspaceId: integer('workspace_id').references(() => workspace.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('workspace_join_failure_member_idx').on(t.memberId, t.workspaceId, t.createdAt),
    index('workspace_join_failure_ip_idx').on(t.ip, t.createdAt),
    index('workspace_join_failure_created_idx').on(t.createdAt),
  ],
);

/** `('A', 'B')` for a check constraint over a closed set of (identifier-like) values. */
const sqlList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * Goals, issues and externals — one item model parameterized by `kind` (docs/product.md "Items";
 * issue #5). `workspace_id` repeats the team's workspace so names and counters are per workspace.
 * - `number` / `name`: `<workspaceName>-g|i|e<number>`, the number taken from `item_counter` in the creating
 *   transaction, unique per (workspace, kind) and never reused.
 * - `content`: the Lexical description JSON string ('' = empty). `deadline_start ≤ deadline_end` (either may be null).
 * - `goal_id`: issues and externals only; the goal of the same team (checked by the API), null when none; deleting
 *   the goal sets it null.
 * - `ext_service_type`: externals only (and required for them). GITHUB externals: `github_owner` / `github_repo`
 *   from the create request, `github_number` / `github_url` once the GitHub issue exists; SLACK externals:
 *   `slack_channel` / `slack_ts` / `slack_permalink` of the announcement (server/modules/integrations/integrations.ts).
 * - `author_id`: the creating member; set null when they withdraw (the item stays).
 * Deletion is permanent; managers cascade.
 */
export const item = pgTable(
  'item',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    state: text('state', { enum: STATES }).notNull().default('NONE'),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('NONE'),
    deadlineStart: date('deadline_start', { mode: 'string' }),
    deadlineEnd: date('deadline_end', { mode: 'string' }),
    goalId: integer('goal_id').references((): AnyPgColumn => item.id, { onDelete: 'set null' }),
    extServiceType: text('ext_service_type', { enum: EXT_SERVICE_TYPES }),
    githubOwner: text('github_owner'),
    githubRepo: text('github_repo'),
    githubNumber: integer('github_number'),
    githubUrl: text('github_url'),
    slackChannel: text('slack_channel'),
    slackTs: text('slack_ts'),
    slackPermalink: text('slack_permalink'),
    authorId: integer('author_id').references(() => member.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    // Workspace search (docs/product.md "Search"), derived from `title` and `content` by
    // server/modules/search/derive.ts on every write of either; NULL until derived (rows older than the columns are
    // filled at start-up, server/modules/search/backfill.ts). `search_title`: the title lower-cased (NFC);
    // `search_choseong`: its initial consonants (로그인 → ㄹㄱㅇ); `search_jamo`: its letters (ㄹㅗㄱㅡㅇㅣㄴ);
    // `search_text`: the description's plain text (lower-cased NFC, whitespace collapsed, capped).
    searchTitle: text('search_title'),
    searchChoseong: text('search_choseong'),
    searchJamo: text('search_jamo'),
    searchText: text('search_text'),
  },
  (t) => [
    unique('item_workspace_kind_number_unique').on(t.workspaceId, t.kind, t.number),
    // Search: trigram indexes (pg_trgm, created by drizzle/0010_search.sql) answer `LIKE '%…%'` on the derived
    // columns without reading the workspace's rows; every tier first checks the workspace's newest items, read from
    // `item_workspace_id_idx` in its declared order (`id DESC NULLS LAST`, which the search sorts by; plain `DESC`
    // is NULLS FIRST and made the planner walk the primary key), and asks the trigram index only when they hold too
    // few matches (server/modules/search/service.ts `searchStatement`; __tests__/server/db/query-plans.test.ts).
    // `fastupdate` off: new entries go into the index at once instead of a pending list that every search reads
    // linearly until a VACUUM merges it — which PGlite, without autovacuum, never runs (20,000 seeded items made an
    // empty search 50 times slower).
    index('item_workspace_id_idx').on(t.workspaceId, t.id.desc()),
    // Exact and prefix matches of names and titles (`=`, `LIKE 'q%'`), however short the query: B-trees in code
    // point order (`text_pattern_ops`), which is the order `LIKE` prefixes need whatever the database's collation.
    index('item_workspace_name_prefix_idx').on(t.workspaceId, sql`lower(${t.name}) text_pattern_ops`),
    index('item_workspace_search_title_prefix_idx').on(t.workspaceId, t.searchTitle.op('text_pattern_ops')),
    index('item_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('item_search_title_trgm_idx')
      .using('gin', t.searchTitle.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('item_search_choseong_trgm_idx')
      .using('gin', t.searchChoseong.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('item_search_jamo_trgm_idx')
      .using('gin', t.searchJamo.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('item_search_text_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // Grouped lists: newest first inside a group, by team and kind (docs/product.md "Grouped lists"). drizzle's
    // `.desc()` declares `id DESC NULLS LAST`; the list's keyset queries sort in exactly that order (list.ts
    // `NEWEST_FIRST`), which the primary key cannot give, so they are always read from these indexes
    // (__tests__/server/modules/items/list-plan.test.ts).
    index('item_team_kind_id_idx').on(t.teamId, t.kind, t.id.desc()),
    index('item_team_kind_state_id_idx').on(t.teamId, t.kind, t.state, t.id.desc()),
    index('item_team_kind_priority_id_idx').on(t.teamId, t.kind, t.priority, t.id.desc()),
    index('item_team_kind_goal_id_idx').on(t.teamId, t.kind, t.goalId, t.id.desc()),
    // `ON DELETE SET NULL` of a deleted goal's issues and externals.
    index('item_goal_idx').on(t.goalId),
    index('item_author_idx').on(t.authorId),
    // GitHub webhooks find a GITHUB external by its issue (owner and repo compared case-insensitively, as GitHub
    // does); at most one item per issue in a team — the guard against a webhook and our own create racing.
    uniqueIndex('item_team_github_issue_unique').on(
      t.teamId,
      sql`lower(${t.githubOwner})`,
      sql`lower(${t.githubRepo})`,
      t.githubNumber,
    ),
    check('item_kind_check', sql`${t.kind} in ${sqlList(ITEM_KINDS)}`),
    check('item_state_check', sql`${t.state} in ${sqlList(STATES)}`),
    check('item_priority_check', sql`${t.priority} in ${sqlList(PRIORITIES)}`),
    check(
      'item_ext_service_type_check',
      sql`(${t.kind} = 'external') = (${t.extServiceType} is not null) and (${t.extServiceType} is null or ${t.extServiceType} in ${sqlList(EXT_SERVICE_TYPES)})`,
    ),
    check('item_goal_kind_check', sql`${t.goalId} is null or ${t.kind} <> 'goal'`),
    check(
      'item_deadline_check',
      sql`${t.deadlineStart} is null or ${t.deadlineEnd} is null or ${t.deadlineStart} <= ${t.deadlineEnd}`,
    ),
  ],
);

/** Managers of an item (members of its team). Deleted with the item; a withdrawing member's rows are deleted. */
export const itemManager = pgTable(
  'item_manager',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.memberId] }),
    // MANAGER groups: a member's items newest first (`item_id DESC NULLS LAST`, as above).
    index('item_manager_member_item_idx').on(t.memberId, t.itemId.desc()),
  ],
);

/**
 * Group sizes of the grouped lists (docs/product.md "Grouped lists": every page carries every non-empty group with
 * its team-wide `dataCnt`), kept by triggers so a page never counts the team's items (migration
 * 0008_list_group_sizes.sql; server/modules/items/list.ts reads them). A group's size is the sum of `delta` over its rows
 * (team, kind, grouping `group_by`, `group_key` = the list's `groupKey`: a code, a goal or member id, or NONE).
 * Every statement that changes `item` or `item_manager` only inserts rows (its net changes), so writers never wait
 * on each other here and the sums are exact in any snapshot; the triggers fold a team's rows into one per group
 * when they pile up (rows other transactions hold are skipped). Not written by the application.
 */
export const itemGroupCount = pgTable(
  'item_group_count',
  {
    teamId: integer('team_id').notNull(),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    groupBy: text('group_by', { enum: GROUPINGS }).notNull(),
    groupKey: text('group_key').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('item_group_count_group_idx').on(t.teamId, t.kind, t.groupBy, t.groupKey)],
);

/**
 * Name counters, one row per (workspace, kind): `next` is the number the next item gets. Allocated inside the
 * creating transaction with `INSERT … ON CONFLICT DO UPDATE SET next = next + 1 RETURNING` (row-locked until
 * commit), so concurrent creations get distinct numbers and a committed number is never handed out again —
 * deleting items never lowers it.
 */
export const itemCounter = pgTable(
  'item_counter',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    next: integer('next').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] })],
);

/**
 * Comments on goals, issues and externals (docs/product.md "Comments"). The target is
 * the item (`item_id`; the category is its kind); deleted with the item (cascade). `author_id` is set null when the
 * author withdraws (the comment stays, shown as "탈퇴한 사용자"). Listed oldest first (`id`).
 */
export const comment = pgTable(
  'comment',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => member.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('comment_item_id_idx').on(t.itemId, t.id), index('comment_author_idx').on(t.authorId)],
);

/**
 * The GitHub App installation linked to a team (docs/product.md "Integrations";
 * contract/integrations.ts): at most one per team (`team_id` unique; a new install replaces it), deleted with the
 * team. `installation_id` is GitHub's id (bigint: GitHub ids outgrow `integer`), indexed for webhooks, which find
 * the team by it; `account` is the installing user's or organization's login as GitHub reported it.
 */
export const githubInstallation = pgTable(
  'github_installation',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .unique('github_installation_team_unique')
      .references(() => team.id, { onDelete: 'cascade' }),
    installationId: bigint('installation_id', { mode: 'number' }).notNull(),
    account: text('account'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('github_installation_installation_idx').on(t.installationId)],
);

/**
 * GitHub webhook deliveries already handled (`X-GitHub-Delivery`, a GUID), so a redelivered or replayed delivery is
 * answered 200 and ignored (server/modules/github-webhook/routes.ts). Inserted in the transaction that applies the
 * delivery; rows older than 7 days are pruned by later deliveries (`received_at` index).
 */
export const githubDelivery = pgTable(
  'github_delivery',
  {
    deliveryId: text('delivery_id').primaryKey(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [index('github_delivery_received_at_idx').on(t.receivedAt)],
);

/**
 * The Slack bot linked to a workspace (OAuth v2 install; at most one per workspace, replaced by a new install,
 * deleted with the workspace). `team_id_external` is Slack's team (workspace) id. `bot_token_encrypted` is the bot
 * token sealed with AES-256-GCM (server/modules/integrations/crypto.ts) — never the token itself. `channel_id` /
 * `channel_name`: the channel the installer chose on Slack's consent page (`incoming_webhook`), where new SLACK
 * externals are announced; null if the install did not include the `incoming-webhook` scope.
 */
export const slackLink = pgTable('slack_link', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .unique('slack_link_workspace_unique')
    .references(() => workspace.id, { onDelete: 'cascade' }),
  teamIdExternal: text('team_id_external').notNull(),
  botTokenEncrypted: text('bot_token_encrypted').notNull(),
  channelId: text('channel_id'),
  channelName: text('channel_name'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Notifications ("alarms", contract/alarms.ts): one row per (member, item, reason, day) — the unique key makes the
 * reminder idempotent whatever the number of app servers or restarts (raising is `INSERT … ON CONFLICT DO NOTHING`).
 * `day` is the Asia/Seoul date the alarm was raised. Deleted with the item or member (cascade); withdrawal deletes a
 * member's rows explicitly (the member row stays as a tombstone). Rows older than 30 days are purged by the daily job
 * (server/modules/alarms/reminder.ts).
 */
export const alarm = pgTable(
  'alarm',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ALARM_REASONS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('alarm_member_item_reason_day_unique').on(t.memberId, t.itemId, t.reason, t.day),
    // The member's notifications page and unread count, newest first.
    index('alarm_member_id_idx').on(t.memberId, t.id.desc()),
    index('alarm_item_idx').on(t.itemId),
    index('alarm_created_at_idx').on(t.createdAt),
    check('alarm_reason_check', sql`${t.reason} in ${sqlList(ALARM_REASONS)}`),
  ],
);

/**
 * Outbox of live events (contract/events.ts; server/modules/events/): every change event is inserted here in the
 * writing transaction and announced with `pg_notify('momentum_events', <id>)`, which PostgreSQL delivers to every
 * listening app server only on commit. `workspace_id` scopes who may receive it; `member_id`, when set, narrows it to
 * that member (alarm events). `id` is the SSE event id (`Last-Event-ID` resumes after it); rows older than the replay
 * window are pruned.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id').notNull(),
    memberId: integer('member_id'),
    /** The team an event is about when that team is private: only its members receive it (null: the workspace). */
    teamId: integer('team_id'),
    payload: text('payload').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('event_outbox_workspace_id_idx').on(t.workspaceId, t.id),
    index('event_outbox_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One-time tickets of the event stream (`POST /api/events/ticket` → `GET /api/events?ticket=`): the ticket is a
 * signed 30-second token; its `jti` is inserted here when used, so it opens at most one stream on any server.
 * Expired rows are pruned.
 */
export const eventTicketUse = pgTable('event_ticket_use', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/**
 * The audit log of a workspace (issue #23, docs/security.md "Audit log"): who did what, when, from which address.
 * Written by `recordAudit` (server/modules/audit/record.ts) in the same transaction as the change; never updated
 * or deleted through the API; rows older than a year are pruned. `actor_name` and `target_name` are the names at
 * the time (the log stays readable after renames, removals and withdrawals).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => member.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    targetName: text('target_name'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_workspace_id_idx').on(t.workspaceId, t.id.desc()),
    index('audit_log_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Single use of the signed `state` of a GitHub install or Slack OAuth connect (issue #23, docs/security.md
 * "Connecting GitHub and Slack"): its `jti` is inserted at the callback, so a state links at most once.
 */
export const connectStateUse = pgTable('connect_state_use', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export type Member = typeof member.$inferSelect;
export type Workspace = typeof workspace.$inferSelect;
export type Team = typeof team.$inferSelect;
export type RefreshTokenRow = typeof refreshToken.$inferSelect;
export type ItemRow = typeof item.$inferSelect;
