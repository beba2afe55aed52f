/* global process, URL, console */
/**
 * A local OpenID Connect provider for the single sign-on tests (oidc-provider; docs/setup.md "Single sign-on (OpenID
 * Connect)"), run as a child process by oidc-provider.ts: oidc-provider is ESM-only with dependencies Jest's
 * CommonJS runtime cannot load, and its warnings (development keys, Node 20 runtime) stay in this process's stderr,
 * which the parent only shows when the provider fails to start.
 *
 * Input: one JSON argument `{ clients: [{ client_id, client_secret, redirect_uris }], accounts: { id: claims },
 * port? }` (no port: a free one).
 * Output: one line on stdout, `{"url":"http://127.0.0.1:<port>"}` (the issuer), once listening.
 * Interactions are answered without a form: the account is the authorization request's `login_hint` (the test adds
 * it to the URL Momentum sends the browser to), logged in and granted the requested scopes at once; an unknown
 * `login_hint` answers 400.
 * `POST /__test/clock?offset=<seconds>` moves this provider's clock (ID token `iat`/`exp`), e.g. -7200 issues ID
 * tokens that expired an hour ago.
 */
import http from 'node:http';

let clockOffsetMs = 0;
const realNow = Date.now;
Date.now = () => realNow() + clockOffsetMs;

const { default: Provider } = await import('oidc-provider');
const input = JSON.parse(process.argv[2] ?? '{}');
const accounts = input.accounts ?? {};

const server = http.createServer();
await new Promise((resolve) => server.listen(input.port ?? 0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: (input.clients ?? []).map((client) => ({
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    ...client,
  })),
  findAccount: (_ctx, id) =>
    accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined,
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'preferred_username', 'picture'],
  },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  pkce: { required: () => true },
  cookies: { keys: ['momentum-test-provider-cookie-key'] },
});

const handle = provider.callback();
server.on('request', async (req, res) => {
  try {
    const url = new URL(req.url, issuer);
    if (req.method === 'POST' && url.pathname === '/__test/clock') {
      clockOffsetMs = Number(url.searchParams.get('offset') ?? 0) * 1000;
      res.end('ok');
      return;
    }
    if (url.pathname.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(req, res);
      const accountId = String(details.params.login_hint ?? '');
      if (!accounts[accountId]) {
        res.statusCode = 400;
        res.end(`unknown login_hint ${accountId}`);
        return;
      }
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    await handle(req, res);
  } catch (error) {
    console.error(error);
    res.statusCode = 500;
    res.end(String(error));
  }
});

process.stdout.write(`${JSON.stringify({ url: issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
