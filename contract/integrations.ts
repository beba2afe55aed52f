import { z } from 'zod';
import { idParamSchema } from './ids';
import { envelopeSchema } from './envelope';

/**
 * GitHub and Slack integrations (docs/product.md "Integrations").
 *
 * Flow: the external list's "외부 연동" modal asks `GET /api/github/connect?teamId=` or `GET /slack/connect?teamId=`
 * for an install/authorize URL (result: the URL string) and sends the browser there. The provider returns to
 * `GET /api/github/installation/callback?installation_id&state` or `GET /slack/callback?code&state`; the server
 * verifies the signed `state` (HS256, 10 minutes, carries memberId + teamId), stores the link and 302s to
 * `/workspace/github/complete?teamId=` or `/workspace/slack/complete?teamId=`. Failures 302 to the same page with
 * `&error=<CODE>`.
 *
 * GitHub is linked per team (one GitHub App installation per team); Slack per workspace (one bot token, encrypted
 * at rest, and the channel the installer chose). `GET /api/teams/{teamId}/externals/links` reports both.
 */

/** `GET /api/github/connect?teamId=` query. Result: the install URL (string). */
export const githubConnectQuerySchema = z.object({ teamId: idParamSchema });
/** `GET /slack/connect?teamId=` query (teamId optional: where the complete page returns). Result: the URL string. */
export const slackConnectQuerySchema = z.object({ teamId: idParamSchema.optional() });
export const connectUrlResponseSchema = envelopeSchema(z.string());

/** `GET /api/teams/{teamId}/github/installation`: 200 `GITHUB200_1`; none → 404 `GITHUB404_0`. */
export const githubInstallationSchema = z.object({
  teamId: z.number().int(),
  installationId: z.number().int(),
  /** The installing account (user or organization login). */
  account: z.string().nullable(),
});
export type GithubInstallation = z.infer<typeof githubInstallationSchema>;
export const githubInstallationResponseSchema = envelopeSchema(githubInstallationSchema);

/** One repository the installation can access (GitHub's first page, ≤ 30; the client uses the first). */
export const githubRepositorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fullName: z.string(),
  owner: z.string(),
  private: z.boolean(),
  htmlUrl: z.string(),
  defaultBranch: z.string().nullable(),
  description: z.string().nullable(),
});
export type GithubRepository = z.infer<typeof githubRepositorySchema>;
/**
 * `GET /api/teams/{teamId}/github/repositories`: 200 `GITHUB200_2` `GithubRepository[]` (may be empty);
 * not linked → 404 `GITHUB404_0`; GitHub unreachable/refused → 502 `GITHUB502_0`.
 */
export const githubRepositoriesResponseSchema = envelopeSchema(z.array(githubRepositorySchema));

/**
 * What happened on the linked tool when an external was created (`POST /api/teams/{teamId}/externals` result
 * `{ externalId, sync }`). The item is always saved; `ok: false` carries a Korean `message` the client toasts.
 * GITHUB: `url` = the created GitHub issue's html_url. SLACK: `url` = the message permalink (or null).
 */
export const externalSyncSchema = z.object({
  service: z.enum(['GITHUB', 'SLACK']),
  ok: z.boolean(),
  url: z.string().nullable(),
  message: z.string().nullable(),
});
export type ExternalSync = z.infer<typeof externalSyncSchema>;

export { INTEGRATIONS_SETUP_PATH } from './integrationsSetup';

/**
 * `GET /api/teams/{teamId}/integrations` (200 `COMMON200`): which tools this server can offer at all.
 * `githubConfigured`: the GitHub App's id and key are set (`GITHUB_APP_ID`, `GITHUB_APP_PRIVATE_KEY…`), else
 * `GET /api/github/connect` answers 503 `GITHUB503_0` and GITHUB externals cannot open issues;
 * `slackConfigured`: the Slack app's client id and secret are set (`SLACK_CLIENT_ID` / `SLACK_CLIENT_SECRET`), else
 * `GET /slack/connect` answers 503 `SLACK503_0`. `setupUrl`: the setup guide (`INTEGRATIONS_SETUP_PATH`). The
 * client shows an unconfigured tool as "서버 관리자 설정 필요" with that link instead of offering it
 * (docs/product.md "Integrations").
 */
export const integrationAvailabilitySchema = z.object({
  githubConfigured: z.boolean(),
  slackConfigured: z.boolean(),
  setupUrl: z.string(),
});
export type IntegrationAvailability = z.infer<typeof integrationAvailabilitySchema>;
export const integrationAvailabilityResponseSchema = envelopeSchema(integrationAvailabilitySchema);
