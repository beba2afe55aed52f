import { type TestDatabase, createTestApp, tempDir, useTestApp } from '../support/test-app';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, envelopeSchema } from '../../../contract';
import { SignJWT } from 'jose';
import { type SignedInMember, asMember, signIn } from '../support/members';

/**
 * The HTTP foundation as a client sees it: envelopes for every failure, CORS, security headers, rate limits,
 * request ids, the API docs and the SPA fallback (docs/product.md "Errors and messages").
 */
let testDb: TestDatabase;
let app: FastifyInstance;
let limited: FastifyInstance;
const logLines: Record<string, unknown>[] = [];

const INDEX_HTML =
  '<!doctype html><html lang="ko"><head><title>Momentum</title></head><body><div id="root"></div></body></html>';
const ASSET_JS = `console.log(${JSON.stringify('모멘텀 '.repeat(200))});`;

function buildStaticDir(): string {
  const dir = tempDir('momentum-dist-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'main.3f2a9c1b7d.js'), ASSET_JS);
  fs.writeFileSync(path.join(dir, 'assets', 'main.3f2a9c1b7d.js.br'), zlib.brotliCompressSync(ASSET_JS));
  fs.writeFileSync(path.join(dir, 'assets', 'main.3f2a9c1b7d.js.gz'), zlib.gzipSync(ASSET_JS));
  return dir;
}

useTestApp(
  () => ({
    env: { STATIC_DIR: buildStaticDir(), LOG_LEVEL: 'info' },
    logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    beforeReady(instance) {
      const r = instance.withTypeProvider<ZodTypeProvider>();
      r.get('/api/test/boom', async () => {
        throw new TypeError('relation "secret_table" does not exist: SELECT password FROM secret_table');
      });
      r.post(
        '/api/test/echo',
        {
          schema: {
            body: z.object({ title: z.string().min(1).max(20), count: z.number().int() }),
            response: { 200: envelopeSchema(z.object({ title: z.string() })), 400: errorEnvelopeSchema },
          },
        },
        async (request) => ({
          isSuccess: true,
          code: 'COMMON200',
          message: '성공입니다.',
          result: { title: request.body.title },
        }),
      );
    },
  }),
  async (started) => {
    ({ app, testDb } = started);
    // Same database, a tiny rate limit, and no SPA build.
    limited = await started.another({ env: { RATE_LIMIT_MAX: '3' } });
  },
);

describe('envelope for routing failures', () => {
  it('answers GET /api/health with the health envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'COMMON200',
      message: '성공입니다.',
      result: { status: 'ok', database: testDb.database.kind },
    });
  });

  it('answers unknown /api routes with a 404 JSON envelope, never HTML', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/nope?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        isSuccess: false,
        code: 'COMMON404',
        message: '요청한 리소스를 찾을 수 없습니다.',
        result: null,
      });
    }
  });

  it('answers a wrong method with 405 and an Allow header listing the real methods', async () => {
    const health = await app.inject({ method: 'POST', url: '/api/health' });
    expect(health.statusCode).toBe(405);
    expect(health.headers.allow).toBe('GET, HEAD');
    expect(health.json()).toMatchObject({ isSuccess: false, code: 'COMMON405', result: null });

    const reissue = await app.inject({ method: 'GET', url: '/api/token/reissue' });
    expect(reissue.statusCode).toBe(405);
    expect(reissue.headers.allow).toBe('POST');

    // Parametric routes match too.
    const devForm = await app.inject({ method: 'DELETE', url: '/oauth2/authorization/google' });
    expect(devForm.statusCode).toBe(405);
    expect(devForm.headers.allow).toBe('GET, HEAD');
  });

  it('answers a badly encoded URL with a 400 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'COMMON400', result: null });
  });

  it('answers malformed JSON with 400 COMMON400_1', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "회의",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'COMMON400_1',
      message: '요청한 Body 타입이 잘못되었습니다.',
      result: null,
    });
  });

  it('answers invalid fields with 400 VALID400_1 and a Korean message per field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: '', count: 'three' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'VALID400_1',
      message: '잘못된 파라미터입니다.',
      result: { title: '값을 입력해 주세요.', count: '숫자 형식이어야 합니다.' },
    });

    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'a'.repeat(21) },
    });
    expect(tooLong.json().result).toEqual({ title: '20자 이하로 입력해 주세요.', count: '필수 항목입니다.' });

    const ok = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: '회의록', count: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toEqual({ title: '회의록' });
  });

  it('treats an empty JSON body as no body (validation, not a parse error)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALID400_1', result: { body: '필수 항목입니다.' } });
  });

  it('answers an unsupported content type with 415 and an oversized body with 413', async () => {
    const text = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'title=hi',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ isSuccess: false, code: 'COMMON415', result: null });

    const huge = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'x', count: 1, pad: 'y'.repeat(1024 * 1024 + 1) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ isSuccess: false, code: 'COMMON413', result: null });
  });
});

describe('unexpected errors', () => {
  it('answers 500 COMMON500 with only the request id, and logs the error under that id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'COMMON500',
      message: '서버 에러, 관리자에게 문의 바랍니다.',
      result: { requestId },
    });
    expect(res.body).not.toMatch(/secret_table|SELECT|TypeError|stack|at /);

    const logged = logLines.find((line) => line.reqId === requestId && line.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('secret_table');
  });
});

describe('request logs', () => {
  it('at info level, logs a request only when it fails with a 5xx (with its url and status), not every request', async () => {
    const fine = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fine.statusCode).toBe(200);
    expect(logLines.filter((line) => line.reqId === fine.headers['x-request-id'])).toEqual([]);

    const failed = await app.inject({ method: 'GET', url: '/api/test/boom?token=secret-value' });
    const lines = logLines.filter((line) => line.reqId === failed.headers['x-request-id']);
    expect(lines.map((line) => line.msg)).toEqual(['unhandled error', 'request completed']);
    expect(lines[1]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/test/boom?token=[redacted]' },
      res: { statusCode: 500 },
    });
  });
});

describe('request ids', () => {
  // Taking the header from a trusted proxy: __tests__/server/plugins/request-id.test.ts.
  it('without TRUST_PROXY, replaces any incoming X-Request-Id with its own', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-1234.abc' },
    });
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const bad = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nforged log' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS and security headers', () => {
  it('allows credentials from the PUBLIC_URL origin only', async () => {
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/token/reissue',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const other = await app.inject({
      method: 'OPTIONS',
      url: '/api/token/reissue',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const simple = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends a strict CSP and the other security headers on API and SPA responses', async () => {
    for (const url of ['/api/health', '/onboarding']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;" +
          "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';" +
          "form-action 'self'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // http PUBLIC_URL: no HSTS (it would pin localhost to https).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 COMMON429 with Retry-After once the per-minute budget is spent', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await limited.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    const res = await limited.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'COMMON429',
      message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
      result: null,
    });
  });

  it('does not count page loads and static files against the budget (one page load fetches dozens)', async () => {
    const remoteAddress = '10.0.0.9';
    for (let i = 0; i < 10; i++) {
      for (const url of ['/onboarding', '/assets/main.0123456789.js', '/uploads/profile/missing.webp']) {
        expect((await limited.inject({ method: 'GET', url, remoteAddress })).statusCode).not.toBe(429);
      }
    }
    expect((await limited.inject({ method: 'GET', url: '/api/health', remoteAddress })).statusCode).toBe(200);
  });

  it('limits the token and OAuth routes more strictly than the rest', async () => {
    // RATE_LIMIT_MAX=3 → auth routes allow ceil(3 / 10) = 1 request per minute each.
    expect((await limited.inject({ method: 'POST', url: '/api/token/logout' })).statusCode).toBe(200);
    const second = await limited.inject({ method: 'POST', url: '/api/token/logout' });
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('COMMON429');
  });
});

describe('rate limits per signed-in member (issue #23, docs/security.md "Rate limits")', () => {
  /** The production defaults: 300 a minute per address without a valid token, 600 per signed-in member. */
  let office: FastifyInstance;
  let members: SignedInMember[];
  const OFFICE_IP = '203.0.113.7';

  beforeAll(async () => {
    ({ app: office } = await createTestApp({ database: testDb.database, env: { RATE_LIMIT_MAX: '300' } }));
    // Signed in through `app` (its sign-in limit is higher); same database and JWT secret, so the tokens work here.
    members = [];
    for (let i = 0; i < 50; i++) members.push(await signIn(app, `직원${i}`));
  }, 60_000);

  afterAll(async () => {
    await office?.close();
  });

  /**
   * A signed-in read from the office address: `/api/health` (cheap; with a valid bearer it counts against the
   * member's budget like any route) or a route that needs the member (404 WORKSPACE404_0 before onboarding).
   */
  const read = (who: SignedInMember, url = '/api/workspace/setting') =>
    asMember(office, who, 'GET', url, { ip: OFFICE_IP });

  it('50 members behind one address at 300 requests a minute each are never refused; one member over 600 is', async () => {
    let refused = 0;
    for (let round = 0; round < 300; round++) {
      const answers = await Promise.all(
        members.map((m) => read(m, round % 10 === 0 ? '/api/workspace/setting' : '/api/health')),
      );
      refused += answers.filter((res) => res.statusCode === 429).length;
    }
    expect(refused).toBe(0);

    // One member keeps going: their own budget (600) runs out, and only theirs.
    const greedy = members[0]!;
    for (let i = 300; i < 600; i++) expect((await read(greedy)).statusCode).not.toBe(429);
    const over = await read(greedy);
    expect([over.statusCode, over.json().code]).toEqual([429, 'COMMON429']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read(members[1]!)).statusCode).not.toBe(429);
  }, 120_000);

  it('requests without a valid token keep the per-address budget; a forged token with a real member id is counted per address', async () => {
    const ip = '198.51.100.20';
    const anonymous = () => office.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
    for (let i = 0; i < 300; i++) expect((await anonymous()).statusCode).toBe(200);
    expect((await anonymous()).statusCode).toBe(429);

    // A token naming member 2's id but signed with another key: not verified, so keyed by the address (spent).
    const forged = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(members[2]!.memberId))
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('not-the-server-secret-0123456789abcdef'));
    const withForged = await asMember(office, null, 'GET', '/api/health', {
      ip,
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(withForged.statusCode).toBe(429);
    // The real member from the same address still has their own budget.
    const real = await asMember(office, members[2]!, 'GET', '/api/health', { ip });
    expect(real.statusCode).toBe(200);
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with the bearer scheme and the routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.title).toBe('Momentum API');
    expect(doc.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(doc.paths['/api/workspace/setting'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(doc.paths['/api/token/reissue'].post.responses)).toEqual(
      expect.arrayContaining(['200', '401']),
    );
    expect(doc.paths['/api/test/echo']).toBeDefined();
  });

  it('serves Swagger UI from same-origin files only (so it runs under the CSP)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)|<script[^>]+src="https?:/);
    const script = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });
});

describe('SPA serving', () => {
  it('answers client routes with index.html, not cached', async () => {
    for (const url of ['/', '/onboarding/loading', '/workspace/team/3/issue?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    }
    const head = await app.inject({ method: 'HEAD', url: '/onboarding' });
    expect(head.statusCode).toBe(200);
  });

  it('serves hashed assets as immutable, brotli-compressed when the browser accepts it', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/main.3f2a9c1b7d.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_JS);

    const plain = await app.inject({ method: 'GET', url: '/assets/main.3f2a9c1b7d.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_JS);
  });

  it('answers a missing asset with 404 instead of index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main.0000000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('answers client routes with a plain 503 before the SPA is built, API routes still work', async () => {
    // Another client address: this app's tiny budget is spent by the rate-limit tests above.
    const res = await limited.inject({
      method: 'GET',
      url: '/onboarding/loading',
      remoteAddress: '10.0.0.9',
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('npm run build');
  });
});
