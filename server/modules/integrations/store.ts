import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { githubInstallation, slackLink, team } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../audit';
import { openSecret, sealSecret } from './crypto';

/**
 * Who changes a link, for its audit entry (issue #23, docs/security.md "Audit log"): the admin, their address and
 * what to note (team id/name, GitHub account or Slack team name — never tokens). Written in the link's transaction.
 */
export interface LinkAudit {
  actorId: number;
  ip: string | null;
  details: Record<string, unknown>;
}

const auditEntry = (
  workspaceId: number,
  action: 'integration.connected' | 'integration.disconnected',
  name: 'github' | 'slack',
  audit: LinkAudit,
): AuditEntry => ({
  workspaceId,
  actorId: audit.actorId,
  action,
  target: { type: 'integration', name },
  details: audit.details,
  ip: audit.ip,
});

/**
 * Storage of the integration links (server/db/schema.ts `github_installation`, `slack_link`). GitHub is linked per
 * team, Slack per workspace; a new install replaces the previous link (upsert on the unique key).
 */

export interface StoredInstallation {
  teamId: number;
  installationId: number;
  account: string | null;
}

/** The team's GitHub installation, or null. */
export async function findGithubInstallation(db: Db, teamId: number): Promise<StoredInstallation | null> {
  const [row] = await db
    .select({
      teamId: githubInstallation.teamId,
      installationId: githubInstallation.installationId,
      account: githubInstallation.account,
    })
    .from(githubInstallation)
    .where(eq(githubInstallation.teamId, teamId));
  return row ?? null;
}

/** Whether `installationId` is the team's installation (the GITHUB create check). Works inside a transaction. */
export async function isTeamInstallation(db: Db, teamId: number, installationId: number): Promise<boolean> {
  if (!Number.isSafeInteger(installationId) || installationId <= 0) return false;
  const rows = await db
    .select({ id: githubInstallation.id })
    .from(githubInstallation)
    .where(and(eq(githubInstallation.teamId, teamId), eq(githubInstallation.installationId, installationId)))
    .for('key share');
  return rows.length > 0;
}

/**
 * Serialises everything that links GitHub App installation `installationId` until the transaction ends (a
 * transaction-scoped advisory lock, as in workspace/join-lockout.ts).
 */
export async function lockGithubInstallation(tx: Db, installationId: number): Promise<void> {
  const key = `momentum:github-installation:${installationId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Links the team (of `workspaceId`) to the installation unless a team of ANOTHER workspace already has it: one
 * installation never serves two workspaces (docs/security.md "GitHub installations"). Teams of the same workspace
 * may share it; re-linking a team replaces its link. Check and upsert run in one transaction holding
 * `lockGithubInstallation`, so two workspaces linking the same installation at once cannot both pass the check.
 * → `'linked'`, or `'conflict'` with nothing changed.
 */
export async function linkGithubInstallation(
  db: Db,
  link: StoredInstallation & { workspaceId: number },
  audit?: LinkAudit,
): Promise<'linked' | 'conflict'> {
  const { workspaceId, ...row } = link;
  return db.transaction(async (tx) => {
    await lockGithubInstallation(tx, row.installationId);
    const elsewhere = await tx
      .select({ teamId: githubInstallation.teamId })
      .from(githubInstallation)
      .innerJoin(team, eq(team.id, githubInstallation.teamId))
      .where(
        and(eq(githubInstallation.installationId, row.installationId), ne(team.workspaceId, workspaceId)),
      )
      .limit(1);
    if (elsewhere.length > 0) return 'conflict';
    await upsertGithubInstallation(tx, row);
    if (audit) await recordAudit(tx, auditEntry(workspaceId, 'integration.connected', 'github', audit));
    return 'linked';
  });
}

/**
 * Links (or re-links) the team to a GitHub App installation, unchecked (test fixtures; the installation callback
 * uses `linkGithubInstallation`).
 */
export async function upsertGithubInstallation(db: Db, link: StoredInstallation): Promise<void> {
  await db
    .insert(githubInstallation)
    .values(link)
    .onConflictDoUpdate({
      target: githubInstallation.teamId,
      set: { installationId: link.installationId, account: link.account, createdAt: sql`now()` },
    });
}

export interface SlackLinkInput {
  workspaceId: number;
  slackTeamId: string;
  botToken: string;
  channelId: string | null;
  channelName: string | null;
}

/** Additional data bound into the sealed token: it opens only in its own workspace's row. */
const tokenAad = (workspaceId: number) => `slack_link:${workspaceId}`;

/**
 * Links (or re-links) the workspace to Slack; the bot token is stored sealed (AES-256-GCM), never in clear. With
 * `audit`, the `integration.connected` entry is written in the same transaction.
 */
export async function upsertSlackLink(
  db: Db,
  tokenKey: Buffer,
  link: SlackLinkInput,
  audit?: LinkAudit,
): Promise<void> {
  const values = {
    teamIdExternal: link.slackTeamId,
    botTokenEncrypted: sealSecret(tokenKey, link.botToken, tokenAad(link.workspaceId)),
    channelId: link.channelId,
    channelName: link.channelName,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(slackLink)
      .values({ workspaceId: link.workspaceId, ...values })
      .onConflictDoUpdate({ target: slackLink.workspaceId, set: { ...values, createdAt: sql`now()` } });
    if (audit) await recordAudit(tx, auditEntry(link.workspaceId, 'integration.connected', 'slack', audit));
  });
}

/**
 * Removes the team's GitHub link (its GITHUB externals stay, with their issue links) and writes the
 * `integration.disconnected` entry in the same transaction. → the removed link, or null when there was none
 * (nothing written).
 */
export async function unlinkGithubInstallation(
  db: Db,
  scope: { teamId: number; workspaceId: number },
  audit: Omit<LinkAudit, 'details'> & { details: Record<string, unknown> },
): Promise<StoredInstallation | null> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(githubInstallation)
      .where(eq(githubInstallation.teamId, scope.teamId))
      .returning({
        teamId: githubInstallation.teamId,
        installationId: githubInstallation.installationId,
        account: githubInstallation.account,
      });
    if (!removed) return null;
    await recordAudit(
      tx,
      auditEntry(scope.workspaceId, 'integration.disconnected', 'github', {
        ...audit,
        details: { ...audit.details, account: removed.account, installationId: removed.installationId },
      }),
    );
    return removed;
  });
}

/**
 * Removes the workspace's Slack link (the sealed bot token with it) and writes the `integration.disconnected` entry
 * in the same transaction. → whether there was a link.
 */
export async function unlinkSlack(db: Db, workspaceId: number, audit: LinkAudit): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(slackLink)
      .where(eq(slackLink.workspaceId, workspaceId))
      .returning({ slackTeamId: slackLink.teamIdExternal, channelName: slackLink.channelName });
    if (removed.length === 0) return false;
    await recordAudit(
      tx,
      auditEntry(workspaceId, 'integration.disconnected', 'slack', {
        ...audit,
        details: {
          ...audit.details,
          slackTeamId: removed[0]!.slackTeamId,
          channelName: removed[0]!.channelName,
        },
      }),
    );
    return true;
  });
}

export interface StoredSlackLink {
  slackTeamId: string;
  /** Null when the sealed token no longer opens (the integration secret changed): reconnect Slack. */
  botToken: string | null;
  channelId: string | null;
  channelName: string | null;
}

/** The workspace's Slack link with its bot token opened, or null when not linked. */
export async function findSlackLink(
  db: Db,
  tokenKey: Buffer,
  workspaceId: number,
): Promise<StoredSlackLink | null> {
  const [row] = await db.select().from(slackLink).where(eq(slackLink.workspaceId, workspaceId));
  if (!row) return null;
  return {
    slackTeamId: row.teamIdExternal,
    botToken: openSecret(tokenKey, row.botTokenEncrypted, tokenAad(workspaceId)),
    channelId: row.channelId,
    channelName: row.channelName,
  };
}

/**
 * `GET /api/teams/{teamId}/externals/links` flags: the team has a GitHub installation; its workspace has a Slack
 * link.
 */
export async function integrationLinks(
  db: Db,
  scope: { teamId: number; workspaceId: number },
): Promise<{ linkedWithGithub: boolean; linkedWithSlack: boolean }> {
  const [github, slack] = await Promise.all([
    db
      .select({ id: githubInstallation.id })
      .from(githubInstallation)
      .where(eq(githubInstallation.teamId, scope.teamId)),
    db.select({ id: slackLink.id }).from(slackLink).where(eq(slackLink.workspaceId, scope.workspaceId)),
  ]);
  return { linkedWithGithub: github.length > 0, linkedWithSlack: slack.length > 0 };
}
