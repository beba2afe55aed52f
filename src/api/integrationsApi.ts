import type {
  GithubInstallation,
  GithubRepository,
  IntegrationAvailability,
} from '../../contract/integrations';
import { baseApi, unwrapResult } from './baseApi';
import {
  externalLinksTag,
  githubInstallationTag,
  githubRepositoriesTag,
  INTEGRATION_TAGS,
} from './cacheTags';

/*
 * GitHub and Slack integrations (docs/product.md "Integrations"; contract/integrations.ts). Types only from contract/: zod never reaches the client bundle.
 *
 * Flow: the external list's "외부 연동" modal asks for a connect URL and sends the browser there (full-page
 * redirect); the provider returns through the server's callback to `/workspace/github/complete?teamId=` or
 * `/workspace/slack/complete?teamId=` (with `&error=<CODE>` on failure). The complete page invalidates
 * `INTEGRATION_TAGS` (cacheTags.ts), so the links flags (`itemsApi.getExternalLinks`), the installation and the repositories are
 * read again.
 */

export const integrationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/teams/{teamId}/integrations — `{ githubConfigured, slackConfigured, setupUrl }`: whether this server
     * has the GitHub App and the Slack app configured at all (unconfigured: the connect routes answer 503), and
     * the path of the administrator's setup guide. The configuration only changes with a restart, so it is kept
     * for the session. 404 `TEAM404_0` for a team of another workspace.
     */
    getIntegrationAvailability: build.query<IntegrationAvailability, number>({
      query: (teamId) => `/api/teams/${teamId}/integrations`,
      transformResponse: unwrapResult<IntegrationAvailability>,
      keepUnusedDataFor: 3600,
    }),

    /**
     * GET /api/github/connect?teamId= — the GitHub App install URL for this team (result: the URL string; its
     * signed `state` lasts 10 minutes, so it is never reused from the cache). Errors: 503 `GITHUB503_0` (GitHub
     * not configured on this server), 403/404 for a team of another workspace.
     */
    getGithubConnectUrl: build.query<string, number>({
      query: (teamId) => ({ url: '/api/github/connect', params: { teamId } }),
      transformResponse: unwrapResult<string>,
      keepUnusedDataFor: 0,
    }),

    /**
     * GET /slack/connect?teamId= (no `/api` prefix) — the Slack authorize URL (result: the URL string). Slack is
     * linked per workspace; the optional `teamId` is only where the complete page returns. Errors: 503
     * `SLACK503_0` (Slack not configured), 502 `SLACK502_0`.
     */
    getSlackConnectUrl: build.query<string, number | undefined>({
      query: (teamId) => ({ url: '/slack/connect', params: teamId === undefined ? undefined : { teamId } }),
      transformResponse: unwrapResult<string>,
      keepUnusedDataFor: 0,
    }),

    /**
     * GET /api/teams/{teamId}/github/installation — `{teamId, installationId, account}` (200 `GITHUB200_1`);
     * 404 `GITHUB404_0` when the team has no GitHub App installation.
     */
    getGithubInstallation: build.query<GithubInstallation, number>({
      query: (teamId) => `/api/teams/${teamId}/github/installation`,
      transformResponse: unwrapResult<GithubInstallation>,
      providesTags: (_result, _error, teamId) => [githubInstallationTag(teamId)],
    }),

    /**
     * GET /api/teams/{teamId}/github/repositories — `GithubRepository[]` the installation can access (GitHub's
     * first page, possibly empty; the client uses the first). 404 `GITHUB404_0` when not linked, 502
     * `GITHUB502_0` when GitHub is unreachable or refuses.
     */
    getGithubRepositories: build.query<GithubRepository[], number>({
      query: (teamId) => `/api/teams/${teamId}/github/repositories`,
      transformResponse: unwrapResult<GithubRepository[]>,
      providesTags: (_result, _error, teamId) => [githubRepositoriesTag(teamId)],
    }),

    /**
     * DELETE /api/teams/{teamId}/github/installation — unlinks the team's GitHub App installation (result null,
     * 200 `GITHUB200_5`); the team's GITHUB externals stay. Workspace admins only: 403 `ROLE403_0`; 404
     * `GITHUB404_0` when the team is not linked (docs/security.md "Roles"). Makes that team's links flags,
     * installation and repositories stale.
     */
    disconnectGithub: build.mutation<null, number>({
      query: (teamId) => ({ url: `/api/teams/${teamId}/github/installation`, method: 'DELETE' }),
      transformResponse: unwrapResult<null>,
      invalidatesTags: (_result, _error, teamId) => [
        externalLinksTag(teamId),
        githubInstallationTag(teamId),
        githubRepositoriesTag(teamId),
      ],
    }),

    /**
     * DELETE /slack/link (no `/api` prefix) — unlinks the caller's workspace from Slack (result null, 200
     * `SLACK200_1`); SLACK externals stay. Slack is linked per workspace, so every team's links flags become
     * stale. Workspace admins only: 403 `ROLE403_0`; 404 `SLACK404_0` when not linked.
     */
    disconnectSlack: build.mutation<null, void>({
      query: () => ({ url: '/slack/link', method: 'DELETE' }),
      transformResponse: unwrapResult<null>,
      invalidatesTags: ['ExternalLinks'],
    }),
  }),
});

export const {
  useDisconnectGithubMutation,
  useDisconnectSlackMutation,
  useGetIntegrationAvailabilityQuery,
  useLazyGetGithubConnectUrlQuery,
  useLazyGetSlackConnectUrlQuery,
  useGetGithubInstallationQuery,
  useLazyGetGithubInstallationQuery,
  useGetGithubRepositoriesQuery,
  useLazyGetGithubRepositoriesQuery,
} = integrationsApi;

/** The action that marks every integration read stale (the complete pages dispatch it on mount). */
export const integrationsInvalidated = () => integrationsApi.util.invalidateTags([...INTEGRATION_TAGS]);
