import { type TestDatabase, useTestApp } from '../support/test-app';
import { type SignedInMember, asMember, signIn } from '../support/members';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { workspaceJoinFailure } from '../../../server/db/schema';

/**
 * `TRUST_PROXY` (security finding 3): only the configured proxies may say who the client is. A request from a
 * trusted proxy is attributed to the address in its `X-Forwarded-For`; any other peer is the client itself, whatever
 * `X-Forwarded-For` it sends — so a client can neither dodge the per-IP limits by inventing addresses nor spend
 * (or lock) somebody else's per-IP budget.
 */
const PROXY = '10.0.0.1';
const CLIENT = '203.0.113.7';
const SPOOFER = '198.51.100.9';

let testDb: TestDatabase;
/** Behind the proxy 10.0.0.1, with a tiny request budget (3 per minute per client IP). */
let limited: FastifyInstance;
/** Behind the proxy 10.0.0.1, with the usual generous test budget. */
let app: FastifyInstance;
/** Behind one proxy hop (`TRUST_PROXY=1`). */
let oneHop: FastifyInstance;

useTestApp({ env: { TRUST_PROXY: PROXY } }, async (started) => {
  ({ app, testDb } = started);
  limited = await started.another({ env: { TRUST_PROXY: PROXY, RATE_LIMIT_MAX: '3' } });
  oneHop = await started.another({ env: { TRUST_PROXY: '1' } });
});

/** `GET /api/health` from the peer `remoteAddress`, optionally with an `X-Forwarded-For` header. */
const health = (remoteAddress: string, forwardedFor?: string) =>
  limited.inject({
    method: 'GET',
    url: '/api/health',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('rate limit per client IP behind TRUST_PROXY=10.0.0.1', () => {
  it('counts requests forwarded by the trusted proxy against the forwarded client, not the proxy', async () => {
    for (let i = 0; i < 3; i++) expect((await health(PROXY, CLIENT)).statusCode).toBe(200);
    const limitedClient = await health(PROXY, CLIENT);
    expect(limitedClient.statusCode).toBe(429);
    expect(limitedClient.json().code).toBe('COMMON429');
    expect(Number(limitedClient.headers['retry-after'])).toBeGreaterThan(0);

    // The same client reaching the app directly shares that budget: it is one client.
    expect((await health(CLIENT)).statusCode).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect((await health(PROXY, '203.0.113.8')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from an untrusted peer: the spoofer neither uses nor dodges a budget', async () => {
    const victim = '203.0.113.30';
    for (let i = 0; i < 3; i++) expect((await health(PROXY, victim)).statusCode).toBe(200);
    expect((await health(PROXY, victim)).statusCode).toBe(429);

    // Claiming to be the (limited) victim does not matter: the request counts as the spoofer's own first.
    expect((await health(SPOOFER, victim)).statusCode).toBe(200);
    // Inventing a new address per request does not dodge the limit either.
    expect((await health(SPOOFER, '203.0.113.31')).statusCode).toBe(200);
    expect((await health(SPOOFER, '203.0.113.32')).statusCode).toBe(200);
    const spent = await health(SPOOFER, '203.0.113.33');
    expect(spent.statusCode).toBe(429);
    expect(spent.json().code).toBe('COMMON429');
    // …and none of it was charged to the addresses it named.
    expect((await health(PROXY, '203.0.113.33')).statusCode).toBe(200);
  });
});

describe('join lockout per client IP', () => {
  let joiner: SignedInMember;
  beforeAll(async () => {
    joiner = await signIn(app, '프록시 뒤');
  });

  /** A failed join (unknown token) by `joiner` through `target`; returns the client IP the failure counted against. */
  async function failedJoinIp(target: FastifyInstance, remoteAddress: string, forwardedFor: string) {
    const res = await asMember(target, joiner, 'POST', '/api/workspace/join', {
      payload: { token: 'no-such-invite-token', password: 'abcd1234' },
      ip: remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    expect(res.statusCode).toBe(404);
    const [latest] = await testDb.database.db
      .select({ ip: workspaceJoinFailure.ip })
      .from(workspaceJoinFailure)
      .where(eq(workspaceJoinFailure.memberId, joiner.memberId))
      .orderBy(desc(workspaceJoinFailure.id))
      .limit(1);
    return latest?.ip;
  }

  it('counts a failure through the trusted proxy against the forwarded client, a spoofed one against the peer', async () => {
    expect(await failedJoinIp(app, PROXY, CLIENT)).toBe(CLIENT);
    expect(await failedJoinIp(app, SPOOFER, CLIENT)).toBe(SPOOFER);
  });

  it('with TRUST_PROXY=1 takes the address the one proxy appended, not what the client put before it', async () => {
    expect(await failedJoinIp(oneHop, PROXY, `203.0.113.66, ${CLIENT}`)).toBe(CLIENT);
  });
});
