import { baseApi, unwrapResult } from '../../../../src/api/baseApi';
import {
  HANDOFF_MS,
  openCrossTabRenewal,
  type CrossTabEnvironment,
} from '../../../../src/features/session/crossTabRenewal';
import { createTestStore, envelopeResponse, mockFetch } from '../../support/helpers';

/*
 * One renewal for all tabs (docs/setup.md "Sessions across tabs"): two stores stand for two tabs of one browser. They
 * share Node's BroadcastChannel (jsdom gets it from __tests__/support/jsdom-env.cjs) and a fake `navigator.locks`.
 */

/** An unsigned JWT-shaped token: the client only reads `iat` / `exp` to compare tokens. */
function jwt(name: string, iatSeconds: number, ttlSeconds = 15 * 60): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: name, iat: iatSeconds, exp: iatSeconds + ttlSeconds })}.sig`;
}

/** A minimal in-memory Web Locks `LockManager`: exclusive locks granted in request order, `signal` honoured. */
function createFakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const granted: string[] = [];
  const request = (
    name: string,
    optionsOrCallback: LockOptions | ((lock: Lock | null) => unknown),
    maybeCallback?: (lock: Lock | null) => unknown,
  ): Promise<unknown> => {
    const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback!;
    const signal = typeof optionsOrCallback === 'function' ? undefined : optionsOrCallback.signal;
    return new Promise((resolve, reject) => {
      let started = false;
      const abort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', () => !started && abort(), { once: true });
      const mine = (tails.get(name) ?? Promise.resolve()).then(async () => {
        if (signal?.aborted) return;
        started = true;
        granted.push(name);
        try {
          resolve(await callback({ name, mode: 'exclusive' } as Lock));
        } catch (error) {
          reject(error);
        }
      });
      tails.set(name, mine);
    });
  };
  return { locks: { request } as unknown as LockManager, granted };
}

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    tabProbe: build.query<string, number>({
      query: (n) => `/api/tab-probe/${n}`,
      transformResponse: unwrapResult<string>,
    }),
  }),
});

const now = Math.floor(Date.now() / 1000);
const expired = jwt('member', now - 20 * 60);
const renewed = jwt('member', now);

const ok = (request: Request) => envelopeResponse(200, `ok:${request.headers.get('Authorization')}`);
const acceptsOnly = (valid: string) => (request: Request) =>
  request.headers.get('Authorization') === `Bearer ${valid}`
    ? ok(request)
    : envelopeResponse(401, null, 'JWT401_0');

let navigate: jest.Mock;

beforeEach(() => {
  navigate = jest.fn();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (navigator as { locks?: unknown }).locks;
});

const installLocks = () => {
  const fake = createFakeLocks();
  Object.defineProperty(navigator, 'locks', { value: fake.locks, configurable: true });
  return fake;
};

const tab = () => createTestStore({ preloadedState: { session: { accessToken: expired } }, navigate });
const fetchProbe = (store: Awaited<ReturnType<typeof tab>>['store'], n: number) =>
  store.dispatch(probeApi.endpoints.tabProbe.initiate(n, { subscribe: false }));

describe('two tabs renewing an expired access token at once', () => {
  it('makes one reissue request; the other tab gets the token over the channel', async () => {
    const { granted } = installLocks();
    let reissues = 0;
    const { seen } = mockFetch({
      'GET /api/tab-probe/1': acceptsOnly(renewed),
      'GET /api/tab-probe/2': acceptsOnly(renewed),
      'POST /api/token/reissue': () => {
        reissues += 1;
        return new Promise((resolve) =>
          setTimeout(() => resolve(envelopeResponse(200, { accessToken: renewed })), 30),
        );
      },
    });
    const [first, second] = await Promise.all([tab(), tab()]);

    const results = await Promise.all([fetchProbe(first.store, 1), fetchProbe(second.store, 2)]);

    expect(reissues).toBe(1);
    expect(results.map((r) => r.data)).toEqual([`ok:Bearer ${renewed}`, `ok:Bearer ${renewed}`]);
    expect(first.store.getState().session.accessToken).toBe(renewed);
    expect(second.store.getState().session.accessToken).toBe(renewed);
    expect(granted.filter((name) => name === 'momentum-reissue')).toHaveLength(2);
    expect(seen.filter((r) => r.path === '/api/token/reissue')).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without navigator.locks each tab renews by itself, as before (nothing breaks)', async () => {
    let reissues = 0;
    const tokens = [jwt('member', now), jwt('member', now + 1)];
    mockFetch({
      'GET /api/tab-probe/1': (request) =>
        request.headers.get('Authorization') === `Bearer ${expired}`
          ? envelopeResponse(401, null, 'JWT401_0')
          : ok(request),
      'GET /api/tab-probe/2': (request) =>
        request.headers.get('Authorization') === `Bearer ${expired}`
          ? envelopeResponse(401, null, 'JWT401_0')
          : ok(request),
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: tokens[reissues++] }),
    });
    const [first, second] = await Promise.all([tab(), tab()]);
    const results = await Promise.all([fetchProbe(first.store, 1), fetchProbe(second.store, 2)]);
    expect(results.every((r) => typeof r.data === 'string' && !r.data.includes(expired))).toBe(true);
    expect(reissues).toBe(2);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('openCrossTabRenewal', () => {
  const waitForMessage = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('offers a broadcast token only when it is newer than the failed one and still valid', async () => {
    const receiver = openCrossTabRenewal({ locks: null, BroadcastChannel });
    const sender = openCrossTabRenewal({ locks: null, BroadcastChannel });
    try {
      const older = jwt('member', now - 60);
      const newer = jwt('member', now);
      sender.publish(newer);
      await waitForMessage();
      expect(receiver.newerToken(older)).toBe(newer);
      expect(receiver.newerToken(null)).toBe(newer);
      expect(receiver.newerToken(newer)).toBeNull();
      expect(receiver.newerToken(jwt('member', now + 60))).toBeNull();
      // Not valid for long enough any more.
      expect(receiver.newerToken(older, (now + 15 * 60) * 1000)).toBeNull();
      // An older broadcast never replaces a newer one; garbage is ignored.
      sender.publish(older);
      sender.publish('not-a-jwt');
      await waitForMessage();
      expect(receiver.newerToken(null)).toBe(newer);
      receiver.forget();
      expect(receiver.newerToken(null)).toBeNull();
      // The sender never offers its own token back.
      expect(sender.newerToken(null)).toBeNull();
    } finally {
      receiver.close();
      sender.close();
    }
  });

  it('falls back without Web Locks or BroadcastChannel: the lock is granted at once, nothing is shared', async () => {
    const env: CrossTabEnvironment = { locks: null, BroadcastChannel: null };
    const renewal = openCrossTabRenewal(env);
    const lock = await renewal.acquire();
    lock.release();
    renewal.publish(renewed);
    expect(renewal.newerToken(expired)).toBeNull();
    renewal.close();
  });

  it('serialises holders of the lock and hands over HANDOFF_MS after a broadcast', async () => {
    const { locks } = createFakeLocks();
    const a = openCrossTabRenewal({ locks, BroadcastChannel: null });
    const b = openCrossTabRenewal({ locks, BroadcastChannel: null });
    const events: string[] = [];
    const lockA = await a.acquire();
    const waitingB = b.acquire().then((lock) => {
      events.push('b');
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual([]);
    const releasedAt = Date.now();
    lockA.release(true);
    lockA.release(true);
    (await waitingB).release();
    expect(events).toEqual(['b']);
    expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(HANDOFF_MS - 5);
  });

  it('gives up waiting when aborted, and lets the lock go when aborted after the grant', async () => {
    const { locks } = createFakeLocks();
    const renewal = openCrossTabRenewal({ locks, BroadcastChannel: null });
    const held = await renewal.acquire();
    const controller = new AbortController();
    const waiting = renewal.acquire(controller.signal);
    controller.abort();
    // Aborted while waiting: resolves without the lock (its release does nothing).
    (await waiting).release();
    held.release();

    // Granted, then aborted (the saga was cancelled before using it): the lock is let go.
    const late = new AbortController();
    await renewal.acquire(late.signal);
    late.abort();
    const again = await Promise.race([
      renewal.acquire(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 200)),
    ]);
    expect(again).not.toBeNull();
    again!.release();
  });
});
