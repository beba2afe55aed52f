/**
 * A fake GitHub (REST API + the App install page) and Slack (OAuth v2 + Web API) on one local HTTP origin, for the
 * server tests (__tests__/server/modules/integrations/integrations.test.ts) and the browser suite. Point the app at it with
 *   GITHUB_API_URL=<url>  GITHUB_WEB_URL=<url>  SLACK_API_URL=<url>/api/  SLACK_AUTHORIZE_URL=<url>/oauth/v2/authorize
 * (plus GITHUB_APP_ID, a GitHub App private key, GITHUB_APP_CLIENT_ID, GITHUB_APP_CLIENT_SECRET, SLACK_CLIENT_ID and
 * SLACK_CLIENT_SECRET of your choice).
 *
 * Run alone: `FAKE_PORT=4010 APP_PUBLIC_URL=http://localhost:3000 node --import tsx scripts/fake-integrations.ts`
 * (logs "fake integrations ready on <url>"; optional `FAKE_GITHUB_PUBLIC_KEY_PATH` makes it verify App JWTs,
 * optional `GITHUB_APP_CLIENT_ID` / `GITHUB_APP_CLIENT_SECRET` make it check the App's OAuth client).
 *
 * GitHub models an App with "Request user authorization (OAuth) during installation": installations belong to an
 * account, and each fake user can access some of them (`state.userInstallations`). By default installation 4242
 * (`momentum-fake-org`) is accessible to the user `momentum-fake-user`; tests add others with
 * `fake.addInstallation(id, account, users)` and choose what the install page installs, and as whom, with
 * `state.installPage`.
 *
 * GitHub routes (API at the root, like GitHub Enterprise without `/api/v3`):
 * - `GET /apps/:slug/installations/new?state=` — HTML page whose "Install" link goes to
 *   `${appPublicUrl}/api/github/installation/callback?code=…&installation_id=4242&setup_action=install&state=…`
 *   (`state.installPage`; `code` is a fresh one-time OAuth code, valid 10 minutes, bound to that user and
 *   installation);
 * - `POST /login/oauth/access_token` `{ client_id, client_secret, code }` — the code (once) → a user access token
 *   (`ghu_…`); like GitHub, a refusal is a 200 with `{ error: 'bad_verification_code' |
 *   'incorrect_client_credentials' }`; JSON with `Accept: application/json`, form-encoded otherwise;
 * - `GET /user/installations` (user token) — the installations the user can access;
 * - `GET /user/installations/:id/repositories` (user token) — the installation's repositories, 404 unless the user
 *   can access it;
 * - `GET /app/installations/:id` (App JWT) — the installation and its account, 404 for unknown ids;
 * - `POST /app/installations/:id/access_tokens` (App JWT) — an installation token (`ghs_…`, one hour);
 * - `GET /installation/repositories` (installation token) — `state.repositories`;
 * - `POST /repos/:owner/:repo/issues` (installation token) — records `{ title, body }` in `state.issues` and
 *   answers 201 with `number` and `html_url`;
 * - `PATCH /repos/:owner/:repo/issues/:number` (installation token) — records `{ state?, title? }` in
 *   `state.issueUpdates` and applies it to the recorded issue (404 for an issue it did not create).
 * App JWTs are checked for shape, `iss` and expiry, and — when `githubPublicKeyPem` is given — their RS256 signature.
 *
 * `GET /__fake/records` — `{ issues, messages }` recorded so far (the browser suite reads it).
 *
 * Slack routes:
 * - `GET /oauth/v2/authorize?client_id&scope&state&redirect_uri` — 302 to `redirect_uri?code=fake-code&state=…`
 *   (the installer "allowed" at once, choosing `#general`);
 * - `POST /api/oauth.v2.access` — exchanges `fake-code` for a bot token (`xoxb-…`) with `incoming_webhook`;
 * - `POST /api/chat.postMessage` (bot token) — records `{ channel, text }` in `state.messages`; answers
 *   `ok: false, error: 'channel_not_found'` while `state.failSlackPosting` is true;
 * - `POST /api/chat.getPermalink` — a permalink on this origin.
 */
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_INSTALLATION_ID = 4242;
export const FAKE_GITHUB_ACCOUNT = 'momentum-fake-org';
/** The GitHub user who clicks "Install" on the fake install page by default (may access installation 4242). */
export const FAKE_GITHUB_USER = 'momentum-fake-user';
/** How long an OAuth code of the install page can be exchanged (GitHub: 10 minutes). */
export const FAKE_GITHUB_CODE_TTL_MS = 10 * 60 * 1000;
export const FAKE_SLACK_CODE = 'fake-code';
export const FAKE_SLACK_TEAM = { id: 'T0FAKE0001', name: 'Fake Slack' };
export const FAKE_SLACK_CHANNEL = { id: 'C0FAKE0001', name: '#general' };

export interface FakeRepository {
  id: number;
  name: string;
  full_name: string;
  owner: { login: string; type: string };
  private: boolean;
  html_url: string;
  default_branch: string;
  description: string | null;
}

export interface FakeIssue {
  installationId: number;
  owner: string;
  repo: string;
  title: string;
  body: string;
  number: number;
  htmlUrl: string;
  /** `open` when created; changed by `PATCH …/issues/:number`. */
  state: 'open' | 'closed';
}

/** One `PATCH /repos/:owner/:repo/issues/:number` as the app sent it. */
export interface FakeIssueUpdate {
  installationId: number;
  owner: string;
  repo: string;
  number: number;
  state?: 'open' | 'closed';
  title?: string;
}

export interface FakeSlackMessage {
  token: string;
  channel: string;
  text: string;
  ts: string;
}

/** Mutable state of the fake: inspect what the app sent, or flip switches. */
export interface FakeIntegrationsState {
  /** Installation id → account login. */
  installations: Map<number, string>;
  /** GitHub user login → the installations that user can access (`GET /user/installations…`). */
  userInstallations: Map<string, Set<number>>;
  /** What the install page's "Install" link installs, and which user's OAuth code it carries. */
  installPage: { installationId: number; user: string };
  /** OAuth codes handed out by the install page and not yet exchanged (each works once). */
  oauthCodes: Map<string, { user: string; installationId: number; expiresAt: number }>;
  /** `POST /login/oauth/access_token` calls that handed out a user token (count). */
  oauthExchanges: number;
  /** Issued user access tokens → user login. */
  userTokens: Map<string, string>;
  repositories: FakeRepository[];
  issues: FakeIssue[];
  /** Issue updates (close, reopen, rename) received so far. */
  issueUpdates: FakeIssueUpdate[];
  /** Issued installation tokens → installation id. */
  installationTokens: Map<string, number>;
  /** App JWTs accepted so far (count). */
  appJwtCount: number;
  /** Bot tokens handed out by `oauth.v2.access`. */
  slackTokens: Set<string>;
  messages: FakeSlackMessage[];
  /** `chat.postMessage` answers `ok: false` while true. */
  failSlackPosting: boolean;
  /** GitHub API routes answer 503 while true. */
  failGithub: boolean;
}

export interface FakeIntegrationsOptions {
  /** Port to listen on (0 or absent: any free port). */
  port?: number;
  /** Host to bind (default 127.0.0.1). */
  host?: string;
  /** Origin of the Momentum app the browser uses (the install page links back to its callback). */
  appPublicUrl: string;
  /** PEM public key of the GitHub App: App JWT signatures are then verified (RS256). */
  githubPublicKeyPem?: string;
  /** Expected App JWT `iss` (the app id); any when absent. */
  githubAppId?: string;
  /** The App's OAuth client id and secret `/login/oauth/access_token` expects; any non-empty pair when absent. */
  githubClientId?: string;
  githubClientSecret?: string;
}

export interface FakeIntegrations {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  state: FakeIntegrationsState;
  /** Adds (or replaces) installation `id` of `account`, accessible to `users` (GitHub user logins). */
  addInstallation(id: number, account: string, users: string[]): void;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

async function readBody(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new HttpError(413, { message: 'Payload too large' });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      throw new HttpError(400, { message: 'Problems parsing JSON' });
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const base64urlJson = (part: string): Record<string, unknown> | null => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** Starts the fake. Resolves once it listens. */
export async function startFakeIntegrations(options: FakeIntegrationsOptions): Promise<FakeIntegrations> {
  const appPublicUrl = options.appPublicUrl.replace(/\/+$/, '');
  const publicKey = options.githubPublicKeyPem ? createPublicKey(options.githubPublicKeyPem) : null;
  let url = '';
  let nextIssueNumber = 1;
  let nextTs = 1;

  const state: FakeIntegrationsState = {
    installations: new Map([[FAKE_INSTALLATION_ID, FAKE_GITHUB_ACCOUNT]]),
    userInstallations: new Map([[FAKE_GITHUB_USER, new Set([FAKE_INSTALLATION_ID])]]),
    installPage: { installationId: FAKE_INSTALLATION_ID, user: FAKE_GITHUB_USER },
    oauthCodes: new Map(),
    oauthExchanges: 0,
    userTokens: new Map(),
    repositories: [],
    issues: [],
    issueUpdates: [],
    installationTokens: new Map(),
    appJwtCount: 0,
    slackTokens: new Set(),
    messages: [],
    failSlackPosting: false,
    failGithub: false,
  };

  /** `Authorization: Bearer <App JWT>`: shape, RS256, `iss`, `exp` (and the signature when a key is known). */
  const requireAppJwt = (request: http.IncomingMessage) => {
    const match = /^(?:Bearer|token)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const parts = match?.[1]?.split('.') ?? [];
    const header = parts.length === 3 ? base64urlJson(parts[0]!) : null;
    const claims = parts.length === 3 ? base64urlJson(parts[1]!) : null;
    const unauthorized = (why: string) =>
      new HttpError(401, { message: `A JSON web token could not be decoded (${why})` });
    if (!header || !claims) throw unauthorized('malformed');
    if (header.alg !== 'RS256') throw unauthorized('alg');
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp !== 'number' || claims.exp < now) throw unauthorized('expired');
    if (typeof claims.iat !== 'number' || claims.iat > now + 60) throw unauthorized('iat');
    if (options.githubAppId !== undefined && String(claims.iss) !== options.githubAppId)
      throw unauthorized('iss');
    if (publicKey) {
      const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
      const signature = Buffer.from(parts[2]!, 'base64url');
      if (!verify('RSA-SHA256', signed, publicKey, signature)) throw unauthorized('signature');
    }
    state.appJwtCount += 1;
  };

  /** `Authorization: token <installation token>` → the installation id. */
  const requireInstallationToken = (request: http.IncomingMessage): number => {
    const match = /^(?:Bearer|token)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const installationId = match ? state.installationTokens.get(match[1]!) : undefined;
    if (installationId === undefined) throw new HttpError(401, { message: 'Bad credentials' });
    return installationId;
  };

  /** `Authorization: token <user access token>` → the user's login. */
  const requireUserToken = (request: http.IncomingMessage): string => {
    const match = /^(?:Bearer|token)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const user = match ? state.userTokens.get(match[1]!) : undefined;
    if (user === undefined) throw new HttpError(401, { message: 'Bad credentials' });
    return user;
  };

  /** Whether `user` may access installation `id` (an existing installation the user was given). */
  const userMayAccess = (user: string, id: number): boolean =>
    state.installations.has(id) && (state.userInstallations.get(user)?.has(id) ?? false);

  const requireSlackToken = (request: http.IncomingMessage, body: Record<string, unknown>): string => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1] ?? (typeof body.token === 'string' ? body.token : '');
    if (!state.slackTokens.has(token)) throw new HttpError(200, { ok: false, error: 'invalid_auth' });
    return token;
  };

  const repositoriesOf = (login: string): FakeRepository[] =>
    state.repositories.length > 0
      ? state.repositories
      : ['momentum-demo', 'docs'].map((name, i) => ({
          id: 1000 + i,
          name,
          full_name: `${login}/${name}`,
          owner: { login, type: 'Organization' },
          private: i === 1,
          html_url: `${url}/${login}/${name}`,
          default_branch: 'main',
          description: i === 0 ? 'Momentum 연동 테스트 저장소' : null,
        }));

  async function route(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? '/', 'http://fake.invalid');
    const path = requestUrl.pathname;
    const method = request.method ?? 'GET';
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    let m: RegExpExecArray | null;

    // --- For the browser suite: what the app sent (GitHub issues, Slack messages).
    if (method === 'GET' && path === '/__fake/records') {
      return json(200, { issues: state.issues, messages: state.messages });
    }

    // --- GitHub web: the App install page.
    if (method === 'GET' && (m = /^\/apps\/([^/]+)\/installations\/new$/.exec(path))) {
      const slug = decodeURIComponent(m[1]!);
      const { installationId, user } = state.installPage;
      const code = `fakecode${randomBytes(10).toString('hex')}`;
      state.oauthCodes.set(code, { user, installationId, expiresAt: Date.now() + FAKE_GITHUB_CODE_TTL_MS });
      const callback = new URL(`${appPublicUrl}/api/github/installation/callback`);
      callback.searchParams.set('code', code);
      callback.searchParams.set('installation_id', String(installationId));
      callback.searchParams.set('setup_action', 'install');
      callback.searchParams.set('state', requestUrl.searchParams.get('state') ?? '');
      const account = state.installations.get(installationId) ?? `installation ${installationId}`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Install ${escapeHtml(slug)}</title>` +
          `</head><body><h1>Install ${escapeHtml(slug)}</h1>` +
          `<p>Fake GitHub: <strong>${escapeHtml(user)}</strong> installs the App on ` +
          `<strong>${escapeHtml(account)}</strong>.</p>` +
          `<a id="install" role="button" href="${escapeHtml(callback.toString())}">Install</a></body></html>`,
      );
      return;
    }

    // --- Slack web: the authorize page allows at once.
    if (method === 'GET' && path === '/oauth/v2/authorize') {
      const redirectUri = requestUrl.searchParams.get('redirect_uri');
      if (!redirectUri || !requestUrl.searchParams.get('client_id')) {
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('redirect_uri and client_id are required');
        return;
      }
      const target = new URL(redirectUri);
      target.searchParams.set('code', FAKE_SLACK_CODE);
      target.searchParams.set('state', requestUrl.searchParams.get('state') ?? '');
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }

    // --- Slack Web API.
    if (path.startsWith('/api/')) {
      if (method !== 'POST' && method !== 'GET')
        throw new HttpError(405, { ok: false, error: 'method_not_allowed' });
      const body = { ...Object.fromEntries(requestUrl.searchParams), ...(await readBody(request)) };
      const apiMethod = path.slice('/api/'.length);
      if (apiMethod === 'oauth.v2.access') {
        if (!body.client_id || !body.client_secret)
          return json(200, { ok: false, error: 'invalid_client_id' });
        if (body.code !== FAKE_SLACK_CODE) return json(200, { ok: false, error: 'invalid_code' });
        const token = `xoxb-fake-${randomBytes(12).toString('hex')}`;
        state.slackTokens.add(token);
        return json(200, {
          ok: true,
          app_id: 'A0FAKE0001',
          authed_user: { id: 'U0FAKE0001' },
          scope: 'chat:write,chat:write.public,incoming-webhook',
          token_type: 'bot',
          access_token: token,
          bot_user_id: 'U0FAKEBOT1',
          team: FAKE_SLACK_TEAM,
          enterprise: null,
          is_enterprise_install: false,
          incoming_webhook: {
            channel: FAKE_SLACK_CHANNEL.name,
            channel_id: FAKE_SLACK_CHANNEL.id,
            configuration_url: `${url}/services/B0FAKE`,
            url: `${url}/services/T0FAKE/B0FAKE/fake`,
          },
        });
      }
      if (apiMethod === 'chat.postMessage') {
        const token = requireSlackToken(request, body);
        if (state.failSlackPosting) return json(200, { ok: false, error: 'channel_not_found' });
        const channel = String(body.channel ?? '');
        const text = String(body.text ?? '');
        if (channel === '') return json(200, { ok: false, error: 'channel_not_found' });
        const ts = `1700000000.${String(nextTs++).padStart(6, '0')}`;
        state.messages.push({ token, channel, text, ts });
        return json(200, { ok: true, channel, ts, message: { type: 'message', text, ts } });
      }
      if (apiMethod === 'chat.getPermalink') {
        requireSlackToken(request, body);
        const channel = String(body.channel ?? '');
        const ts = String(body.message_ts ?? '');
        if (!state.messages.some((msg) => msg.channel === channel && msg.ts === ts)) {
          return json(200, { ok: false, error: 'message_not_found' });
        }
        return json(200, {
          ok: true,
          channel,
          permalink: `${url}/archives/${channel}/p${ts.replace('.', '')}`,
        });
      }
      return json(200, { ok: false, error: 'unknown_method' });
    }

    // --- GitHub REST API.
    if (state.failGithub) throw new HttpError(503, { message: 'Service unavailable (fake switch)' });
    // GitHub web: the OAuth code → a user access token (refusals are 200 with `error`, as GitHub answers).
    if (method === 'POST' && path === '/login/oauth/access_token') {
      const body = { ...Object.fromEntries(requestUrl.searchParams), ...(await readBody(request)) };
      const answer = (payload: Record<string, string | number>) => {
        if ((request.headers.accept ?? '').includes('application/json')) return json(200, payload);
        response.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
        response.end(new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString());
      };
      const clientId = typeof body.client_id === 'string' ? body.client_id : '';
      const clientSecret = typeof body.client_secret === 'string' ? body.client_secret : '';
      const clientOk =
        clientId !== '' &&
        clientSecret !== '' &&
        (options.githubClientId === undefined || clientId === options.githubClientId) &&
        (options.githubClientSecret === undefined || clientSecret === options.githubClientSecret);
      if (!clientOk) {
        return answer({
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
          error_uri: 'https://docs.github.com/apps/troubleshooting',
        });
      }
      const code = typeof body.code === 'string' ? body.code : '';
      const grant = state.oauthCodes.get(code);
      state.oauthCodes.delete(code);
      if (!grant || grant.expiresAt < Date.now()) {
        return answer({
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
          error_uri: 'https://docs.github.com/apps/troubleshooting',
        });
      }
      const token = `ghu_fake${randomBytes(16).toString('hex')}`;
      state.userTokens.set(token, grant.user);
      state.oauthExchanges += 1;
      return answer({
        access_token: token,
        expires_in: 28_800,
        refresh_token: `ghr_fake${randomBytes(16).toString('hex')}`,
        refresh_token_expires_in: 15_811_200,
        scope: '',
        token_type: 'bearer',
      });
    }
    if (method === 'GET' && path === '/user/installations') {
      const user = requireUserToken(request);
      const ids = [...(state.userInstallations.get(user) ?? [])].filter((id) => state.installations.has(id));
      return json(200, {
        total_count: ids.length,
        installations: ids.map((id) => {
          const login = state.installations.get(id)!;
          return { id, account: { login, id: 90_000 + id, type: 'Organization' }, app_slug: 'momentum-app' };
        }),
      });
    }
    if (method === 'GET' && (m = /^\/user\/installations\/(\d+)\/repositories$/.exec(path))) {
      const user = requireUserToken(request);
      const id = Number(m[1]);
      if (!userMayAccess(user, id)) throw new HttpError(404, { message: 'Not Found' });
      const all = repositoriesOf(state.installations.get(id)!);
      const perPage = Math.min(100, Math.max(1, Number(requestUrl.searchParams.get('per_page') ?? 30) || 30));
      return json(200, {
        total_count: all.length,
        repository_selection: 'all',
        repositories: all.slice(0, perPage),
      });
    }
    if (method === 'GET' && (m = /^\/app\/installations\/(\d+)$/.exec(path))) {
      requireAppJwt(request);
      const id = Number(m[1]);
      const login = state.installations.get(id);
      if (login === undefined) throw new HttpError(404, { message: 'Not Found' });
      return json(200, {
        id,
        account: { login, id: 90_000 + id, type: 'Organization', html_url: `${url}/${login}` },
        app_slug: 'momentum-app',
        target_type: 'Organization',
        repository_selection: 'all',
        permissions: { issues: 'write', metadata: 'read' },
        events: ['issues'],
        created_at: '2026-01-01T00:00:00Z',
      });
    }
    if (method === 'POST' && (m = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path))) {
      requireAppJwt(request);
      const id = Number(m[1]);
      if (!state.installations.has(id)) throw new HttpError(404, { message: 'Not Found' });
      const token = `ghs_fake${randomBytes(16).toString('hex')}`;
      state.installationTokens.set(token, id);
      return json(201, {
        token,
        expires_at: new Date(Date.now() + 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        permissions: { issues: 'write', metadata: 'read' },
        repository_selection: 'all',
      });
    }
    if (method === 'GET' && path === '/installation/repositories') {
      const id = requireInstallationToken(request);
      const repositories = repositoriesOf(state.installations.get(id) ?? FAKE_GITHUB_ACCOUNT);
      return json(200, { total_count: repositories.length, repository_selection: 'all', repositories });
    }
    if (method === 'POST' && (m = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(path))) {
      const installationId = requireInstallationToken(request);
      const body = await readBody(request);
      const owner = decodeURIComponent(m[1]!);
      const repo = decodeURIComponent(m[2]!);
      if (typeof body.title !== 'string' || body.title === '') {
        throw new HttpError(422, {
          message: 'Validation Failed',
          errors: [{ field: 'title', code: 'missing' }],
        });
      }
      const number = nextIssueNumber++;
      const htmlUrl = `${url}/${owner}/${repo}/issues/${number}`;
      state.issues.push({
        installationId,
        owner,
        repo,
        title: body.title,
        body: typeof body.body === 'string' ? body.body : '',
        number,
        htmlUrl,
        state: 'open',
      });
      return json(201, {
        id: 500_000 + number,
        number,
        title: body.title,
        body: body.body ?? null,
        state: 'open',
        html_url: htmlUrl,
        url: `${url}/repos/${owner}/${repo}/issues/${number}`,
      });
    }
    if (method === 'PATCH' && (m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)$/.exec(path))) {
      const installationId = requireInstallationToken(request);
      const body = await readBody(request);
      const owner = decodeURIComponent(m[1]!);
      const repo = decodeURIComponent(m[2]!);
      const number = Number(m[3]);
      const issue = state.issues.find(
        (i) =>
          i.owner.toLowerCase() === owner.toLowerCase() &&
          i.repo.toLowerCase() === repo.toLowerCase() &&
          i.number === number,
      );
      if (!issue) throw new HttpError(404, { message: 'Not Found' });
      if (body.state !== undefined && body.state !== 'open' && body.state !== 'closed') {
        throw new HttpError(422, {
          message: 'Validation Failed',
          errors: [{ field: 'state', code: 'invalid' }],
        });
      }
      if (body.title !== undefined && (typeof body.title !== 'string' || body.title === '')) {
        throw new HttpError(422, {
          message: 'Validation Failed',
          errors: [{ field: 'title', code: 'invalid' }],
        });
      }
      const update: FakeIssueUpdate = { installationId, owner, repo, number };
      if (body.state !== undefined) update.state = body.state as 'open' | 'closed';
      if (body.title !== undefined) update.title = body.title as string;
      state.issueUpdates.push(update);
      if (update.state) issue.state = update.state;
      if (update.title) issue.title = update.title;
      return json(200, {
        id: 500_000 + number,
        number,
        title: issue.title,
        body: issue.body,
        state: issue.state,
        html_url: issue.htmlUrl,
      });
    }
    throw new HttpError(404, { message: 'Not Found' });
  }

  const server = http.createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const body = error instanceof HttpError ? error.body : { message: String(error) };
      if (!response.headersSent)
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url,
    state,
    addInstallation: (id, account, users) => {
      state.installations.set(id, account);
      for (const user of users) {
        const ids = state.userInstallations.get(user) ?? new Set<number>();
        ids.add(id);
        state.userInstallations.set(user, ids);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `node --import tsx scripts/fake-integrations.ts`: FAKE_PORT, APP_PUBLIC_URL, FAKE_GITHUB_PUBLIC_KEY_PATH,
 * GITHUB_APP_ID, GITHUB_APP_CLIENT_ID, GITHUB_APP_CLIENT_SECRET.
 */
async function main(): Promise<void> {
  const fs = await import('node:fs');
  const keyPath = process.env.FAKE_GITHUB_PUBLIC_KEY_PATH;
  const fake = await startFakeIntegrations({
    port: Number(process.env.FAKE_PORT ?? 4010),
    host: process.env.FAKE_HOST ?? '127.0.0.1',
    appPublicUrl: process.env.APP_PUBLIC_URL ?? 'http://localhost:3000',
    ...(keyPath ? { githubPublicKeyPem: fs.readFileSync(keyPath, 'utf8') } : {}),
    ...(process.env.GITHUB_APP_ID ? { githubAppId: process.env.GITHUB_APP_ID } : {}),
    ...(process.env.GITHUB_APP_CLIENT_ID ? { githubClientId: process.env.GITHUB_APP_CLIENT_ID } : {}),
    ...(process.env.GITHUB_APP_CLIENT_SECRET
      ? { githubClientSecret: process.env.GITHUB_APP_CLIENT_SECRET }
      : {}),
  });
  console.log(`fake integrations ready on ${fake.url}`);
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Run directly (not when imported by tests: Jest's argv[1] is its own binary).
if (/fake-integrations\.[cm]?[jt]s$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
