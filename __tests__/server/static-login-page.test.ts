/**
 * The static login page's build (docs/performance.md "Lighthouse"), in Node as the build runs it: the login screen
 * rendered by renderLoginPage.tsx (emotion writes its rules next to the markup here, which the build extracts), and
 * scripts/build-login.mjs turning a built index.html into `onboarding/index.html`. In the server project: Node, no
 * jsdom (the page script's behaviour is tested in __tests__/client/features/onboarding/staticLogin.test.tsx).
 */
import { type TestDatabase, createTestApp, createTestDatabase } from './support/test-app';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { copy } from '../../src/shared/copy';
import { extractEmotionStyles, renderLoginPage } from '../../src/app/start/renderLoginPage';

describe('renderLoginPage in Node', () => {
  it('carries the styles of every element, the body styles and the error line, and the title', () => {
    const page = renderLoginPage();
    const classes = [...page.markup.matchAll(/class="([^"]+)"/g)].map((m) => m[1]!);
    expect(classes.length).toBeGreaterThan(8);
    for (const cls of classes) expect(page.css).toContain(`.${cls}{`);
    expect(page.css).toMatch(/body\{font-family:/);
    expect(page.css).toContain(`.${page.config.errorClass}{`);
    expect(page.markup).not.toContain('<style');
    expect(page.markup).toContain('data-provider="google"');
    expect(page.markup).toContain('data-provider="kakao"');
    expect(page.title).toBe('로그인 · Momentum');
    expect(page.config.oauthErrors).toEqual(copy.login.oauthErrors);
    expect(page.config.redirectFailed).toEqual({
      google: copy.login.googleRedirectFailed,
      kakao: copy.login.kakaoRedirectFailed,
      oidc: copy.login.oidcRedirectFailed,
    });
    // The company button is in the page, hidden until the server says it is configured.
    expect(page.markup).toMatch(/<button[^>]*data-provider="oidc"[^>]*hidden=""/);
  });

  it('moves emotion style tags out of the markup, in order', () => {
    expect(
      extractEmotionStyles(
        '<style data-emotion="css a">.a{x:1}</style><p class="a">1</p><style data-emotion="css b">.b{y:2}</style>',
      ),
    ).toEqual(['<p class="a">1</p>', '.a{x:1}.b{y:2}']);
  });
});

describe('scripts/build-login.mjs', () => {
  const root = path.resolve(__dirname, '../..');
  let out: string;
  beforeAll(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-login-page-'));
    fs.mkdirSync(path.join(out, 'assets'));
    // A built index.html as html-webpack-plugin minifies it, and the app's two stylesheets.
    fs.writeFileSync(
      path.join(out, 'index.html'),
      '<!doctype html><html lang=ko><head><meta charset=utf-8><title>Momentum</title>' +
        '<script src=/assets/early.1.js data-first-screen=/assets/workspace-start.1.js></script>' +
        '<link rel=icon href=/favicon.svg><script defer src=/assets/runtime.1.js></script>' +
        '<script defer src=/assets/main.1.js></script><link href=/assets/613.1.css rel=stylesheet>' +
        '<link href=/assets/main.1.css rel=stylesheet></head><body><noscript>x</noscript><div id=root></div></body></html>',
    );
    fs.writeFileSync(
      path.join(out, 'assets/613.1.css'),
      '/* licence */\n@font-face {\n\tfont-family: P;\n\tsrc: url(/assets/hangul.woff2);\n\tunicode-range: U+ac00-d7a3;\n}\n' +
        '@font-face {\n\tfont-family: P;\n\tsrc: url(/assets/greek.woff2);\n\tunicode-range: U+370-3ff;\n}\n',
    );
    fs.writeFileSync(path.join(out, 'assets/main.1.css'), 'html {\n  font-size: 62.5%;\n}\n');
    const script = `
      import { buildLoginPage } from ${JSON.stringify(path.join(root, 'scripts/build-login.mjs'))};
      await buildLoginPage({ root: ${JSON.stringify(root)}, outDir: ${JSON.stringify(out)},
        cssFiles: ['assets/613.1.css', 'assets/main.1.css'], scriptSrc: '/assets/login.1.js',
        define: { 'process.env.TERMS_URL': '"/terms.html"', 'process.env.LANDING_URL': '"/onboarding"' } });`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: 'pipe' });
  }, 60_000);
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  it('writes onboarding/index.html: the screen, one deferred script, inline CSS, no app script or stylesheet', () => {
    const html = fs.readFileSync(path.join(out, 'onboarding/index.html'), 'utf8');
    expect(html).toContain('<title>로그인 · Momentum</title>');
    expect([...html.matchAll(/<script\b[^>]*\bsrc="?([^" >]+)/g)].map((m) => m[1])).toEqual([
      '/assets/login.1.js',
    ]);
    expect(html).toMatch(/<script defer src="\/assets\/login\.1\.js"><\/script><\/head>/);
    expect(html).not.toMatch(/rel=stylesheet|workspace-start/);
    expect(html).toContain('<link rel=icon href=/favicon.svg>');
    // The Hangul subset (the page's text) is kept, the Greek one is not; the global CSS is inlined.
    expect(html).toContain('url(/assets/hangul.woff2)');
    expect(html).not.toContain('greek.woff2');
    expect(html).toContain('html{font-size:62.5%;}');
    expect(html).toMatch(/<div id="root"><main class="[^"]+">.*구글로 계속하기.*<\/main><\/div>/);
    const config = JSON.parse(
      /<script type="application\/json" id="login-config">(.*?)<\/script>/.exec(html)![1]!,
    );
    expect(config.oauthFailed).toBe(copy.login.oauthFailed);
    expect(fs.existsSync(path.join(out, 'onboarding/index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'onboarding/index.html.gz'))).toBe(true);
  });

  describe('served by the app (server/spa.ts: a directory index under STATIC_DIR)', () => {
    let testDb: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      testDb = await createTestDatabase();
      ({ app } = await createTestApp({ database: testDb.database, env: { STATIC_DIR: out } }));
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await testDb?.drop();
    });

    it('answers /onboarding (with or without a query, brotli or not) with the static page, not cached', async () => {
      const page = fs.readFileSync(path.join(out, 'onboarding/index.html'), 'utf8');
      for (const url of ['/onboarding', '/onboarding?error=oauth_denied', '/onboarding/']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toBe(page);
      }
      const br = await app.inject({
        method: 'GET',
        url: '/onboarding',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    });

    it('keeps index.html for every other client route, the onboarding steps included', async () => {
      const index = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
      for (const url of ['/', '/onboarding/loading', '/onboarding/workspace', '/workspace/team/3/issue']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(index);
      }
    });
  });
});
