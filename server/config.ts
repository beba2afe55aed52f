import { createPrivateKey, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Server configuration, read once from the environment (`loadConfig`) and passed down explicitly.
 * Paths are resolved against `process.cwd()` (never `import.meta`: Jest runs the server as CommonJS).
 */
export interface OAuthProviderConfig {
  /** Unset → the provider is "not configured" (development sign-in outside production). */
  clientId: string | undefined;
  clientSecret: string | undefined;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

/**
 * The company's OpenID Connect provider (docs/setup.md "Single sign-on (OpenID Connect)"): `OIDC_ISSUER`,
 * `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET` all set, or none (then `AppConfig.oidc` is null and no button shows).
 * Endpoints come from the issuer's discovery document, fetched at the first sign-in (server/modules/auth/oidc.ts).
 */
export interface OidcConfig {
  /** Issuer identifier exactly as the provider's discovery document gives it (a trailing slash matters), e.g. `https://login.microsoftonline.com/<tenant>/v2.0`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's company name (`OIDC_DISPLAY_NAME`, default `사내 계정`): "{displayName}(으)로 계속하기". */
  displayName: string;
  /** Requested scopes, space-separated (`OIDC_SCOPES`, default `openid email profile`; `openid` always included). */
  scopes: string;
}

/**
 * The GitHub App of the integration (docs/product.md "Integrations"; contract/integrations.ts).
 * `appId` and `privateKey` are both set or both unset; unset → "not configured" (`GET /api/github/connect` answers
 * 503 `GITHUB503_0`, GITHUB externals are saved with `sync.ok: false`).
 */
export interface GithubAppConfig {
  /** `GITHUB_APP_ID`, the App's numeric id (the `iss` of its JWTs). */
  appId: string | undefined;
  /** `GITHUB_APP_SLUG`: `${webUrl}/apps/${slug}/installations/new` is the install page. */
  slug: string;
  /** PEM (PKCS#1 or PKCS#8) from `GITHUB_APP_PRIVATE_KEY` (`\n` escapes allowed) or `GITHUB_APP_PRIVATE_KEY_PATH`. */
  privateKey: string | undefined;
  /** REST API base without a trailing slash (`https://api.github.com`; a fake in tests). */
  apiUrl: string;
  /** Web origin of the install page without a trailing slash (`https://github.com`). */
  webUrl: string;
  /**
   * `GITHUB_APP_CLIENT_ID` / `GITHUB_APP_CLIENT_SECRET`: the App's OAuth client. Required with `appId`: the App must
   * have "Request user authorization (OAuth) during installation" on, and the installation callback exchanges the
   * `code` GitHub sends with it for a user token, to check that the installing user can access the installation
   * (docs/security.md "GitHub installations").
   */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /**
   * `GITHUB_WEBHOOK_SECRET` (≥ 16 characters): the App's webhook secret. `POST /api/github/webhook` verifies every
   * delivery's `X-Hub-Signature-256` (HMAC-SHA256 of the raw body) with it; unset → the webhook answers 503
   * `GITHUB503_0` and accepts nothing (unsigned payloads are never trusted). Independent of `appId`/`privateKey`.
   */
  webhookSecret: string | undefined;
}

/** The Slack app (OAuth v2 install per workspace). Client id and secret both set or both unset (503 `SLACK503_0`). */
export interface SlackAppConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Web API base with a trailing slash (`https://slack.com/api/`), given to `WebClient` as `slackApiUrl`. */
  apiUrl: string;
  /** The OAuth v2 authorize page. */
  authorizeUrl: string;
  /** Comma-separated bot scopes; `incoming-webhook` makes Slack ask the installer for the channel we post to. */
  scopes: string;
}

/**
 * Prometheus metrics exposure (docs/observability.md "Enabling metrics"). `mode`:
 * - `off` (default): no `/metrics` anywhere (the app's `/metrics` answers 404) and no per-request metrics hook;
 * - `token`: `GET /metrics` on the app's own port, with `Authorization: Bearer <METRICS_TOKEN>` (else 401);
 * - `port`: a separate listener on `host:port` serving only `GET /metrics` (the token too, when one is set);
 *   the app's port has no `/metrics`.
 */
export interface MetricsConfig {
  mode: 'off' | 'token' | 'port';
  /** `METRICS_TOKEN` (≥ 16 visible characters, no spaces). */
  token: string | undefined;
  /** `METRICS_PORT` (0 = any free port, for tests). */
  port: number | undefined;
  /** `METRICS_HOST`: the internal listener's address (default `127.0.0.1`, reachable from this machine only). */
  host: string;
}

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  port: number;
  host: string;
  /** Origin (and optional path-less base) the browser uses, without a trailing slash, e.g. `http://localhost:3000`. */
  publicUrl: string;
  /** True when `publicUrl` is https: cookies get `Secure`, HSTS is sent. */
  secureCookies: boolean;
  /** Unset → file-backed PGlite under `${dataDir}/pglite`; `memory://` → in-memory PGlite; else PostgreSQL. */
  databaseUrl: string | undefined;
  /** Absolute path. */
  dataDir: string;
  /** HS256 key of the access tokens (≥ 32 characters). */
  jwtSecret: string;
  /** Where `jwtSecret` came from (the file is created with mode 0600 on first start outside production). */
  jwtSecretSource: 'env' | 'file' | 'generated';
  google: OAuthProviderConfig;
  kakao: OAuthProviderConfig;
  /** Generic OpenID Connect sign-in, or null when not configured (`OIDC_*`). */
  oidc: OidcConfig | null;
  /**
   * `SIGN_IN_ALLOWED_DOMAINS`: lower-case e-mail domains a sign-in (any provider) must have a verified e-mail in;
   * empty → any (docs/setup.md "Single sign-on (OpenID Connect)").
   */
  signInAllowedDomains: string[];
  nodeEnv: NodeEnv;
  isProduction: boolean;
  logLevel: LogLevel;
  /** Prometheus metrics (docs/observability.md); off unless `METRICS_TOKEN` or `METRICS_PORT` is set. */
  metrics: MetricsConfig;
  /** Absolute path of the built SPA (`npm run build` output). */
  staticDir: string;
  /** Requests per minute per IP across the app, for requests without a valid access token (`RATE_LIMIT_MAX`). */
  rateLimitMax: number;
  /**
   * Requests per minute per signed-in member (a valid bearer access token), whatever address they come from
   * (`RATE_LIMIT_MEMBER_MAX`; default twice `RATE_LIMIT_MAX`, 600). Issue #23, docs/security.md "Rate limits".
   */
  rateLimitMemberMax: number;
  /**
   * Which peers may set `X-Forwarded-*` (Fastify's `trustProxy`): `false` (default, nobody), a number of proxy hops
   * in front of the app, or a list of proxy addresses / CIDR ranges (`loopback`, `linklocal`, `uniquelocal` allowed).
   * Never `true`: trusting every peer lets any client choose the IP the rate limits see.
   */
  trustProxy: false | number | string[];
  /** Serve the OpenAPI document and Swagger UI at `/api/docs` (`API_DOCS`; default on outside production). */
  apiDocs: boolean;
  /**
   * The development sign-in form (`/oauth2/authorization/{provider}` without a client id, `POST /oauth2/dev/…`) and
   * the development clock (`POST /api/dev/clock`) — issue #23, docs/security.md "Development sign-in". Never in
   * production (`DEV_SIGN_IN=true` with `NODE_ENV=production` stops the start); otherwise `DEV_SIGN_IN` when set,
   * else on only with a loopback `PUBLIC_URL` (`isLoopbackUrl`).
   */
  devSignIn: boolean;
  /** Where `devSignIn` came from: the `DEV_SIGN_IN` variable, or the loopback default. */
  devSignInSource: 'env' | 'default';
  github: GithubAppConfig;
  slack: SlackAppConfig;
  /**
   * Key material of the integrations: signs their OAuth `state` and encrypts Slack bot tokens at rest (separate
   * HKDF subkeys, server/modules/integrations/crypto.ts). `INTEGRATION_SECRET`, else derived from `jwtSecret` with
   * HKDF-SHA256 — then changing JWT_SECRET makes stored Slack links unreadable (reconnect Slack).
   */
  integrationSecret: string;
  integrationSecretSource: 'env' | 'derived';
}

/** Thrown by `loadConfig` with one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const JWT_SECRET_MIN_LENGTH = 32;
export const JWT_SECRET_FILE = 'jwt-secret';
export const GITHUB_WEBHOOK_SECRET_MIN_LENGTH = 16;
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** An e-mail domain as `SIGN_IN_ALLOWED_DOMAINS` lists it: `example.co.kr` (labels of letters, digits, hyphens). */
const EMAIL_DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
export const OIDC_DEFAULT_DISPLAY_NAME = '사내 계정';
export const OIDC_DEFAULT_SCOPES = 'openid email profile';

/** Empty strings count as unset (a `.env` line `FOO=` must not override a default). */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());
const urlString = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
);
const intString = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .optional(),
  );

const envSchema = z.object({
  PORT: intString(0, 65535),
  HOST: optionalString,
  PUBLIC_URL: urlString,
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((v) => v === 'memory://' || /^postgres(ql)?:\/\//.test(v), 'must be postgres://… or memory://')
      .optional(),
  ),
  DATA_DIR: optionalString,
  JWT_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(JWT_SECRET_MIN_LENGTH, `must be at least ${JWT_SECRET_MIN_LENGTH} characters`).optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  KAKAO_CLIENT_ID: optionalString,
  KAKAO_CLIENT_SECRET: optionalString,
  GOOGLE_AUTHORIZATION_URL: urlString,
  GOOGLE_TOKEN_URL: urlString,
  GOOGLE_USERINFO_URL: urlString,
  KAKAO_AUTHORIZATION_URL: urlString,
  KAKAO_TOKEN_URL: urlString,
  KAKAO_USERINFO_URL: urlString,
  OIDC_ISSUER: urlString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_DISPLAY_NAME: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().min(1).max(30, 'must be at most 30 characters').optional(),
  ),
  OIDC_SCOPES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(
        /^[\x21\x23-\x5b\x5d-\x7e]+([ ,][\x21\x23-\x5b\x5d-\x7e]+)*$/,
        'must be scopes separated by spaces',
      )
      .optional(),
  ),
  SIGN_IN_ALLOWED_DOMAINS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .transform((v) =>
        v
          .split(',')
          .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
          .filter(Boolean),
      )
      .refine((list) => list.length > 0 && list.every((d) => EMAIL_DOMAIN.test(d)), {
        message: 'must be comma-separated e-mail domains, e.g. example.com,example.co.kr',
      })
      .optional(),
  ),
  NODE_ENV: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['development', 'test', 'production'], { error: 'must be development, test or production' })
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .min(METRICS_TOKEN_MIN_LENGTH, `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`)
      .optional(),
  ),
  METRICS_PORT: intString(0, 65535),
  METRICS_HOST: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .refine((v) => isIP(v) !== 0 || /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/i.test(v), {
        message: 'must be an IP address or a host name (e.g. 127.0.0.1, 0.0.0.0 or ::1)',
      })
      .optional(),
  ),
  STATIC_DIR: optionalString,
  RATE_LIMIT_MAX: intString(1, 1_000_000),
  RATE_LIMIT_MEMBER_MAX: intString(1, 1_000_000),
  TRUST_PROXY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .refine((v) => v !== 'true' && v !== 'yes', {
        message:
          "true would trust any client's X-Forwarded-For; give the number of proxy hops (e.g. 1) or the proxy " +
          'addresses (e.g. 10.0.0.5,10.1.0.0/16 or loopback)',
        abort: true,
      })
      .refine(
        (v) =>
          /^(false|no|0|[1-9][0-9]?)$/.test(v) || v.split(',').every((part) => isProxyAddress(part.trim())),
        {
          message:
            'must be false, a number of hops (1–99) or a comma-separated list of IP addresses or CIDR ranges',
        },
      )
      .optional(),
  ),
  DEV_SIGN_IN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  ),
  API_DOCS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  ),
  GITHUB_APP_ID: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, 'must be a whole number (the GitHub App ID)')
      .optional(),
  ),
  GITHUB_APP_SLUG: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/i, 'must be the GitHub App slug (letters, digits, hyphens)')
      .optional(),
  ),
  GITHUB_APP_PRIVATE_KEY: optionalString,
  GITHUB_APP_PRIVATE_KEY_PATH: optionalString,
  GITHUB_APP_CLIENT_ID: optionalString,
  GITHUB_APP_CLIENT_SECRET: optionalString,
  GITHUB_API_URL: urlString,
  GITHUB_WEB_URL: urlString,
  GITHUB_WEBHOOK_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(
        GITHUB_WEBHOOK_SECRET_MIN_LENGTH,
        `must be at least ${GITHUB_WEBHOOK_SECRET_MIN_LENGTH} characters`,
      )
      .optional(),
  ),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_API_URL: urlString,
  SLACK_AUTHORIZE_URL: urlString,
  SLACK_SCOPES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[a-z0-9:._-]+(,[a-z0-9:._-]+)*$/i, 'must be comma-separated Slack scopes')
      .optional(),
  ),
  INTEGRATION_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(JWT_SECRET_MIN_LENGTH, `must be at least ${JWT_SECRET_MIN_LENGTH} characters`).optional(),
  ),
});

const DEFAULTS = {
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  kakao: {
    authorizationUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
  },
  github: {
    slug: 'momentum-app',
    apiUrl: 'https://api.github.com',
    webUrl: 'https://github.com',
  },
  slack: {
    apiUrl: 'https://slack.com/api/',
    authorizeUrl: 'https://slack.com/oauth/v2/authorize',
    scopes: 'chat:write,chat:write.public,incoming-webhook',
  },
} as const;

/**
 * Whether `url`'s host is a loopback address: `localhost` (or a `*.localhost` name), 127.0.0.0/8, or `[::1]`. Only
 * such a server is reachable by nobody but the machine it runs on, so only there is the development sign-in on by
 * default (docs/security.md "Development sign-in").
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((o) => Number(o) <= 255) && octets[1] === '127';
}

/**
 * Warnings to log once at start (issue #23, docs/security.md "Development sign-in"): a server outside production
 * whose `PUBLIC_URL` is not a loopback address (others can reach it, yet it runs with development defaults), and
 * the development sign-in switched on for such a reachable server by `DEV_SIGN_IN=true`.
 */
export function startupWarnings(
  config: Pick<AppConfig, 'isProduction' | 'nodeEnv' | 'publicUrl' | 'devSignIn' | 'devSignInSource'>,
): string[] {
  const warnings: string[] = [];
  const loopback = isLoopbackUrl(config.publicUrl);
  if (!config.isProduction && !loopback) {
    warnings.push(
      `NODE_ENV=${config.nodeEnv} on a non-loopback PUBLIC_URL (${config.publicUrl}): this server is reachable ` +
        'by others but runs with development defaults; set NODE_ENV=production for a real deployment',
    );
  }
  if (config.devSignIn && !loopback) {
    warnings.push(
      'DEV_SIGN_IN=true: the development sign-in form and clock are on for a server others can reach — anyone ' +
        'can sign in as any name and email and move the clock; never do this with real data',
    );
  }
  return warnings;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An entry of `TRUST_PROXY`'s list: an IPv4/IPv6 address, optionally with a `/prefix`, or a proxy-addr name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** `TRUST_PROXY` (already validated) → Fastify's `trustProxy`: false, a hop count or the address list. */
function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined || /^(false|no|0)$/.test(value)) return false;
  if (/^[1-9][0-9]?$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/** `METRICS_*` rules beyond each variable's own (docs/observability.md "Enabling metrics"). */
function checkMetrics(e: z.infer<typeof envSchema>, port: number, problems: string[]): void {
  if (e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined) {
    problems.push(
      'METRICS_HOST: only used with METRICS_PORT (the internal metrics listener); set METRICS_PORT',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === port) {
    problems.push(`METRICS_PORT: must differ from PORT (${port}); the metrics listener is a separate port`);
  }
}

/** A sign-in provider's settings from its `<PREFIX>_*` variables; unset URLs fall back to the provider's own. */
function oauthProvider(
  e: z.infer<typeof envSchema>,
  prefix: 'GOOGLE' | 'KAKAO',
  defaults: Pick<OAuthProviderConfig, 'authorizationUrl' | 'tokenUrl' | 'userInfoUrl'>,
): OAuthProviderConfig {
  return {
    clientId: e[`${prefix}_CLIENT_ID`],
    clientSecret: e[`${prefix}_CLIENT_SECRET`],
    authorizationUrl: e[`${prefix}_AUTHORIZATION_URL`] ?? defaults.authorizationUrl,
    tokenUrl: e[`${prefix}_TOKEN_URL`] ?? defaults.tokenUrl,
    userInfoUrl: e[`${prefix}_USERINFO_URL`] ?? defaults.userInfoUrl,
  };
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** `OIDC_SCOPES` (spaces or commas) → space-separated, `openid` first and once. */
function oidcScopes(value: string | undefined): string {
  const scopes = (value ?? OIDC_DEFAULT_SCOPES).split(/[ ,]+/).filter(Boolean);
  return ['openid', ...new Set(scopes.filter((scope) => scope !== 'openid'))].join(' ');
}
const withTrailingSlash = (url: string) => `${withoutTrailingSlash(url)}/`;

/**
 * The GitHub App private key: `GITHUB_APP_PRIVATE_KEY` (PEM text; literal `\n` sequences, as one-line env files
 * carry them, become newlines) or the file at `GITHUB_APP_PRIVATE_KEY_PATH` (resolved from the working directory).
 * Must parse as a private key. Problems are appended to `problems`; returns undefined when unset or bad.
 */
function readGithubPrivateKey(
  inline: string | undefined,
  file: string | undefined,
  problems: string[],
): string | undefined {
  if (inline && file) {
    problems.push(
      'GITHUB_APP_PRIVATE_KEY_PATH: set either GITHUB_APP_PRIVATE_KEY or GITHUB_APP_PRIVATE_KEY_PATH',
    );
    return undefined;
  }
  let pem: string | undefined;
  let name = 'GITHUB_APP_PRIVATE_KEY';
  if (inline) {
    pem = inline.replace(/(?:\\r)?\\n/g, '\n');
  } else if (file) {
    name = 'GITHUB_APP_PRIVATE_KEY_PATH';
    const resolved = path.resolve(process.cwd(), file);
    try {
      pem = fs.readFileSync(resolved, 'utf8');
    } catch (error) {
      problems.push(`${name}: cannot read ${resolved} (${(error as Error).message})`);
      return undefined;
    }
  }
  if (pem === undefined) return undefined;
  pem = `${pem.trim()}\n`;
  try {
    createPrivateKey(pem);
  } catch {
    problems.push(
      `${name}: not a PEM private key (PKCS#1 "BEGIN RSA PRIVATE KEY" or PKCS#8 "BEGIN PRIVATE KEY")`,
    );
    return undefined;
  }
  return pem;
}

/** HKDF-SHA256 of the JWT secret, used as the integration secret when `INTEGRATION_SECRET` is unset. */
export function deriveIntegrationSecret(jwtSecret: string): string {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'momentum', 'momentum:integration-secret', 32)).toString(
    'base64url',
  );
}

/**
 * Reads and validates the configuration. Throws `ConfigError` listing every bad variable at once.
 * Side effect outside production when `JWT_SECRET` is unset: creates `${DATA_DIR}/jwt-secret` (0600) once and
 * reuses it on later starts, so sessions survive restarts of a fresh clone.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const nodeEnv: NodeEnv = e.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = e.PORT ?? 3000;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(process.cwd(), e.DATA_DIR ?? './data');

  const problems: string[] = [];
  if (isProduction && e.DEV_SIGN_IN === true) {
    problems.push(
      'DEV_SIGN_IN: cannot be true in production (anyone could sign in as anyone); unset it or set NODE_ENV',
    );
  }
  if (isProduction && !e.JWT_SECRET) {
    problems.push(`JWT_SECRET: required in production (at least ${JWT_SECRET_MIN_LENGTH} characters)`);
  }
  for (const p of ['GOOGLE', 'KAKAO'] as const) {
    if (!e[`${p}_CLIENT_ID`] && e[`${p}_CLIENT_SECRET`]) {
      problems.push(`${p}_CLIENT_ID: required when ${p}_CLIENT_SECRET is set`);
    }
  }
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) {
    problems.push('GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set (Google web clients need it)');
  }
  const oidcRequired = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const oidcSet = oidcRequired.filter((name) => e[name]);
  if (oidcSet.length > 0 && oidcSet.length < oidcRequired.length) {
    problems.push(
      `${oidcRequired.filter((name) => !e[name]).join(', ')}: required when ${oidcSet.join(', ')} ` +
        `${oidcSet.length === 1 ? 'is' : 'are'} set (single sign-on needs the issuer, client id and client secret)`,
    );
  }
  if (oidcSet.length === 0 && (e.OIDC_DISPLAY_NAME || e.OIDC_SCOPES)) {
    problems.push('OIDC_ISSUER: required when OIDC_DISPLAY_NAME or OIDC_SCOPES is set');
  }
  if (e.OIDC_ISSUER && /[?#]/.test(e.OIDC_ISSUER)) {
    problems.push('OIDC_ISSUER: must be the issuer identifier, without a query or fragment');
  }
  const githubPrivateKey = readGithubPrivateKey(
    e.GITHUB_APP_PRIVATE_KEY,
    e.GITHUB_APP_PRIVATE_KEY_PATH,
    problems,
  );
  const githubKeySet = Boolean(e.GITHUB_APP_PRIVATE_KEY || e.GITHUB_APP_PRIVATE_KEY_PATH);
  if (e.GITHUB_APP_ID && !githubKeySet) {
    problems.push(
      'GITHUB_APP_PRIVATE_KEY: required when GITHUB_APP_ID is set (or GITHUB_APP_PRIVATE_KEY_PATH)',
    );
  }
  if (e.GITHUB_APP_ID && (!e.GITHUB_APP_CLIENT_ID || !e.GITHUB_APP_CLIENT_SECRET)) {
    problems.push(
      'GITHUB_APP_CLIENT_ID, GITHUB_APP_CLIENT_SECRET: required when GITHUB_APP_ID is set (the installation ' +
        "callback verifies the installing user's access with the App's OAuth client)",
    );
  }
  if (!e.GITHUB_APP_ID && githubKeySet) {
    problems.push('GITHUB_APP_ID: required when a GitHub App private key is set');
  }
  if (Boolean(e.SLACK_CLIENT_ID) !== Boolean(e.SLACK_CLIENT_SECRET)) {
    problems.push(
      e.SLACK_CLIENT_ID
        ? 'SLACK_CLIENT_SECRET: required when SLACK_CLIENT_ID is set'
        : 'SLACK_CLIENT_ID: required when SLACK_CLIENT_SECRET is set',
    );
  }
  checkMetrics(e, port, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  let jwtSecret = e.JWT_SECRET;
  let jwtSecretSource: AppConfig['jwtSecretSource'] = 'env';
  if (!jwtSecret) {
    const result = readOrCreateJwtSecret(dataDir);
    jwtSecret = result.secret;
    jwtSecretSource = result.created ? 'generated' : 'file';
  }

  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret,
    jwtSecretSource,
    google: oauthProvider(e, 'GOOGLE', DEFAULTS.google),
    kakao: oauthProvider(e, 'KAKAO', DEFAULTS.kakao),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            displayName: e.OIDC_DISPLAY_NAME ?? OIDC_DEFAULT_DISPLAY_NAME,
            scopes: oidcScopes(e.OIDC_SCOPES),
          }
        : null,
    signInAllowedDomains: [...new Set(e.SIGN_IN_ALLOWED_DOMAINS ?? [])],
    nodeEnv,
    isProduction,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metrics: {
      mode: e.METRICS_PORT !== undefined ? 'port' : e.METRICS_TOKEN ? 'token' : 'off',
      token: e.METRICS_TOKEN,
      port: e.METRICS_PORT,
      host: e.METRICS_HOST ?? '127.0.0.1',
    },
    staticDir: path.resolve(process.cwd(), e.STATIC_DIR ?? './dist'),
    rateLimitMax: e.RATE_LIMIT_MAX ?? 300,
    rateLimitMemberMax: e.RATE_LIMIT_MEMBER_MAX ?? 2 * (e.RATE_LIMIT_MAX ?? 300),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    apiDocs: e.API_DOCS ?? !isProduction,
    devSignIn: !isProduction && (e.DEV_SIGN_IN ?? isLoopbackUrl(publicUrl)),
    devSignInSource: e.DEV_SIGN_IN === undefined ? 'default' : 'env',
    github: {
      appId: e.GITHUB_APP_ID,
      slug: e.GITHUB_APP_SLUG ?? DEFAULTS.github.slug,
      privateKey: githubPrivateKey,
      apiUrl: withoutTrailingSlash(e.GITHUB_API_URL ?? DEFAULTS.github.apiUrl),
      webUrl: withoutTrailingSlash(e.GITHUB_WEB_URL ?? DEFAULTS.github.webUrl),
      clientId: e.GITHUB_APP_CLIENT_ID,
      clientSecret: e.GITHUB_APP_CLIENT_SECRET,
      webhookSecret: e.GITHUB_WEBHOOK_SECRET,
    },
    slack: {
      clientId: e.SLACK_CLIENT_ID,
      clientSecret: e.SLACK_CLIENT_SECRET,
      apiUrl: withTrailingSlash(e.SLACK_API_URL ?? DEFAULTS.slack.apiUrl),
      authorizeUrl: e.SLACK_AUTHORIZE_URL ?? DEFAULTS.slack.authorizeUrl,
      scopes: e.SLACK_SCOPES ?? DEFAULTS.slack.scopes,
    },
    integrationSecret: e.INTEGRATION_SECRET ?? deriveIntegrationSecret(jwtSecret),
    integrationSecretSource: e.INTEGRATION_SECRET ? 'env' : 'derived',
  };
}

/** Reads `${dataDir}/jwt-secret`, or creates it (random 48 bytes, base64url, mode 0600) when absent. */
function readOrCreateJwtSecret(dataDir: string): { secret: string; created: boolean } {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length < JWT_SECRET_MIN_LENGTH) {
      throw new ConfigError([
        `JWT_SECRET: ${file} holds fewer than ${JWT_SECRET_MIN_LENGTH} characters; delete it to generate a new one`,
      ]);
    }
    return { secret, created: false };
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError([`JWT_SECRET: unset, and ${file} cannot be read (${(error as Error).message})`]);
    }
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    // `wx`: never overwrite a secret another process wrote meanwhile.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateJwtSecret(dataDir);
    throw new ConfigError([`JWT_SECRET: unset, and ${file} cannot be created (${(error as Error).message})`]);
  }
}
