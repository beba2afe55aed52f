import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { SagaIterator } from 'redux-saga';
import { all, call, fork } from 'redux-saga/effects';
import { awaitReissue } from '../../../../src/features/session/awaitReissue';
import {
  openCrossTabRenewal,
  type CrossTabRenewal,
  type HeldReissueLock,
} from '../../../../src/features/session/crossTabRenewal';
import {
  REISSUE_RATE_LIMIT_RETRIES,
  requestReissue,
  retryAfterMs,
  sessionSaga,
  wait,
} from '../../../../src/features/session/sessionSaga';
import {
  reissueFailed,
  reissueRequested,
  reissueSucceeded,
  reissueUnavailable,
  sessionReducer,
  signedOut,
} from '../../../../src/features/session/sessionSlice';
import { after, sagaTestContext } from '../../support/saga';

const reducer = combineReducers({ session: sessionReducer });
const signedIn = { session: { accessToken: 'old', hasSession: true } };

const { navigate, consoleError } = sagaTestContext();

describe('session saga (spec §4 "Session renewal")', () => {
  it('stores the new access token on success', () =>
    expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), { data: { accessToken: 'fresh' } }],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .put(reissueSucceeded({ accessToken: 'fresh' }))
      .not.put(reissueFailed())
      .hasFinalState({ session: { accessToken: 'fresh', hasSession: true } })
      .silentRun(50)
      .then(() => expect(navigate).not.toHaveBeenCalled()));

  it('runs exactly one reissue call for two concurrent requests', async () => {
    let calls = 0;
    const slowReissue = dynamic(() => {
      calls += 1;
      return after(20, { data: { accessToken: 'fresh' } });
    });
    const test = expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), slowReissue],
        [matchers.getContext('navigate'), navigate],
      ])
      .put(reissueSucceeded({ accessToken: 'fresh' }))
      .hasFinalState({ session: { accessToken: 'fresh', hasSession: true } });
    // Dispatched once the saga runs, so both arrive while the first reissue is in flight (queued `.dispatch()`
    // calls would only be delivered at the watcher's next `take`, i.e. one after the other).
    const run = test.silentRun(100);
    test.dispatch(reissueRequested());
    test.dispatch(reissueRequested());
    await run;
    expect(calls).toBe(1);
  });

  it('gives every concurrent waiter the outcome of the one shared reissue', async () => {
    let calls = 0;
    const results: Array<string | null> = [];
    function* twoWaiters(): SagaIterator {
      yield fork(sessionSaga);
      const tokens: Array<string | null> = yield all([call(awaitReissue), call(awaitReissue)]);
      results.push(...tokens);
    }
    await expectSaga(twoWaiters)
      .withReducer(reducer, signedIn)
      .provide([
        [
          matchers.call.fn(requestReissue),
          dynamic(() => {
            calls += 1;
            return after(20, { data: { accessToken: 'shared' } });
          }),
        ],
        [matchers.getContext('navigate'), navigate],
      ])
      .silentRun(100);
    expect(calls).toBe(1);
    expect(results).toEqual(['shared', 'shared']);
  });

  it.each([
    ['JWT401_3 (no cookie)', 'JWT401_3'],
    ['JWT401_5 (reused token, family revoked)', 'JWT401_5'],
    ['JWT401_4 (expired)', 'JWT401_4'],
  ])('on a 401 %s removes the stored token and navigates to /onboarding', (_label, code) => {
    const outcome = { error: { status: 401, data: { isSuccess: false, code, message: '', result: null } } };
    return expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), outcome],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .put(reissueFailed())
      .not.put.actionType(reissueSucceeded.type)
      .call(navigate, '/onboarding', { replace: true })
      .hasFinalState({ session: { accessToken: null, hasSession: false } })
      .silentRun(50)
      .then(() => expect(consoleError).toHaveBeenCalledWith('accessToken 재발급 실패', outcome.error));
  });

  it.each([
    [
      'a server error',
      { error: { status: 500, data: { isSuccess: false, code: 'COMMON500', message: '', result: null } } },
    ],
    ['a network failure', { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } }],
  ])('on %s keeps the session: token kept, no navigation, "not now" for the waiters', (_label, outcome) =>
    expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), outcome],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .put(reissueUnavailable())
      .not.put.actionType(reissueFailed.type)
      .not.put.actionType(reissueSucceeded.type)
      .hasFinalState(signedIn)
      .silentRun(50)
      .then(() => {
        expect(navigate).not.toHaveBeenCalled();
        expect(consoleError).toHaveBeenCalledWith('accessToken 재발급 실패', outcome.error);
      }),
  );

  it('treats a thrown error as "not now", not as a sign-out', () =>
    expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), throwError(new Error('boom'))],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .put(reissueUnavailable())
      .not.put.actionType(reissueFailed.type)
      .hasFinalState(signedIn)
      .silentRun(50)
      .then(() => expect(navigate).not.toHaveBeenCalled()));

  it.each([[{}], [{ accessToken: '' }], [null]])(
    'fails when the result carries no token (%j), logging "accessToken 발급 실패"',
    (data) =>
      expectSaga(sessionSaga)
        .withReducer(reducer, signedIn)
        .provide([
          [matchers.call.fn(requestReissue), { data }],
          [matchers.getContext('navigate'), navigate],
        ])
        .dispatch(reissueRequested())
        .put(reissueFailed())
        .call(navigate, '/onboarding', { replace: true })
        .hasFinalState({ session: { accessToken: null, hasSession: false } })
        .silentRun(50)
        .then(() => expect(consoleError).toHaveBeenCalledWith('accessToken 발급 실패')),
  );

  it('awaitReissue returns null when renewal fails', async () => {
    const { returnValue } = await expectSaga(function* (): SagaIterator {
      yield fork(sessionSaga);
      return yield call(awaitReissue);
    })
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), { error: { status: 401, data: null } }],
        [matchers.getContext('navigate'), navigate],
      ])
      .silentRun(50);
    expect(returnValue).toBeNull();
  });

  it('awaitReissue returns null when renewal is only unavailable, keeping the token', async () => {
    const { returnValue, storeState } = await expectSaga(function* (): SagaIterator {
      yield fork(sessionSaga);
      return yield call(awaitReissue);
    })
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), { error: { status: 503, data: null } }],
        [matchers.getContext('navigate'), navigate],
      ])
      .silentRun(50);
    expect(returnValue).toBeNull();
    expect(storeState).toEqual(signedIn);
  });
});

const tooMany = (retryAfter?: string) => ({
  error: {
    status: 429,
    data: { isSuccess: false, code: 'JWT429_0', message: '', result: null },
    ...(retryAfter === undefined ? {} : { retryAfter }),
  },
});

describe('reissue refused with 429 (JWT429_0): retry later, never sign out', () => {
  it('waits Retry-After, retries, and stores the token', async () => {
    const answers = [tooMany('7'), { data: { accessToken: 'fresh' } }];
    let calls = 0;
    const { storeState } = await expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), dynamic(() => answers[calls++])],
        [matchers.call.fn(wait), null],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .call(wait, 7000)
      .put(reissueSucceeded({ accessToken: 'fresh' }))
      .not.put.actionType(reissueFailed.type)
      .silentRun(50);
    expect(calls).toBe(2);
    expect(storeState.session.accessToken).toBe('fresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives up after the bounded retries without signing out', async () => {
    let calls = 0;
    const waits: number[] = [];
    const results: Array<string | null> = [];
    const { storeState } = await expectSaga(function* (): SagaIterator {
      yield fork(sessionSaga);
      results.push(yield call(awaitReissue));
    })
      .withReducer(reducer, signedIn)
      .provide([
        [
          matchers.call.fn(requestReissue),
          dynamic(() => {
            calls += 1;
            return tooMany('3600');
          }),
        ],
        [
          matchers.call.fn(wait),
          dynamic(({ args }) => {
            waits.push(args[0] as number);
            return null;
          }),
        ],
        [matchers.getContext('navigate'), navigate],
      ])
      .put(reissueUnavailable())
      .not.put.actionType(reissueFailed.type)
      .silentRun(50);
    expect(calls).toBe(1 + REISSUE_RATE_LIMIT_RETRIES);
    // Retry-After is honoured up to 60 s.
    expect(waits).toEqual([60_000, 60_000]);
    expect(results).toEqual([null]);
    expect(storeState.session.accessToken).toBe('old');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reads Retry-After as seconds or an HTTP date, bounded to 1–60 s, 5 s when missing', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs(tooMany('7').error, now)).toBe(7000);
    expect(retryAfterMs(tooMany('0').error, now)).toBe(1000);
    expect(retryAfterMs(tooMany('600').error, now)).toBe(60_000);
    expect(retryAfterMs(tooMany('Wed, 01 Jan 2025 00:00:12 GMT').error, now)).toBe(12_000);
    expect(retryAfterMs(tooMany().error, now)).toBe(5000);
    expect(retryAfterMs(tooMany('soon').error, now)).toBe(5000);
  });
});

/** A renewal whose shared token and lock the test controls. */
function fakeRenewal(shared: string | null = null) {
  const held: HeldReissueLock = { release: jest.fn() };
  const renewal: CrossTabRenewal & { newer: string | null } = {
    newer: null,
    acquire: jest.fn(async () => {
      // Another tab broadcast while this one waited for the lock.
      renewal.newer = shared;
      return held;
    }),
    newerToken: jest.fn(() => renewal.newer),
    publish: jest.fn(),
    forget: jest.fn(),
    close: jest.fn(),
  };
  return { renewal, held };
}

describe('session saga across tabs (docs/setup.md "Sessions across tabs")', () => {
  it('uses the token another tab obtained while this one waited for the lock, without a request', async () => {
    const { renewal, held } = fakeRenewal('from-other-tab');
    let calls = 0;
    const { storeState } = await expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(openCrossTabRenewal), renewal],
        [
          matchers.call.fn(requestReissue),
          dynamic(() => {
            calls += 1;
            return { data: { accessToken: 'own' } };
          }),
        ],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .put(reissueSucceeded({ accessToken: 'from-other-tab' }))
      .silentRun(50);
    expect(calls).toBe(0);
    expect(renewal.newerToken).toHaveBeenLastCalledWith('old');
    expect(storeState.session.accessToken).toBe('from-other-tab');
    expect(held.release).toHaveBeenCalledTimes(1);
    expect(renewal.publish).not.toHaveBeenCalled();
  });

  it('reissues under the lock, broadcasts the token, then releases the lock after the hand-over', async () => {
    const { renewal, held } = fakeRenewal(null);
    const order: string[] = [];
    (renewal.publish as jest.Mock).mockImplementation(() => order.push('publish'));
    (held.release as jest.Mock).mockImplementation(() => order.push('release'));
    await expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(openCrossTabRenewal), renewal],
        [
          matchers.call.fn(requestReissue),
          dynamic(() => {
            order.push('reissue');
            return { data: { accessToken: 'fresh' } };
          }),
        ],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .put(reissueSucceeded({ accessToken: 'fresh' }))
      .silentRun(50);
    expect(renewal.acquire).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['reissue', 'publish', 'release']);
    expect(renewal.publish).toHaveBeenCalledWith('fresh');
    expect(held.release).toHaveBeenCalledWith(true);
  });

  it('releases the lock when the session is over too, and forgets shared tokens on sign-out', async () => {
    const { renewal, held } = fakeRenewal(null);
    await expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(openCrossTabRenewal), renewal],
        [matchers.call.fn(requestReissue), { error: { status: 401, data: null } }],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .dispatch(signedOut())
      .put(reissueFailed())
      .silentRun(50);
    expect(held.release).toHaveBeenCalledWith(false);
    expect(renewal.publish).not.toHaveBeenCalled();
    expect(renewal.forget).toHaveBeenCalled();
  });
});
