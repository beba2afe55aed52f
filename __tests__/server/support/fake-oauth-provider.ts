import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's and Kakao's OAuth endpoints (`/google/*`, `/kakao/*`) on an ephemeral port.
 * `approve()` plays the user consenting on the authorization page: it reads the authorization URL Momentum
 * redirected to and issues a one-time code bound to its PKCE challenge and redirect URI. The token endpoint then
 * checks what the real providers check: client authentication (Google: HTTP Basic; Kakao: `client_secret` in the
 * form body, Basic rejected), the code, the redirect URI, and `code_verifier` against the S256 challenge.
 */
export type FakeProviderName = 'google' | 'kakao';

export interface FakeClient {
  id: string;
  secret: string;
}

export interface TokenRequest {
  provider: FakeProviderName;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

interface PendingCode {
  provider: FakeProviderName;
  challenge: string;
  redirectUri: string;
  userinfo: unknown;
}

/** Userinfo value that makes the userinfo endpoint fail with 500. */
export const USERINFO_FAILS = Symbol('userinfo fails');

export interface FakeProvider {
  url: string;
  tokenRequests: TokenRequest[];
  approve(provider: FakeProviderName, authorizationUrl: URL, userinfo: unknown): string;
  close(): Promise<void>;
}

/**
 * The server environment that points Momentum's Google and Kakao clients at `fake` (`GOOGLE_*`, `KAKAO_*`: client
 * ids, secrets and the three endpoint URLs); only the providers given in `clients`.
 */
export function fakeProviderEnv(
  fake: Pick<FakeProvider, 'url'>,
  clients: Partial<Record<FakeProviderName, FakeClient>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [provider, client] of Object.entries(clients) as [FakeProviderName, FakeClient][]) {
    const prefix = provider.toUpperCase();
    Object.assign(env, {
      [`${prefix}_CLIENT_ID`]: client.id,
      [`${prefix}_CLIENT_SECRET`]: client.secret,
      [`${prefix}_AUTHORIZATION_URL`]: `${fake.url}/${provider}/authorize`,
      [`${prefix}_TOKEN_URL`]: `${fake.url}/${provider}/token`,
      [`${prefix}_USERINFO_URL`]: `${fake.url}/${provider}/userinfo`,
    });
  }
  return env;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeProvider(
  clients: Record<FakeProviderName, FakeClient>,
): Promise<FakeProvider> {
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, unknown>();
  const tokenRequests: TokenRequest[] = [];

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, providerSegment, endpoint] = url.pathname.split('/');
    if (providerSegment !== 'google' && providerSegment !== 'kakao') return send(404, { error: 'not_found' });
    const provider: FakeProviderName = providerSegment;
    const client = clients[provider];

    if (req.method === 'POST' && endpoint === 'token') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      const authorization = req.headers.authorization;
      tokenRequests.push({ provider, authorization, contentType: req.headers['content-type'], form });
      if (provider === 'google') {
        const expected = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
        if (authorization !== expected) return send(401, { error: 'invalid_client' });
      } else {
        if (authorization)
          return send(401, { error: 'invalid_client', error_description: 'use client_secret' });
        if (form.client_id !== client.id || form.client_secret !== client.secret) {
          return send(401, { error: 'invalid_client' });
        }
      }
      if (form.grant_type !== 'authorization_code') return send(400, { error: 'unsupported_grant_type' });
      const pending = form.code ? codes.get(form.code) : undefined;
      if (!pending || pending.provider !== provider) return send(400, { error: 'invalid_grant' });
      codes.delete(form.code!);
      if (form.redirect_uri !== pending.redirectUri) return send(400, { error: 'invalid_grant' });
      const challenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== pending.challenge) {
        return send(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      const accessToken = randomBytes(16).toString('hex');
      accessTokens.set(accessToken, pending.userinfo);
      return send(200, {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: 3599,
        ...(provider === 'google'
          ? { scope: 'openid email profile', id_token: 'header.payload.signature' }
          : { refresh_token: randomBytes(8).toString('hex'), refresh_token_expires_in: 5183999 }),
      });
    }

    if (req.method === 'GET' && endpoint === 'userinfo') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !accessTokens.has(token)) return send(401, { error: 'invalid_token' });
      const userinfo = accessTokens.get(token);
      if (userinfo === USERINFO_FAILS) return send(500, { error: 'server_error' });
      return send(200, userinfo);
    }

    return send(404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    tokenRequests,
    approve(provider, authorizationUrl, userinfo) {
      const params = authorizationUrl.searchParams;
      if (params.get('response_type') !== 'code') throw new Error('response_type must be code');
      if (params.get('client_id') !== clients[provider].id) throw new Error('unknown client_id');
      if (params.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 required');
      const challenge = params.get('code_challenge');
      const redirectUri = params.get('redirect_uri');
      if (!challenge || !redirectUri) throw new Error('code_challenge and redirect_uri required');
      const code = randomBytes(12).toString('base64url');
      codes.set(code, { provider, challenge, redirectUri, userinfo });
      return code;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
