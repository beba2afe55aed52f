import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  deriveIntegrationSecret,
  isLoopbackUrl,
  loadConfig,
  startupWarnings,
} from '../../server/config';
import { tempDir } from './support/test-app';

describe('loadConfig', () => {
  it('applies the documented defaults and resolves paths from the working directory', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      databaseUrl: undefined,
      dataDir,
      nodeEnv: 'development',
      isProduction: false,
      logLevel: 'info',
      staticDir: path.resolve(process.cwd(), 'dist'),
      rateLimitMax: 300,
      trustProxy: false,
      google: {
        clientId: undefined,
        authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      },
      kakao: {
        clientId: undefined,
        authorizationUrl: 'https://kauth.kakao.com/oauth/authorize',
        tokenUrl: 'https://kauth.kakao.com/oauth/token',
        userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
      },
    });
  });

  it('derives PUBLIC_URL from PORT, strips a trailing slash and marks https for Secure cookies', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '3999' }).publicUrl).toBe('http://localhost:3999');
    const https = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://momentum.example/' });
    expect(https.publicUrl).toBe('https://momentum.example');
    expect(https.secureCookies).toBe(true);
  });

  it('treats empty variables as unset and parses TRUST_PROXY and RATE_LIMIT_MAX', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', TRUST_PROXY: '1', RATE_LIMIT_MAX: '42' });
    expect(config.port).toBe(3000);
    expect(config.trustProxy).toBe(1);
    expect(config.rateLimitMax).toBe(42);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  describe('TRUST_PROXY', () => {
    const trustProxy = (value: string) => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;

    it('is off by default and for false', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
      expect(trustProxy('false')).toBe(false);
    });

    it('refuses true — it would let any client spoof its IP — and says what to set instead', () => {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems.every((p) => p.startsWith('TRUST_PROXY: '))).toBe(true);
      // Explains why and names both alternatives: a hop count and the proxy addresses.
      expect(problems).toContainEqual(
        expect.stringMatching(/X-Forwarded-For.*number of proxy hops.*proxy addresses/),
      );
      expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'yes' })).toThrow(/X-Forwarded-For/);
    });

    it('takes a number of proxy hops', () => {
      expect(trustProxy('1')).toBe(1);
      expect(trustProxy('2')).toBe(2);
    });

    it('takes a comma-separated list of addresses, CIDR ranges and proxy-addr names, trimmed', () => {
      expect(trustProxy('10.0.0.1, 10.1.0.0/16,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
      expect(trustProxy('fd00::/8,::1, linklocal,uniquelocal')).toEqual([
        'fd00::/8',
        '::1',
        'linklocal',
        'uniquelocal',
      ]);
    });

    it.each([
      '10.0.0.999',
      'foo',
      '10.0.0.1,foo',
      '10.0.0.0/33',
      '10.0.0.1/',
      '100',
      '-1',
      '1.5',
      '10.0.0.1,,',
    ])('refuses %j', (value) => {
      expect(() => trustProxy(value)).toThrow(ConfigError);
      expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: must be false, a number of hops \(1–99\)/);
    });
  });

  it('generates the JWT secret once outside production, stores it with mode 0600 and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecretSource).toBe('generated');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecretSource).toBe('file');
    expect(second.jwtSecret).toBe(first.jwtSecret);

    // An explicit JWT_SECRET wins and leaves the file alone.
    const explicit = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    expect(explicit.jwtSecret).toBe('x'.repeat(40));
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
  });

  it('requires JWT_SECRET in production and writes no secret file', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      /JWT_SECRET: required in production/,
    );
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) }).isProduction,
    ).toBe(true);
  });

  it('lists every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'abc',
        PUBLIC_URL: 'not a url',
        RATE_LIMIT_MAX: '0',
        JWT_SECRET: 'short',
        NODE_ENV: 'staging',
        DATABASE_URL: 'mysql://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const key of ['PORT', 'PUBLIC_URL', 'RATE_LIMIT_MAX', 'JWT_SECRET', 'NODE_ENV', 'DATABASE_URL']) {
      expect(message).toMatch(new RegExp(`- ${key}: `));
    }
    expect((error as ConfigError).problems).toHaveLength(6);
  });

  it('rejects a stored secret that is too short instead of using it', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'too-short\n', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/fewer than 32 characters/);
  });

  it('needs the Google client secret with the client id, but not the Kakao one', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ DATA_DIR: dataDir, KAKAO_CLIENT_ID: 'id' }).kakao.clientId).toBe('id');
  });

  describe('integrations (GitHub App, Slack)', () => {
    const pem = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    }).privateKey;

    it('are unconfigured by default, with the documented URLs and a secret derived from JWT_SECRET', () => {
      const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'j'.repeat(40) });
      expect(config.github).toEqual({
        appId: undefined,
        slug: 'momentum-app',
        privateKey: undefined,
        apiUrl: 'https://api.github.com',
        webUrl: 'https://github.com',
      });
      expect(config.slack).toEqual({
        clientId: undefined,
        clientSecret: undefined,
        apiUrl: 'https://slack.com/api/',
        authorizeUrl: 'https://slack.com/oauth/v2/authorize',
        scopes: 'chat:write,chat:write.public,incoming-webhook',
      });
      expect(config.integrationSecretSource).toBe('derived');
      expect(config.integrationSecret).toBe(deriveIntegrationSecret('j'.repeat(40)));
      expect(config.integrationSecret).not.toContain('j'.repeat(10));
      const explicit = loadConfig({ DATA_DIR: tempDir(), INTEGRATION_SECRET: 'i'.repeat(32) });
      expect([explicit.integrationSecret, explicit.integrationSecretSource]).toEqual(['i'.repeat(32), 'env']);
    });

    it('GITHUB_WEBHOOK_SECRET: optional, at least 16 characters', () => {
      expect(
        loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'j'.repeat(40) }).github.webhookSecret,
      ).toBeUndefined();
      const set = loadConfig({
        DATA_DIR: tempDir(),
        JWT_SECRET: 'j'.repeat(40),
        GITHUB_WEBHOOK_SECRET: 'w'.repeat(16),
      });
      expect(set.github.webhookSecret).toBe('w'.repeat(16));
      expect(() =>
        loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'j'.repeat(40), GITHUB_WEBHOOK_SECRET: 'short' }),
      ).toThrow(/GITHUB_WEBHOOK_SECRET: must be at least 16 characters/);
    });

    it('read the GitHub key inline (with \\n escapes) or from a file, and normalize the URLs', () => {
      const dataDir = tempDir();
      const inline = loadConfig({
        DATA_DIR: dataDir,
        GITHUB_APP_ID: '123',
        GITHUB_APP_PRIVATE_KEY: pem.trim().replace(/\n/g, '\\n'),
        GITHUB_APP_CLIENT_ID: 'Iv1.client',
        GITHUB_APP_CLIENT_SECRET: 'client-secret',
        GITHUB_API_URL: 'http://127.0.0.1:4010/',
        GITHUB_WEB_URL: 'http://127.0.0.1:4010///',
        SLACK_CLIENT_ID: 'c',
        SLACK_CLIENT_SECRET: 's',
        SLACK_API_URL: 'http://127.0.0.1:4010/api',
        SLACK_SCOPES: 'chat:write,incoming-webhook',
      });
      expect(inline.github).toMatchObject({
        appId: '123',
        privateKey: pem,
        apiUrl: 'http://127.0.0.1:4010',
        webUrl: 'http://127.0.0.1:4010',
      });
      expect(inline.slack).toMatchObject({
        apiUrl: 'http://127.0.0.1:4010/api/',
        scopes: 'chat:write,incoming-webhook',
      });
      const file = path.join(dataDir, 'github-app.pem');
      fs.writeFileSync(file, pem);
      const fromFile = loadConfig({
        DATA_DIR: dataDir,
        GITHUB_APP_ID: '123',
        GITHUB_APP_PRIVATE_KEY_PATH: file,
        GITHUB_APP_CLIENT_ID: 'Iv1.client',
        GITHUB_APP_CLIENT_SECRET: 'client-secret',
      });
      expect(fromFile.github.privateKey).toBe(pem);
    });

    it('reject half-configured apps, bad keys and bad values, listing each', () => {
      let error: unknown;
      try {
        loadConfig({
          DATA_DIR: tempDir(),
          GITHUB_APP_ID: 'app',
          GITHUB_APP_PRIVATE_KEY: 'not a key',
          SLACK_CLIENT_ID: 'only-id',
          INTEGRATION_SECRET: 'short',
          GITHUB_API_URL: 'ftp://x',
        });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const key of ['GITHUB_APP_ID', 'INTEGRATION_SECRET', 'GITHUB_API_URL']) {
        expect(problems).toMatch(new RegExp(`${key}: `));
      }
      expect(() =>
        loadConfig({ DATA_DIR: tempDir(), GITHUB_APP_ID: '1', GITHUB_APP_PRIVATE_KEY: 'not a key' }),
      ).toThrow(/GITHUB_APP_PRIVATE_KEY: not a PEM private key/);
      expect(() => loadConfig({ DATA_DIR: tempDir(), GITHUB_APP_ID: '1' })).toThrow(
        /GITHUB_APP_PRIVATE_KEY: required/,
      );
      expect(() => loadConfig({ DATA_DIR: tempDir(), GITHUB_APP_PRIVATE_KEY: pem })).toThrow(
        /GITHUB_APP_ID: required/,
      );
      expect(() => loadConfig({ DATA_DIR: tempDir(), SLACK_CLIENT_ID: 'id' })).toThrow(
        /SLACK_CLIENT_SECRET: required/,
      );
      expect(() =>
        loadConfig({
          DATA_DIR: tempDir(),
          GITHUB_APP_ID: '1',
          GITHUB_APP_PRIVATE_KEY_PATH: '/nonexistent/key.pem',
        }),
      ).toThrow(/GITHUB_APP_PRIVATE_KEY_PATH: cannot read/);
    });
  });
});

describe('development sign-in switch (issue #23, docs/security.md "Development sign-in")', () => {
  it('isLoopbackUrl: localhost, *.localhost, 127.0.0.0/8 and [::1] only', () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST',
      'http://app.localhost:8080',
      'http://127.0.0.1:3000',
      'http://127.255.10.2',
      'http://[::1]:3000',
      'https://localhost',
    ]) {
      expect([url, isLoopbackUrl(url)]).toEqual([url, true]);
    }
    for (const url of [
      'http://localhost.example.com',
      'http://128.0.0.1',
      'http://10.0.0.1:3000',
      'http://0.0.0.0:3000',
      'http://[::2]',
      'http://127.0.0.256',
      'https://momentum.example',
      'not a url',
    ]) {
      expect([url, isLoopbackUrl(url)]).toEqual([url, false]);
    }
  });

  it('defaults: on for localhost outside production, off for a reachable PUBLIC_URL and in production', () => {
    const dataDir = tempDir();
    const JWT_SECRET = 'j'.repeat(40);
    const of = (env: Record<string, string>) => {
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET, ...env });
      return [config.devSignIn, config.devSignInSource];
    };
    expect(of({})).toEqual([true, 'default']);
    expect(of({ PUBLIC_URL: 'http://127.0.0.1:4000' })).toEqual([true, 'default']);
    expect(of({ PUBLIC_URL: 'https://momentum.example' })).toEqual([false, 'default']);
    expect(of({ NODE_ENV: 'production' })).toEqual([false, 'default']);
    expect(of({ NODE_ENV: 'production', DEV_SIGN_IN: 'false' })).toEqual([false, 'env']);
    expect(of({ PUBLIC_URL: 'https://momentum.example', DEV_SIGN_IN: '1' })).toEqual([true, 'env']);
    expect(of({ DEV_SIGN_IN: 'false' })).toEqual([false, 'env']);
    expect(of({ DEV_SIGN_IN: '' })).toEqual([true, 'default']);
    expect(() => loadConfig({ DATA_DIR: dataDir, DEV_SIGN_IN: 'maybe' })).toThrow(
      /DEV_SIGN_IN: must be true or false/,
    );
    // Never in production: switching it on there stops the start.
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET, NODE_ENV: 'production', DEV_SIGN_IN: 'true' }),
    ).toThrow(/DEV_SIGN_IN: cannot be true in production/);
  });

  it('startupWarnings: outside production on a non-loopback PUBLIC_URL, and DEV_SIGN_IN=true where others reach it', () => {
    const dataDir = tempDir();
    const JWT_SECRET = 'j'.repeat(40);
    const warnings = (env: Record<string, string>) =>
      startupWarnings(loadConfig({ DATA_DIR: dataDir, JWT_SECRET, ...env }));
    expect(warnings({})).toEqual([]);
    expect(warnings({ NODE_ENV: 'production', PUBLIC_URL: 'https://momentum.example' })).toEqual([]);
    expect(warnings({ PUBLIC_URL: 'http://10.0.0.5:3000' })).toEqual([
      expect.stringMatching(
        /^NODE_ENV=development on a non-loopback PUBLIC_URL \(http:\/\/10\.0\.0\.5:3000\)/,
      ),
    ]);
    expect(warnings({ PUBLIC_URL: 'http://localhost:3000', DEV_SIGN_IN: 'true' })).toEqual([]);
    expect(warnings({ PUBLIC_URL: 'http://10.0.0.5:3000', DEV_SIGN_IN: 'true' })).toHaveLength(2);
  });
});
