import type { GithubRepository } from '../../../contract';
import type { GithubAppConfig } from '../../config';

/**
 * The GitHub App client (docs/product.md "Integrations"). `@octokit/app` signs the App JWT (RS256, `iss` = app id)
 * and exchanges it for installation
 * tokens (`POST /app/installations/{id}/access_tokens`), which Octokit caches per installation until shortly
 * before they expire. Base URL and credentials come from configuration, so tests and the browser suite run against
 * scripts/fake-integrations.ts. Every request times out after `GITHUB_TIMEOUT_MS`.
 */
export const GITHUB_TIMEOUT_MS = 10_000;

/**
 * A failed GitHub call. `notFound`: GitHub answered 404 (unknown installation, or a repository the installation
 * cannot see); `refused`: GitHub turned the request down (a 4xx other than a rate limit, or an OAuth `error` answer,
 * reported as 400); otherwise it was unreachable, timed out or failing (→ 502 `GITHUB502_0` where a route reports
 * it).
 */
export class GithubCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'GithubCallError';
  }

  get notFound(): boolean {
    return this.status === 404;
  }

  /** A 4xx answer other than 403/429 (which GitHub also uses for rate limits, i.e. "try again later"). */
  get refused(): boolean {
    return (
      this.status !== null &&
      this.status >= 400 &&
      this.status < 500 &&
      this.status !== 403 &&
      this.status !== 429
    );
  }
}

export interface GithubApi {
  /**
   * The OAuth code of the setup redirect (the App setting "Request user authorization (OAuth) during installation")
   * → the installing user's access token: `POST ${GITHUB_WEB_URL}/login/oauth/access_token` with the App's client
   * id and secret. A refused code (unknown, used, expired, or wrong client credentials: GitHub's `{ error }` answer)
   * throws a `refused` GithubCallError. The token is only used for `userCanAccessInstallation`; never stored.
   */
  exchangeUserCode(code: string): Promise<string>;
  /**
   * Whether the user of `userToken` can access the installation: `GET /user/installations/{id}/repositories`
   * (`per_page=1`) with the user token; GitHub answers 404 for an installation of another account (or an unknown
   * one) → false. Other failures throw.
   */
  userCanAccessInstallation(userToken: string, installationId: number): Promise<boolean>;
  /** `GET /app/installations/{id}` (App JWT) → the installing account's login (null if GitHub gives none). */
  installationAccount(installationId: number): Promise<string | null>;
  /** First page (≤ 30) of `GET /installation/repositories` with an installation token. */
  listRepositories(installationId: number): Promise<GithubRepository[]>;
  /** `POST /repos/{owner}/{repo}/issues` `{ title, body }` with an installation token → number and html_url. */
  createIssue(
    installationId: number,
    issue: { owner: string; repo: string; title: string; body: string },
  ): Promise<{ number: number; url: string }>;
  /**
   * `PATCH /repos/{owner}/{repo}/issues/{number}` with an installation token: `state` (`open` | `closed`) and/or
   * `title` (only the fields given are sent).
   */
  updateIssue(
    installationId: number,
    issue: { owner: string; repo: string; number: number; state?: 'open' | 'closed'; title?: string },
  ): Promise<void>;
}

/** `fetch` with a deadline, unless the caller passed its own signal. */
const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(GITHUB_TIMEOUT_MS) });

/** Runs a GitHub call, turning Octokit's errors (RequestError with `status`, network failures) into `GithubCallError`. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GithubCallError) throw error;
    const status = (error as { status?: unknown }).status;
    const code = typeof status === 'number' ? status : null;
    throw new GithubCallError(`${what}: ${(error as Error).message}`, code === 500 ? null : code);
  }
}

interface RepositoryPayload {
  id: number;
  name: string;
  full_name: string;
  owner: { login: string } | null;
  private: boolean;
  html_url: string;
  default_branch?: string | null;
  description?: string | null;
}

/** GitHub's repository JSON → `githubRepositorySchema`. */
export function toRepository(repo: RepositoryPayload): GithubRepository {
  return {
    id: repo.id,
    name: repo.name,
    fullName: repo.full_name,
    owner: repo.owner?.login ?? repo.full_name.split('/')[0] ?? '',
    private: repo.private,
    htmlUrl: repo.html_url,
    defaultBranch: repo.default_branch ?? null,
    description: repo.description ?? null,
  };
}

/** GitHub's answer to `POST /login/oauth/access_token` with `Accept: application/json`. */
interface AccessTokenPayload {
  access_token?: unknown;
  error?: unknown;
}

/**
 * The GitHub client for `config`, or null when the App is not configured (no id or private key; loadConfig also
 * requires the OAuth client id and secret with the id).
 */
export function createGithubApi(config: GithubAppConfig): GithubApi | null {
  if (!config.appId || !config.privateKey) return null;
  const { clientId, clientSecret } = config;
  /** The Octokit clients, made (and @octokit loaded) with the first call instead of at start-up (docs/performance.md
   * "Embedded database and speed"); one App for the process, so its installation tokens stay cached. */
  let clients: ReturnType<typeof makeClients> | null = null;
  const makeClients = async () => {
    const [{ App }, { Octokit }] = await Promise.all([import('@octokit/app'), import('@octokit/core')]);
    const GithubOctokit = Octokit.defaults({
      baseUrl: config.apiUrl,
      userAgent: 'momentum-app',
      request: { fetch: timedFetch },
    });
    // The user-token exchange is a plain Octokit request, not `app.oauth` (@octokit/oauth-app): that one derives the
    // web origin of `/login/oauth/access_token` from the API base URL and cannot take GITHUB_WEB_URL.
    const web = new GithubOctokit({ baseUrl: config.webUrl });
    const app = new App({
      appId: config.appId!,
      privateKey: config.privateKey!,
      Octokit: GithubOctokit,
      // Octokit logs deprecation notices and request failures through `log`; the callers report failures themselves.
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    });
    return { GithubOctokit, web, app };
  };
  const octokit = () => (clients ??= makeClients());

  return {
    exchangeUserCode: (code) =>
      call('POST /login/oauth/access_token', async () => {
        if (!clientId || !clientSecret) {
          throw new GithubCallError('GitHub App OAuth client id/secret not configured', null);
        }
        const { web } = await octokit();
        const { data } = await web.request('POST /login/oauth/access_token', {
          headers: { accept: 'application/json' },
          client_id: clientId,
          client_secret: clientSecret,
          code,
        });
        const payload = (typeof data === 'object' && data !== null ? data : {}) as AccessTokenPayload;
        if (typeof payload.access_token === 'string' && payload.access_token !== '')
          return payload.access_token;
        const error = typeof payload.error === 'string' ? payload.error.slice(0, 100) : 'no access_token';
        throw new GithubCallError(`POST /login/oauth/access_token: refused (${error})`, 400);
      }),

    userCanAccessInstallation: (userToken, installationId) =>
      call('GET /user/installations/{id}/repositories', async () => {
        const { GithubOctokit } = await octokit();
        const user = new GithubOctokit({ auth: userToken });
        try {
          await user.request('GET /user/installations/{installation_id}/repositories', {
            installation_id: installationId,
            per_page: 1,
          });
          return true;
        } catch (error) {
          if ((error as { status?: unknown }).status === 404) return false;
          throw error;
        }
      }),

    installationAccount: (installationId) =>
      call('GET /app/installations/{id}', async () => {
        const { app } = await octokit();
        const { data } = await app.octokit.request('GET /app/installations/{installation_id}', {
          installation_id: installationId,
        });
        const account = data.account as { login?: unknown; slug?: unknown } | null;
        const login = account?.login ?? account?.slug;
        return typeof login === 'string' ? login : null;
      }),

    listRepositories: (installationId) =>
      call('GET /installation/repositories', async () => {
        const { app } = await octokit();
        const installation = await app.getInstallationOctokit(installationId);
        const { data } = await installation.request('GET /installation/repositories', { per_page: 30 });
        return data.repositories.map((repo) => toRepository(repo as RepositoryPayload));
      }),

    createIssue: (installationId, issue) =>
      call('POST /repos/{owner}/{repo}/issues', async () => {
        const { app } = await octokit();
        const installation = await app.getInstallationOctokit(installationId);
        const { data } = await installation.request('POST /repos/{owner}/{repo}/issues', {
          owner: issue.owner,
          repo: issue.repo,
          title: issue.title,
          body: issue.body,
        });
        return { number: data.number, url: data.html_url };
      }),

    updateIssue: (installationId, issue) =>
      call('PATCH /repos/{owner}/{repo}/issues/{number}', async () => {
        const { app } = await octokit();
        const installation = await app.getInstallationOctokit(installationId);
        await installation.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', {
          owner: issue.owner,
          repo: issue.repo,
          issue_number: issue.number,
          ...(issue.state !== undefined ? { state: issue.state } : {}),
          ...(issue.title !== undefined ? { title: issue.title } : {}),
        });
      }),
  };
}
