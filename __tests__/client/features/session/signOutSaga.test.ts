import { combineReducers } from '@reduxjs/toolkit';
import type { Persistor } from 'redux-persist';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, type StaticProvider } from 'redux-saga-test-plan/providers';
import { baseApi } from '../../../../src/api/baseApi';
import {
  logoutRequested,
  requestLogout,
  requestWithdraw,
  signOut,
  signOutSaga,
  withdrawRequested,
} from '../../../../src/features/session/signOutSaga';
import { sessionReducer, signedOut } from '../../../../src/features/session/sessionSlice';
import { inviteReducer } from '../../../../src/features/invite/inviteSlice';
import { toastReducer, toastShown } from '../../../../src/features/toast/toastSlice';

/*
 * The sign-out sequence of logout and withdrawal (spec §2 "Settings pages", §4 "Withdraw", §8): against the real
 * slices, with the API calls, `navigate` and the persistor provided.
 */

const reducer = combineReducers({ session: sessionReducer, invite: inviteReducer, toast: toastReducer });
const probe = { type: '@@test/INIT' };
const signedIn = {
  session: { accessToken: 'tok', hasSession: true },
  invite: {
    ...inviteReducer(undefined, probe),
    hasWorkspace: true,
    workspaceName: 'Acme',
  },
  toast: { toasts: [] },
};

let navigate: jest.Mock;
let order: string[];
let persistor: Persistor;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  order = [];
  navigate = jest.fn(() => order.push('navigate'));
  persistor = {
    purge: jest.fn(async () => void order.push('purge')),
    flush: jest.fn(async () => void order.push('flush')),
  } as unknown as Persistor;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.localStorage.setItem('leftover', 'x');
});
afterEach(() => {
  consoleError.mockRestore();
  window.localStorage.clear();
});

const context = (): StaticProvider[] => [
  [matchers.getContext('navigate'), navigate],
  [matchers.getContext('persistor'), persistor],
];

const apiError = (status: number, message: string) => ({
  error: { status, data: { isSuccess: false, code: `MEMBER${status}`, message, result: null } },
});

describe('signOut', () => {
  it('purges, clears local storage, resets the slices, flushes, navigates, then resets the api cache', async () => {
    const result = await expectSaga(signOut)
      .withReducer(reducer, signedIn)
      .provide([...context()])
      .put(signedOut())
      .put(baseApi.util.resetApiState())
      .run();
    expect(result.storeState.session.accessToken).toBeNull();
    expect(result.storeState.invite).toEqual(inviteReducer(undefined, probe));
    expect(order).toEqual(['purge', 'flush', 'navigate']);
    expect(navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
    expect(window.localStorage.getItem('leftover')).toBeNull();
    // signedOut comes after the purge (so the empty defaults are what stays stored) and before navigating.
    const effects = result.allEffects
      .filter((effect) => effect.type === 'PUT')
      .map((effect) => (effect.payload as { action: { type: string } }).action.type);
    expect(effects).toEqual([signedOut.type, baseApi.util.resetApiState().type]);
  });
});

describe('signOutSaga', () => {
  it('logout: POST /api/token/logout, then the sign-out sequence to /onboarding', async () => {
    const { storeState } = await expectSaga(signOutSaga)
      .withReducer(reducer, signedIn)
      .provide([[matchers.call.fn(requestLogout), { data: null }], ...context()])
      .dispatch(logoutRequested())
      .call(requestLogout)
      .call(signOut)
      .put(signedOut())
      .put(baseApi.util.resetApiState())
      .silentRun(50);
    expect(storeState.session.accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
    expect(persistor.purge).toHaveBeenCalledTimes(1);
  });

  it('logout: a failed request is only logged; the member is signed out on this device anyway', async () => {
    const { storeState } = await expectSaga(signOutSaga)
      .withReducer(reducer, signedIn)
      .provide([[matchers.call.fn(requestLogout), apiError(500, '서버 오류')], ...context()])
      .dispatch(logoutRequested())
      .put(signedOut())
      .silentRun(50);
    expect(storeState.session.accessToken).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('로그아웃 실패', expect.anything());
    expect(navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
  });

  it('withdraw: DELETE my-profile, then the sign-out sequence', async () => {
    const { storeState } = await expectSaga(signOutSaga)
      .withReducer(reducer, signedIn)
      .provide([[matchers.call.fn(requestWithdraw), { data: null }], ...context()])
      .dispatch(withdrawRequested())
      .call(requestWithdraw)
      .call(signOut)
      .put(signedOut())
      .put(baseApi.util.resetApiState())
      .silentRun(50);
    expect(storeState.session.accessToken).toBeNull();
    expect(storeState.invite.hasWorkspace).toBe(false);
    expect(window.localStorage.getItem('leftover')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
  });

  it('withdraw: a failure keeps the member signed in and shows the server message as a toast', async () => {
    const { storeState } = await expectSaga(signOutSaga)
      .withReducer(reducer, signedIn)
      .provide([
        [matchers.call.fn(requestWithdraw), apiError(500, '서버 오류가 발생했습니다.')],
        ...context(),
      ])
      .dispatch(withdrawRequested())
      .put.like({ action: { type: toastShown.type, payload: { message: '서버 오류가 발생했습니다.' } } })
      .not.call(signOut)
      .not.put(signedOut())
      .silentRun(50);
    expect(storeState.session.accessToken).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
    expect(persistor.purge).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('leftover')).toBe('x');
  });

  it('withdraw: a second click while the request runs sends nothing more (takeLeading)', async () => {
    let calls = 0;
    const slow = dynamic(() => {
      calls += 1;
      return new Promise((resolve) => setTimeout(() => resolve({ data: null }), 20));
    });
    const test = expectSaga(signOutSaga)
      .withReducer(reducer, signedIn)
      .provide([[matchers.call.fn(requestWithdraw), slow], ...context()]);
    const run = test.silentRun(100);
    test.dispatch(withdrawRequested());
    test.dispatch(withdrawRequested());
    await run;
    expect(calls).toBe(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
