import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ExternalSync, State } from '../../../contract';
import { lexicalToPlainText } from '../../../contract/lexical';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { item, team } from '../../db/schema';
import { type IntegrationKeys, deriveIntegrationKeys } from './crypto';
import { type GithubApi, createGithubApi } from './github';
import { type SlackApi, createSlackApi } from './slack';
import { findGithubInstallation, findSlackLink } from './store';

/**
 * The integrations as the rest of the server sees them: configuration, keys and the GitHub/Slack clients (null when
 * not configured). Built once per app (`createIntegrations` in server/app.ts) so Octokit's installation-token cache
 * lives as long as the app.
 */
export interface Integrations {
  config: AppConfig;
  keys: IntegrationKeys;
  github: GithubApi | null;
  slack: SlackApi | null;
}

export function createIntegrations(config: AppConfig): Integrations {
  return {
    config,
    keys: deriveIntegrationKeys(config.integrationSecret),
    github: createGithubApi(config.github),
    slack: createSlackApi(config.slack),
  };
}

/** `${PUBLIC_URL}/slack/callback`: the OAuth redirect URI (also registered in the Slack app's settings). */
export const slackRedirectUri = (config: AppConfig) => `${config.publicUrl}/slack/callback`;

/**
 * The client route of an external's detail (src/app/router.tsx: `/workspace/default/team/{id}/ext/{extId}` for
 * the workspace's default team, `/workspace/team/{id}/ext/{extId}` otherwise), absolute on `PUBLIC_URL`.
 */
export function externalDetailUrl(
  config: AppConfig,
  teamId: number,
  isDefault: boolean,
  externalId: number,
): string {
  return `${config.publicUrl}/workspace/${isDefault ? 'default/team' : 'team'}/${teamId}/ext/${externalId}`;
}

/** Slack `mrkdwn` control characters in user text (https://api.slack.com/reference/surfaces/formatting#escaping). */
export const escapeSlackText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Text before the link back in the issues we open. The link itself (`externalDetailUrl`) is the marker by which the
 * webhook recognises our own issues (github-webhook/routes.ts); the footer is dropped when a body comes back.
 */
export const GITHUB_LINK_BACK_TEXT = 'Momentum에서 생성된 외부 이슈입니다: ';

/** The GitHub issue body: the description as plain text, then a link back to the external. */
export function githubIssueBody(content: string, link: string): string {
  const text = lexicalToPlainText(content);
  return `${text === '' ? '' : `${text}\n\n---\n`}${GITHUB_LINK_BACK_TEXT}${link}`;
}

/** The Slack announcement: `<팀이름>에서 <제목>을(를) 생성했습니다. <link>`. */
export function slackAnnouncement(teamName: string, title: string, link: string): string {
  return `${escapeSlackText(teamName)}에서 ${escapeSlackText(title)}을(를) 생성했습니다. ${link}`;
}

/** Korean `sync.message`s (the client toasts them; the item itself is saved in every case). */
export const SYNC_MESSAGES = {
  githubNotConfigured:
    '외부 이슈를 저장했지만, 이 서버에 GitHub 연동이 설정되지 않아 GitHub 이슈를 만들지 못했습니다.',
  githubFailed:
    '외부 이슈를 저장했지만 GitHub 이슈를 만들지 못했습니다. 저장소와 GitHub 앱 권한을 확인해 주세요.',
  slackNotConfigured:
    '외부 이슈를 저장했지만, 이 서버에 Slack 연동이 설정되지 않아 메시지를 보내지 못했습니다.',
  slackNotLinked: '외부 이슈를 저장했지만, 워크스페이스에 연동된 Slack이 없어 메시지를 보내지 못했습니다.',
  slackNoChannel: '외부 이슈를 저장했지만, 메시지를 보낼 Slack 채널이 없습니다. Slack을 다시 연결해 주세요.',
  slackFailed: '외부 이슈를 저장했지만 Slack에 메시지를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/** What `syncExternal` needs about the external that was just committed. */
export interface CreatedExternal {
  id: number;
  teamId: number;
  workspaceId: number;
  title: string;
  content: string;
  extServiceType: 'GITHUB' | 'SLACK';
  /** GITHUB: the checked target (owner, repo, the team's installation). */
  github: { owner: string; repo: string; installationId: number } | null;
}

/**
 * Mirrors a just-created external on its tool, after the creating transaction committed (the item is never lost:
 * a failure only yields `ok: false` with a Korean `message`; nothing here throws). See docs/product.md "Integrations".
 * - GITHUB: `POST /repos/{owner}/{repo}/issues` `{ title, body }` (body = the description as plain text plus a link
 *   back), then stores `github_number` / `github_url`; `sync.url` = the issue's html_url.
 * - SLACK: `chat.postMessage` of `<팀이름>에서 <제목>을(를) 생성했습니다. <link>` to the workspace's chosen channel,
 *   then `chat.getPermalink`; stores `slack_channel` / `slack_ts` / `slack_permalink`; `sync.url` = the permalink.
 *   Not linked (or the stored token no longer opens) → `ok: false`.
 */
export async function syncExternal(
  integrations: Integrations,
  db: Db,
  created: CreatedExternal,
  log: FastifyBaseLogger,
): Promise<ExternalSync> {
  const service = created.extServiceType;
  const fail = (message: string): ExternalSync => ({ service, ok: false, url: null, message });
  try {
    const [teamRow] = await db
      .select({ name: team.name, isDefault: team.isDefault })
      .from(team)
      .where(eq(team.id, created.teamId));
    const link = externalDetailUrl(
      integrations.config,
      created.teamId,
      teamRow?.isDefault ?? false,
      created.id,
    );

    if (service === 'GITHUB') {
      if (!integrations.github) return fail(SYNC_MESSAGES.githubNotConfigured);
      if (!created.github) return fail(SYNC_MESSAGES.githubFailed);
      const { owner, repo, installationId } = created.github;
      try {
        const issue = await integrations.github.createIssue(installationId, {
          owner,
          repo,
          title: created.title,
          body: githubIssueBody(created.content, link),
        });
        await db
          .update(item)
          .set({ githubNumber: issue.number, githubUrl: issue.url })
          .where(eq(item.id, created.id));
        return { service, ok: true, url: issue.url, message: null };
      } catch (error) {
        log.warn({ err: error, externalId: created.id, owner, repo }, 'GitHub issue creation failed');
        return fail(SYNC_MESSAGES.githubFailed);
      }
    }

    if (!integrations.slack) return fail(SYNC_MESSAGES.slackNotConfigured);
    const slack = await findSlackLink(db, integrations.keys.tokenKey, created.workspaceId);
    if (!slack || slack.botToken === null) {
      if (slack)
        log.warn({ workspaceId: created.workspaceId }, 'stored Slack bot token does not open; reconnect');
      return fail(SYNC_MESSAGES.slackNotLinked);
    }
    if (!slack.channelId) return fail(SYNC_MESSAGES.slackNoChannel);
    try {
      const text = slackAnnouncement(teamRow?.name ?? '', created.title, link);
      const posted = await integrations.slack.postMessage(slack.botToken, slack.channelId, text);
      await db
        .update(item)
        .set({ slackChannel: posted.channel, slackTs: posted.ts, slackPermalink: posted.permalink })
        .where(eq(item.id, created.id));
      return { service, ok: true, url: posted.permalink, message: null };
    } catch (error) {
      log.warn({ err: error, externalId: created.id }, 'Slack announcement failed');
      return fail(SYNC_MESSAGES.slackFailed);
    }
  } catch (error) {
    // Our own database failing after the commit: the item exists; report the sync as failed.
    log.error({ err: error, externalId: created.id }, 'external sync failed');
    return fail(service === 'GITHUB' ? SYNC_MESSAGES.githubFailed : SYNC_MESSAGES.slackFailed);
  }
}

/** What `syncGithubIssueUpdate` needs about a PATCHed item (items/detail.ts `UpdatedItem`). */
export interface IssueUpdate {
  itemId: number;
  teamId: number;
  before: { state: State; title: string };
  after: { state: State; title: string };
  github: { owner: string; repo: string; number: number } | null;
}

/**
 * Mirrors a committed PATCH of a GITHUB external on its issue (docs/product.md "Integrations"): FINISH ↔ not FINISH
 * → `state: closed | open`, a new title → `title`, in one
 * `PATCH /repos/{owner}/{repo}/issues/{number}` with the team's installation. Only for externals whose issue is
 * known (`github_number`). Best effort: GitHub not configured, the team unlinked or GitHub failing is logged and
 * never fails the PATCH (nothing here throws). GitHub's resulting `issues.*` webhooks find the item already in
 * step, and the webhook path never calls GitHub, so nothing loops.
 */
export async function syncGithubIssueUpdate(
  integrations: Integrations,
  db: Db,
  update: IssueUpdate,
  log: FastifyBaseLogger,
): Promise<void> {
  const { github, before, after } = update;
  if (!github) return;
  const wasFinished = before.state === 'FINISH';
  const isFinished = after.state === 'FINISH';
  const change: { state?: 'open' | 'closed'; title?: string } = {
    ...(wasFinished !== isFinished ? { state: isFinished ? 'closed' : 'open' } : {}),
    ...(before.title !== after.title ? { title: after.title } : {}),
  };
  if (change.state === undefined && change.title === undefined) return;
  const context = { externalId: update.itemId, ...github, ...change };
  try {
    if (!integrations.github) {
      log.warn(context, 'GitHub issue not updated: GitHub App not configured');
      return;
    }
    const installation = await findGithubInstallation(db, update.teamId);
    if (!installation) {
      log.warn(context, 'GitHub issue not updated: the team has no GitHub installation');
      return;
    }
    await integrations.github.updateIssue(installation.installationId, { ...github, ...change });
    log.info(context, 'GitHub issue updated');
  } catch (error) {
    log.warn({ err: error, ...context }, 'GitHub issue update failed');
  }
}
