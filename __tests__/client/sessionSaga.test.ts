import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { SagaIterator } from 'redux-saga';
import { all, call, fork } from 'redux-saga/effects';
import { awaitReissue } from '../../src/features/session/awaitReissue';
import { requestReissue, sessionSaga } from '../../src/features/session/sessionSaga';
import {
  reissueFailed,
  reissueRequested,
  reissueSucceeded,
  sessionReducer,
} from '../../src/features/session/sessionSlice';

const reducer = combineReducers({ session: sessionReducer });
const signedIn = { session: { accessToken: 'old' } };

let navigate: jest.Mock;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  navigate = jest.fn();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

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
      .hasFinalState({ session: { accessToken: 'fresh' } })
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
      .hasFinalState({ session: { accessToken: 'fresh' } });
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
    [
      'a server error',
      { error: { status: 500, data: { isSuccess: false, code: 'COMMON500', message: '', result: null } } },
    ],
    [
      'a 401',
      { error: { status: 401, data: { isSuccess: false, code: 'JWT401_3', message: '', result: null } } },
    ],
    ['a network failure', { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } }],
  ])('on %s removes the stored token and navigates to /onboarding', (_label, outcome) =>
    expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), outcome],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .put(reissueFailed())
      .not.put.actionType(reissueSucceeded.type)
      .call(navigate, '/onboarding', { replace: true })
      .hasFinalState({ session: { accessToken: null } })
      .silentRun(50)
      .then(() => expect(consoleError).toHaveBeenCalledWith('accessToken 재발급 실패', outcome.error)),
  );

  it('treats a thrown error like a failed reissue', () =>
    expectSaga(sessionSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestReissue), throwError(new Error('boom'))],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(reissueRequested())
      .put(reissueFailed())
      .call(navigate, '/onboarding', { replace: true })
      .hasFinalState({ session: { accessToken: null } })
      .silentRun(50));

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
        .hasFinalState({ session: { accessToken: null } })
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
});
