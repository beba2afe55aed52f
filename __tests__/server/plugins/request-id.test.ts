import type { FastifyInstance } from 'fastify';
import { trustedPeer } from '../../../server/plugins/logging';
import { useTestApp } from '../support/test-app';

/**
 * Request ids (docs/observability.md "Request ids"): an incoming `X-Request-Id` is taken — and shows in the
 * response and in every log line of the request — only when a trusted proxy (`TRUST_PROXY`) sent the request;
 * from anyone else, or malformed, the server makes its own UUID.
 */
const PROXY = '10.0.0.1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const lines: Array<Record<string, unknown>> = [];
let oneHop: FastifyInstance;
let untrusting: FastifyInstance;

const run = useTestApp(
  {
    env: { TRUST_PROXY: `${PROXY},loopback`, LOG_LEVEL: 'debug' },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  },
  async (started) => {
    oneHop = await started.another({ env: { TRUST_PROXY: '1' } });
    untrusting = await started.another();
  },
);

const health = (app: FastifyInstance, remoteAddress: string, requestId: string) =>
  app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'x-request-id': requestId } });

it('takes X-Request-Id from a trusted proxy, and logs the request under it', async () => {
  const res = await health(run.app, PROXY, 'edge-1234.abc');
  expect(res.headers['x-request-id']).toBe('edge-1234.abc');
  const logged = lines.filter((line) => line.reqId === 'edge-1234.abc').map((line) => line.msg);
  expect(logged).toEqual(['incoming request', 'request completed']);
  // The loopback name covers 127.0.0.1 and ::1, also as an IPv4-mapped IPv6 peer.
  expect((await health(run.app, '127.0.0.1', 'from-loopback')).headers['x-request-id']).toBe('from-loopback');
  expect((await health(run.app, '::ffff:10.0.0.1', 'mapped-v4')).headers['x-request-id']).toBe('mapped-v4');
});

it('replaces X-Request-Id from a peer that is not a trusted proxy, or a malformed one', async () => {
  const spoofed = await health(run.app, '203.0.113.7', 'chosen-by-client');
  expect(spoofed.headers['x-request-id']).toMatch(UUID);
  expect(lines.some((line) => line.reqId === 'chosen-by-client')).toBe(false);

  const malformed = await health(run.app, PROXY, 'bad id\nforged log');
  expect(malformed.headers['x-request-id']).toMatch(UUID);
  expect((await health(run.app, PROXY, 'x'.repeat(129))).headers['x-request-id']).toMatch(UUID);

  // Without TRUST_PROXY nobody is trusted, not even a local peer.
  expect((await health(untrusting, '127.0.0.1', 'local-caller')).headers['x-request-id']).toMatch(UUID);
});

it('with TRUST_PROXY as a hop count, takes it from the peer (the proxy always in front)', async () => {
  expect((await health(oneHop, '198.51.100.9', 'hop-1')).headers['x-request-id']).toBe('hop-1');
});

it('matches peers against TRUST_PROXY the way the list is written', () => {
  const trusted = trustedPeer(['10.1.0.0/16', '2001:db8::1', 'uniquelocal']);
  expect(trusted('10.1.200.3')).toBe(true);
  expect(trusted('10.2.0.1')).toBe(true); // uniquelocal: 10.0.0.0/8
  expect(trusted('192.168.1.10')).toBe(true);
  expect(trusted('172.32.0.1')).toBe(false);
  expect(trusted('2001:db8::1')).toBe(true);
  expect(trusted('2001:db8::2')).toBe(false);
  expect(trusted('fd12::5')).toBe(true);
  expect(trusted('8.8.8.8')).toBe(false);
  expect(trusted(undefined)).toBe(false);
  expect(trustedPeer(false)('10.1.0.1')).toBe(false);
});
