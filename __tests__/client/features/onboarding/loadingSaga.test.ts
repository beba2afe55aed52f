import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import {
  LOADING_REISSUE_RETRY_MS,
  fetchWorkspaceProfile,
  loadingSaga,
  loginLoadingStarted,
} from '../../../../src/features/onboarding/loadingSaga';
import { requestReissue, sessionSaga, wait } from '../../../../src/features/session/sessionSaga';
import {
  reissueFailed,
  reissueSucceeded,
  sessionReducer,
} from '../../../../src/features/session/sessionSlice';
import { inviteReducer, type InviteState } from '../../../../src/features/invite/inviteSlice';
import { profile } from '../../support/helpers';
import { sagaTestContext } from '../../support/saga';

/** The loading flow runs against the real session saga; only the two network calls are provided. */
function* sagas(): SagaIterator {
  yield all([fork(sessionSaga), fork(loadingSaga)]);
}

const reducer = combineReducers({ session: sessionReducer, invite: inviteReducer });
const emptyInvite: InviteState = inviteReducer(undefined, { type: '@@test/INIT' });
const state = (invite: Partial<InviteState> = {}) => ({
  session: { accessToken: null, hasSession: false },
  invite: { ...emptyInvite, ...invite },
});

const tokenIssued = { data: { accessToken: 'tok' } };
const profileError = (status: number) => ({
  error: { status, data: { isSuccess: false, code: `X${status}`, message: '', result: null } },
});

const { navigate, consoleError } = sagaTestContext();

const run = (initial: ReturnType<typeof state>, reissue: unknown, workspace: unknown) =>
  expectSaga(sagas)
    .withReducer(reducer, initial)
    .provide([
      [matchers.call.fn(requestReissue), reissue],
      [matchers.call.fn(fetchWorkspaceProfile), workspace],
      [matchers.getContext('navigate'), navigate],
    ])
    .dispatch(loginLoadingStarted());

describe('loading saga (spec §2 "Loading logic")', () => {
  it('stores the token, then goes to /workspace/complete when the profile loads (200)', async () => {
    const result = await run(state(), tokenIssued, { data: profile })
      .put(reissueSucceeded({ accessToken: 'tok' }))
      .call(navigate, '/workspace/complete', { replace: true })
      .silentRun(50);
    expect(result.storeState.session.accessToken).toBe('tok');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('sends an invitee without a workspace (404) to /onboarding/input-pw', () =>
    run(state({ isInvite: 'true', workspaceName: 'acme', token: 'inv' }), tokenIssued, profileError(404))
      .call(navigate, '/onboarding/input-pw', { replace: true })
      .silentRun(50));

  it('sends a creator without a workspace (404) to /onboarding/workspace', () =>
    run(state(), tokenIssued, profileError(404))
      .call(navigate, '/onboarding/workspace', { replace: true })
      .silentRun(50));

  it('only logs other profile errors (500): the spinner stays', async () => {
    await run(state(), tokenIssued, profileError(500)).not.call.fn(navigate).silentRun(50);
    expect(navigate).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith('워크스페이스 정보 조회 실패', profileError(500).error);
  });

  it('goes back to /onboarding when no token can be obtained, without reading the profile', async () => {
    await run(state(), profileError(401), { data: profile })
      .put(reissueFailed())
      .call(navigate, '/onboarding', { replace: true })
      .not.call.fn(fetchWorkspaceProfile)
      .silentRun(50);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('tries again when the server cannot renew right now (500), then carries on — no sign-out', async () => {
    const answers = [profileError(500), profileError(503), tokenIssued];
    const result = await expectSaga(sagas)
      .withReducer(reducer, state())
      .provide([
        [matchers.call.fn(requestReissue), dynamic(() => answers.shift())],
        [matchers.call.fn(wait), null],
        [matchers.call.fn(fetchWorkspaceProfile), { data: profile }],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(loginLoadingStarted())
      .not.put(reissueFailed())
      .call(wait, LOADING_REISSUE_RETRY_MS)
      .call(wait, 2 * LOADING_REISSUE_RETRY_MS)
      .call(navigate, '/workspace/complete', { replace: true })
      .silentRun(100);
    expect(result.storeState.session.accessToken).toBe('tok');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('goes back to /onboarding (still signed in) when renewal stays unavailable after the retries', async () => {
    await expectSaga(sagas)
      .withReducer(reducer, state())
      .provide([
        [matchers.call.fn(requestReissue), profileError(500)],
        [matchers.call.fn(wait), null],
        [matchers.call.fn(fetchWorkspaceProfile), { data: profile }],
        [matchers.getContext('navigate'), navigate],
      ])
      .dispatch(loginLoadingStarted())
      .not.put(reissueFailed())
      .not.call.fn(fetchWorkspaceProfile)
      .call(navigate, '/onboarding', { replace: true })
      .silentRun(100);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('runs the flow once when StrictMode mounts the page twice (one reissue: no refresh-token reuse)', async () => {
    let reissues = 0;
    const test = expectSaga(sagas)
      .withReducer(reducer, state())
      .provide([
        [
          matchers.call.fn(requestReissue),
          dynamic(() => {
            reissues += 1;
            return new Promise((resolve) => setTimeout(() => resolve(tokenIssued), 20));
          }),
        ],
        [matchers.call.fn(fetchWorkspaceProfile), { data: profile }],
        [matchers.getContext('navigate'), navigate],
      ]);
    const running = test.silentRun(100);
    test.dispatch(loginLoadingStarted());
    test.dispatch(loginLoadingStarted());
    await running;
    expect(reissues).toBe(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/workspace/complete', { replace: true });
  });
});
