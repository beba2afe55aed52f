import { baseApi, unwrapResult } from '../../../src/api/baseApi';
import { RATE_LIMIT_MAX_WAIT_MS, retryAfterMs } from '../../../src/api/baseQuery';
import { sessionApi } from '../../../src/api/sessionApi';
import { reissueSucceeded } from '../../../src/features/session/sessionSlice';
import { createTestStore, envelopeResponse, mockFetch } from '../support/helpers';

/** A probe endpoint on the one API, so these tests exercise the real base query inside the real store. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<string, number>({
      query: (n) => `/api/probe/${n}`,
      transformResponse: unwrapResult<string>,
    }),
    probeWrite: build.mutation<string, number>({
      query: (n) => ({ url: `/api/probe/${n}`, method: 'POST', body: {} }),
      transformResponse: unwrapResult<string>,
    }),
  }),
});

const ok = (request: Request) => envelopeResponse(200, `ok:${request.headers.get('Authorization')}`);
const unauthorized = () => envelopeResponse(401, null, 'JWT401_0');
const reissued =
  (accessToken: string, delayMs = 0) =>
  () =>
    new Promise<Response>((resolve) =>
      setTimeout(() => resolve(envelopeResponse(200, { accessToken })), delayMs),
    );

/** 401 for any token but `valid`, 200 for it. */
const acceptsOnly = (valid: string) => (request: Request) =>
  request.headers.get('Authorization') === `Bearer ${valid}` ? ok(request) : unauthorized();

let navigate: jest.Mock;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  navigate = jest.fn();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

const signedInStore = () =>
  createTestStore({ preloadedState: { session: { accessToken: 'old' } }, navigate });
const fetchProbe = (store: Awaited<ReturnType<typeof signedInStore>>['store'], n: number) =>
  store.dispatch(probeApi.endpoints.probe.initiate(n, { subscribe: false }));

describe('baseQueryWithReissue', () => {
  it('sends cookies and the stored bearer token', async () => {
    const { seen } = mockFetch({ 'GET /api/probe/1': ok });
    const { store } = await signedInStore();
    const result = await fetchProbe(store, 1);
    expect(result.data).toBe('ok:Bearer old');
    expect(seen).toEqual([
      { method: 'GET', path: '/api/probe/1', authorization: 'Bearer old', credentials: 'include' },
    ]);
  });

  it('sends no Authorization header without a stored token', async () => {
    const { seen } = mockFetch({ 'GET /api/probe/1': ok });
    const { store } = await createTestStore({ navigate });
    await fetchProbe(store, 1);
    expect(seen[0]?.authorization).toBeNull();
  });

  it('answers a 401 with one reissue and one retry carrying the new token', async () => {
    const { seen } = mockFetch({
      'GET /api/probe/1': acceptsOnly('new'),
      'POST /api/token/reissue': reissued('new'),
    });
    const { store } = await signedInStore();
    const result = await fetchProbe(store, 1);
    expect(result.data).toBe('ok:Bearer new');
    expect(seen.map((r) => `${r.method} ${r.path} ${r.authorization}`)).toEqual([
      'GET /api/probe/1 Bearer old',
      'POST /api/token/reissue null',
      'GET /api/probe/1 Bearer new',
    ]);
    expect(store.getState().session.accessToken).toBe('new');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('returns a second 401 (after the retry) instead of looping', async () => {
    const { seen } = mockFetch({
      'GET /api/probe/1': unauthorized,
      'POST /api/token/reissue': reissued('new'),
    });
    const { store } = await signedInStore();
    const result = await fetchProbe(store, 1);
    expect(result.error).toMatchObject({ status: 401, data: { code: 'JWT401_0', isSuccess: false } });
    expect(seen.map((r) => r.path)).toEqual(['/api/probe/1', '/api/token/reissue', '/api/probe/1']);
  });

  it("does not recurse on the reissue endpoint's own 401, and ends the session", async () => {
    const { seen } = mockFetch({ 'POST /api/token/reissue': unauthorized });
    const { store } = await signedInStore();
    const result = await store.dispatch(
      sessionApi.endpoints.reissueToken.initiate(undefined, { track: false }),
    );
    expect('error' in result && result.error).toMatchObject({ status: 401 });
    expect(seen.map((r) => r.path)).toEqual(['/api/token/reissue']);
  });

  it('returns the 401 when renewal fails: token removed, navigation to /onboarding, no retry', async () => {
    const { seen } = mockFetch({ 'GET /api/probe/1': unauthorized, 'POST /api/token/reissue': unauthorized });
    const { store } = await signedInStore();
    const result = await fetchProbe(store, 1);
    expect(result.error).toMatchObject({ status: 401 });
    expect(seen.map((r) => r.path)).toEqual(['/api/probe/1', '/api/token/reissue']);
    expect(store.getState().session.accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
    expect(consoleError).toHaveBeenCalledWith(
      'accessToken 재발급 실패',
      expect.objectContaining({ status: 401 }),
    );
  });

  it('treats a 429 from reissue as "retry later": waits Retry-After, retries, never signs out', async () => {
    let reissues = 0;
    const { seen } = mockFetch({
      'GET /api/probe/1': acceptsOnly('new'),
      'POST /api/token/reissue': () => {
        reissues += 1;
        if (reissues > 1) return envelopeResponse(200, { accessToken: 'new' });
        const body = {
          isSuccess: false,
          code: 'JWT429_0',
          message: '잠시 후 다시 시도합니다.',
          result: null,
        };
        return new Response(JSON.stringify(body), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        });
      },
    });
    const { store } = await signedInStore();
    const started = Date.now();
    const result = await fetchProbe(store, 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.data).toBe('ok:Bearer new');
    expect(seen.map((r) => r.path)).toEqual([
      '/api/probe/1',
      '/api/token/reissue',
      '/api/token/reissue',
      '/api/probe/1',
    ]);
    expect(store.getState().session.accessToken).toBe('new');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one reissue between concurrent 401s', async () => {
    const { seen } = mockFetch({
      'GET /api/probe/1': acceptsOnly('new'),
      'GET /api/probe/2': acceptsOnly('new'),
      'GET /api/probe/3': acceptsOnly('new'),
      'POST /api/token/reissue': reissued('new', 30),
    });
    const { store } = await signedInStore();
    const results = await Promise.all([fetchProbe(store, 1), fetchProbe(store, 2), fetchProbe(store, 3)]);
    expect(results.map((r) => r.data)).toEqual(['ok:Bearer new', 'ok:Bearer new', 'ok:Bearer new']);
    expect(seen.filter((r) => r.path === '/api/token/reissue')).toHaveLength(1);
    expect(seen.filter((r) => r.authorization === 'Bearer new')).toHaveLength(3);
  });

  it('retries with a token renewed meanwhile, without a second reissue', async () => {
    let answerFirst!: () => void;
    const { seen } = mockFetch({
      'GET /api/probe/1': (request) =>
        request.headers.get('Authorization') === 'Bearer old'
          ? new Promise<Response>((resolve) => (answerFirst = () => resolve(unauthorized())))
          : ok(request),
    });
    const { store } = await signedInStore();
    const pending = fetchProbe(store, 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Another request renewed the session while this one was in flight with the old token.
    store.dispatch(reissueSucceeded({ accessToken: 'renewed' }));
    answerFirst();
    const result = await pending;
    expect(result.data).toBe('ok:Bearer renewed');
    expect(seen.map((r) => `${r.path} ${r.authorization}`)).toEqual([
      '/api/probe/1 Bearer old',
      '/api/probe/1 Bearer renewed',
    ]);
  });

  it('keeps non-401 errors as { status, data: envelope } without a reissue', async () => {
    const { seen } = mockFetch({ 'GET /api/probe/1': () => envelopeResponse(403, null, 'COMMON403') });
    const { store } = await signedInStore();
    const result = await fetchProbe(store, 1);
    expect(result.error).toEqual({
      status: 403,
      data: { isSuccess: false, code: 'COMMON403', message: '실패', result: null },
    });
    expect(seen).toHaveLength(1);
  });
});

describe('a 429 with Retry-After on a read (issue #23, docs/security.md "Rate limits")', () => {
  /** 429 COMMON429 with `Retry-After: <retryAfter>` (no header for null). */
  const tooMany = (retryAfter: string | null) => () =>
    new Response(
      JSON.stringify({ isSuccess: false, code: 'COMMON429', message: '요청이 너무 많습니다.', result: null }),
      {
        status: 429,
        headers: {
          'Content-Type': 'application/json',
          ...(retryAfter === null ? {} : { 'Retry-After': retryAfter }),
        },
      },
    );
  /** Answers with `answers` in turn, then with the last one. */
  const inTurn =
    (...answers: ((request: Request) => Response)[]) =>
    (request: Request) => {
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return next(request);
    };

  it('waits Retry-After and retries quietly: the caller gets the data, no error, no sign-out', async () => {
    const { seen } = mockFetch({ 'GET /api/probe/1': inTurn(tooMany('1'), ok) });
    const { store } = await signedInStore();
    const started = Date.now();
    const result = await fetchProbe(store, 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.error).toBeUndefined();
    expect(result.data).toBe('ok:Bearer old');
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/probe/1', 'GET /api/probe/1']);
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().session.accessToken).toBe('old');
  });

  it('is bounded: after 2 retries the 429 reaches the caller', async () => {
    const { seen } = mockFetch({ 'GET /api/probe/1': tooMany('0') });
    const { store } = await signedInStore();
    const result = await fetchProbe(store, 1);
    expect(result.error).toMatchObject({ status: 429, data: { code: 'COMMON429' } });
    expect(seen).toHaveLength(3);
  });

  it('never repeats a write, and does not retry a 429 without Retry-After', async () => {
    const { seen } = mockFetch({ 'POST /api/probe/1': tooMany('0'), 'GET /api/probe/2': tooMany(null) });
    const { store } = await signedInStore();
    const write = await store.dispatch(probeApi.endpoints.probeWrite.initiate(1));
    expect('error' in write && write.error).toMatchObject({ status: 429 });
    const read = await fetchProbe(store, 2);
    expect(read.error).toMatchObject({ status: 429 });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/probe/1', 'GET /api/probe/2']);
  });

  it('retryAfterMs: seconds or an HTTP date, capped at 30 s; unreadable → no retry', () => {
    const now = Date.parse('2026-11-27T09:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('3600', now)).toBe(RATE_LIMIT_MAX_WAIT_MS);
    expect(RATE_LIMIT_MAX_WAIT_MS).toBe(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 09:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Fri, 27 Nov 2026 08:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-1', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
