import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * A local OpenID Connect provider (oidc-provider in a child process, oidc-provider-process.mjs) and a browser's part of the
 * sign-in against it: following the provider's redirects with its cookies until it sends the browser back to
 * Momentum. docs/setup.md "Single sign-on (OpenID Connect)".
 */
export interface TestOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** Claims of a test account (`sub` is its id). */
export type TestAccountClaims = Record<string, string | boolean>;

export interface TestOidcProvider {
  /** The issuer, `http://127.0.0.1:<port>`. */
  url: string;
  /** Moves the provider's clock by `seconds` (negative: ID tokens issued in the past); 0 puts it back. */
  setClock(seconds: number): Promise<void>;
  /**
   * The browser at the provider: opens `authorizationUrl` signed in as `account` (its `login_hint`), follows the
   * provider's redirects with its cookies, and returns the URL it finally sends the browser to (Momentum's redirect
   * URI with `code`, `state`, `iss`, or with `error`).
   */
  authorize(authorizationUrl: URL, account: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  clients: TestOidcClient[];
  accounts: Record<string, TestAccountClaims>;
  /** Listen on this port of 127.0.0.1 (default: a free one). */
  port?: number;
}): Promise<TestOidcProvider> {
  const script = path.join(__dirname, 'oidc-provider-process.mjs');
  const child: ChildProcess = spawn(process.execPath, [script, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`OIDC provider did not start:\n${stderr}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`OIDC provider exited (${code}):\n${stderr}`));
    });
  });

  return {
    url,
    async setClock(seconds) {
      const response = await fetch(`${url}/__test/clock?offset=${seconds}`, { method: 'POST' });
      if (!response.ok) throw new Error(`clock: ${response.status}`);
    },
    async authorize(authorizationUrl, account) {
      const cookies = new Map<string, string>();
      let next = new URL(authorizationUrl);
      next.searchParams.set('login_hint', account);
      for (let hop = 0; hop < 10; hop++) {
        if (next.origin !== url) return next;
        const response = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair] = header.split(';');
          const eq = pair!.indexOf('=');
          cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
        }
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(`OIDC provider answered ${response.status} at ${next}: ${await response.text()}`);
        }
        await response.arrayBuffer().catch(() => undefined);
        next = new URL(location, next);
      }
      throw new Error('OIDC provider: too many redirects');
    },
    async close() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
