import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import {
  cacheInviteInfo,
  createRequested,
  inviteDone,
  joinRequested,
  nameConfirmRequested,
  onboardingFinished,
  onboardingSaga,
  requestCreateWorkspace,
  requestJoinWorkspace,
  requestWorkspaceUrl,
} from '../../../../src/features/onboarding/onboardingSaga';
import { fetchWorkspaceProfile } from '../../../../src/features/onboarding/loadingSaga';
import {
  createFailed,
  createStarted,
  nameCheckFailed,
  nameCheckStarted,
  onboardingReducer,
  workspaceCreated,
  workspaceNameRejected,
  workspaceUrlConfirmed,
  type OnboardingState,
} from '../../../../src/features/onboarding/onboardingSlice';
import {
  workspaceAvailable,
  inviteReducer,
  joinFailed,
  joinStarted,
  joinSucceeded,
  type InviteState,
} from '../../../../src/features/invite/inviteSlice';
import type { CreateWorkspaceResult } from '../../../../contract/workspace';
import { profile } from '../../support/helpers';
import { after, sagaTestContext } from '../../support/saga';

/*
 * The onboarding step machine, one test per transition (spec §4 "Workspace name step", "Onboarding",
 * "Password attempt"). The saga runs against the real slices; only the API calls and `navigate` are provided.
 */

const reducer = combineReducers({ onboarding: onboardingReducer, invite: inviteReducer });
const probe = { type: '@@test/INIT' };
type State = ReturnType<typeof reducer>;

const state = (onboarding: Partial<OnboardingState> = {}, invite: Partial<InviteState> = {}): State => ({
  onboarding: { ...onboardingReducer(undefined, probe), ...onboarding },
  invite: { ...inviteReducer(undefined, probe), ...invite },
});

/** An RTK Query error carrying the server's envelope. */
const apiError = (status: number, code: string, message = '') => ({
  error: { status, data: { isSuccess: false, code, message, result: null } },
});

const created: CreateWorkspaceResult = {
  workspaceId: 3,
  workspaceName: 'Acme',
  workspaceUrl: 'http://localhost/acme',
  inviteUrl: 'http://localhost/acme/invite?token=tok',
  invitePassword: 'abcd1234',
  name: '김민수',
  defaultTeamId: 7,
};
const joined = {
  workspaceId: 3,
  workspaceName: 'Acme',
  defaultTeamId: 7,
  joinedAt: '2026-01-01T09:00:00+09:00',
};

const { navigate, consoleError } = sagaTestContext();

type Providers = Parameters<ReturnType<typeof expectSaga>['provide']>[0];

/** The whole saga on the real slices; `navigate` from the context is a mock, plus the given API providers. */
const saga = (initial: State, providers: Providers & unknown[] = []) =>
  expectSaga(onboardingSaga)
    .withReducer(reducer, initial)
    .provide([
      [matchers.getContext('navigate'), navigate],
      [matchers.call.fn(cacheInviteInfo), undefined],
      ...providers,
    ]);

describe('onboarding saga: workspace name step', () => {
  it('an invalid name (client rule) clears the name and URL and shows the rule, without a request', async () => {
    const { storeState } = await saga(state({ workspaceName: '1acme' }))
      .dispatch(nameConfirmRequested())
      .put(workspaceNameRejected('워크스페이스 이름은 숫자로 시작할 수 없습니다.'))
      .not.call.fn(requestWorkspaceUrl)
      .silentRun(50);
    expect(storeState.onboarding).toMatchObject({
      workspaceName: '',
      workspaceUrl: '',
      isLocked: false,
      isCheckingName: false,
      nameError: '워크스페이스 이름은 숫자로 시작할 수 없습니다.',
    });
  });

  it('a valid name fetches its URL: the URL is filled and the name locked', async () => {
    const { storeState } = await saga(state({ workspaceName: 'Acme Team', nameError: 'old' }), [
      [matchers.call.fn(requestWorkspaceUrl), { data: { workspaceUrl: 'http://localhost/acme-team' } }],
    ])
      .dispatch(nameConfirmRequested())
      .put(nameCheckStarted())
      .call(requestWorkspaceUrl, 'Acme Team')
      .put(workspaceUrlConfirmed({ workspaceName: 'Acme Team', workspaceUrl: 'http://localhost/acme-team' }))
      .silentRun(50);
    expect(storeState.onboarding).toMatchObject({
      workspaceName: 'Acme Team',
      workspaceUrl: 'http://localhost/acme-team',
      isLocked: true,
      isCheckingName: false,
      nameError: null,
    });
  });

  it("the server's 400 is handled like a broken rule, with the server's message", async () => {
    const message = '워크스페이스 이름은 공백으로 끝날 수 없습니다.';
    const { storeState } = await saga(state({ workspaceName: 'Acme' }), [
      [matchers.call.fn(requestWorkspaceUrl), apiError(400, 'WORKSPACE400_1', message)],
    ])
      .dispatch(nameConfirmRequested())
      .put(workspaceNameRejected(message))
      .silentRun(50);
    expect(storeState.onboarding).toMatchObject({
      workspaceName: '',
      workspaceUrl: '',
      isLocked: false,
      isCheckingName: false,
      nameError: message,
    });
  });

  it('confirming a locked name again does nothing', async () => {
    const locked = state({ workspaceName: 'Acme', workspaceUrl: 'http://localhost/acme', isLocked: true });
    const { storeState } = await saga(locked)
      .dispatch(nameConfirmRequested())
      .not.call.fn(requestWorkspaceUrl)
      .not.put.actionType(nameCheckStarted.type)
      .not.put.actionType(workspaceNameRejected.type)
      .silentRun(50);
    expect(storeState).toEqual(locked);
  });

  it('confirm is ignored while a check is pending', async () => {
    let requests = 0;
    const test = saga(state({ workspaceName: 'Acme' }), [
      [
        matchers.call.fn(requestWorkspaceUrl),
        dynamic(() => {
          requests += 1;
          return after(20, { data: { workspaceUrl: 'http://localhost/acme' } });
        }),
      ],
    ]);
    // Dispatched once the saga runs, so the second confirm arrives while the first request is in flight.
    const running = test.silentRun(100);
    test.dispatch(nameConfirmRequested());
    test.dispatch(nameConfirmRequested());
    const { storeState } = await running;
    expect(requests).toBe(1);
    expect(storeState.onboarding).toMatchObject({ isLocked: true, isCheckingName: false });
  });

  it('another failure (network, 5xx) keeps the name and asks to retry later', async () => {
    const { storeState } = await saga(state({ workspaceName: 'Acme' }), [
      [matchers.call.fn(requestWorkspaceUrl), apiError(500, 'COMMON500')],
    ])
      .dispatch(nameConfirmRequested())
      .put(nameCheckFailed('워크스페이스 URL을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.'))
      .silentRun(50);
    expect(storeState.onboarding).toMatchObject({
      workspaceName: 'Acme',
      isLocked: false,
      isCheckingName: false,
    });
  });
});

describe('onboarding saga: create, invite, finish', () => {
  const confirmed = { workspaceName: 'Acme', workspaceUrl: 'http://localhost/acme', isLocked: true };

  it('already created (persisted flag): straight to the invite step, without a request', () =>
    saga(state({ ...confirmed, workspaceCreated: true, createdWorkspaceId: 3 }))
      .dispatch(createRequested())
      .call(navigate, '/onboarding/invite')
      .not.call.fn(requestCreateWorkspace)
      .not.put.actionType(createStarted.type)
      .silentRun(50));

  it('creates the workspace, saves the invite data and the created flag, then goes to /onboarding/invite', async () => {
    const { storeState } = await saga(state(confirmed), [
      [matchers.call.fn(requestCreateWorkspace), { data: created }],
    ])
      .dispatch(createRequested())
      .put(createStarted())
      .call(requestCreateWorkspace, 'Acme')
      .put(workspaceAvailable({ workspaceName: 'Acme' }))
      .call(cacheInviteInfo, {
        name: '김민수',
        inviteUrl: created.inviteUrl,
        invitePassword: created.invitePassword,
      })
      .put(workspaceCreated({ workspaceId: 3 }))
      .call(navigate, '/onboarding/invite')
      .silentRun(50);
    expect(storeState.onboarding).toMatchObject({
      workspaceCreated: true,
      createdWorkspaceId: 3,
      isCreating: false,
    });
    expect(storeState.invite).toMatchObject({ hasWorkspace: true, workspaceName: 'Acme' });
    expect(storeState.invite).not.toHaveProperty('inviteUrl');
  });

  it('repeated creates are ignored while the request is pending', async () => {
    let requests = 0;
    const test = saga(state(confirmed), [
      [
        matchers.call.fn(requestCreateWorkspace),
        dynamic(() => {
          requests += 1;
          return after(20, { data: created });
        }),
      ],
    ]);
    const running = test.silentRun(100);
    test.dispatch(createRequested());
    test.dispatch(createRequested());
    await running;
    expect(requests).toBe(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('409 (the member already has a workspace): reads the profile and continues to /workspace/complete', async () => {
    const { storeState } = await saga(state(confirmed), [
      [matchers.call.fn(requestCreateWorkspace), apiError(409, 'WORKSPACE409_0')],
      [matchers.call.fn(fetchWorkspaceProfile), { data: profile }],
    ])
      .dispatch(createRequested())
      .put(createFailed())
      .call(fetchWorkspaceProfile)
      .call(navigate, '/workspace/complete', { replace: true })
      .not.put.actionType(workspaceCreated.type)
      .silentRun(50);
    expect(storeState.onboarding.isCreating).toBe(false);
  });

  it('other create failures are only logged, and the button works again', async () => {
    const failure = apiError(500, 'COMMON500');
    const { storeState } = await saga(state(confirmed), [[matchers.call.fn(requestCreateWorkspace), failure]])
      .dispatch(createRequested())
      .put(createFailed())
      .not.call.fn(navigate)
      .silentRun(50);
    expect(storeState.onboarding).toMatchObject({ isCreating: false, workspaceCreated: false });
    expect(consoleError).toHaveBeenCalledWith('워크스페이스 생성 실패', failure.error);
  });

  it('invite done goes to /onboarding/fin', () =>
    saga(state()).dispatch(inviteDone()).call(navigate, '/onboarding/fin').silentRun(50));

  it('finishing goes to /workspace/complete', () =>
    saga(state()).dispatch(onboardingFinished()).call(navigate, '/workspace/complete').silentRun(50));
});

describe('onboarding saga: password attempt', () => {
  const invitee = { isInvite: 'true' as const, token: 'inv-token', workspaceName: 'acme' };

  it('success goes to /workspace/complete', async () => {
    const { storeState } = await saga(state({}, invitee), [
      [matchers.call.fn(requestJoinWorkspace), { data: joined }],
    ])
      .dispatch(joinRequested('abcd1234'))
      .put(joinStarted())
      .call(requestJoinWorkspace, { token: 'inv-token', password: 'abcd1234' })
      .put(joinSucceeded())
      .call(navigate, '/workspace/complete')
      .silentRun(50);
    expect(storeState.invite).toMatchObject({ isJoining: false, joinError: null, failedPassword: null });
  });

  it('a wrong password (400) shows the error state and remembers the failed password', async () => {
    const { storeState } = await saga(state({}, invitee), [
      [
        matchers.call.fn(requestJoinWorkspace),
        apiError(400, 'WORKSPACE400_3', '입력 정보를 다시 확인하세요'),
      ],
    ])
      .dispatch(joinRequested('wrong123'))
      .put(joinFailed({ message: '입력 정보를 다시 확인하세요', failedPassword: 'wrong123' }))
      .not.call.fn(navigate)
      .silentRun(50);
    expect(storeState.invite).toMatchObject({
      isJoining: false,
      joinError: '입력 정보를 다시 확인하세요',
      failedPassword: 'wrong123',
    });
  });

  it('the password that just failed is not sent again', async () => {
    const failed = state(
      {},
      { ...invitee, joinError: '입력 정보를 다시 확인하세요', failedPassword: 'wrong123' },
    );
    const { storeState } = await saga(failed)
      .dispatch(joinRequested('wrong123'))
      .not.call.fn(requestJoinWorkspace)
      .not.put.actionType(joinStarted.type)
      .silentRun(50);
    expect(storeState).toEqual(failed);
  });

  it('a different password after a failure is sent', () =>
    saga(state({}, { ...invitee, joinError: '입력 정보를 다시 확인하세요', failedPassword: 'wrong123' }), [
      [matchers.call.fn(requestJoinWorkspace), { data: joined }],
    ])
      .dispatch(joinRequested('abcd1234'))
      .call(requestJoinWorkspace, { token: 'inv-token', password: 'abcd1234' })
      .call(navigate, '/workspace/complete')
      .silentRun(50));

  it('attempts are ignored while one is pending', async () => {
    let requests = 0;
    const test = saga(state({}, invitee), [
      [
        matchers.call.fn(requestJoinWorkspace),
        dynamic(() => {
          requests += 1;
          return after(20, { data: joined });
        }),
      ],
    ]);
    const running = test.silentRun(100);
    test.dispatch(joinRequested('abcd1234'));
    test.dispatch(joinRequested('abcd1234'));
    test.dispatch(joinRequested('other999'));
    await running;
    expect(requests).toBe(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("too many attempts (429) shows the server's message", async () => {
    const message = '입력 시도 횟수를 초과했습니다. 잠시 후 다시 시도해 주세요.';
    const { storeState } = await saga(state({}, invitee), [
      [matchers.call.fn(requestJoinWorkspace), apiError(429, 'WORKSPACE429_0', message)],
    ])
      .dispatch(joinRequested('abcd1234'))
      .put(joinFailed({ message, failedPassword: null }))
      .silentRun(50);
    expect(storeState.invite).toMatchObject({ isJoining: false, joinError: message });
  });

  it("an unknown invite link (404) shows the server's message", () => {
    const message = '초대 링크에 해당하는 워크스페이스가 없습니다.';
    return saga(state({}, invitee), [
      [matchers.call.fn(requestJoinWorkspace), apiError(404, 'WORKSPACE404_1', message)],
    ])
      .dispatch(joinRequested('abcd1234'))
      .put(joinFailed({ message, failedPassword: 'abcd1234' }))
      .silentRun(50);
  });

  it('409 (already in a workspace): reads the profile and continues to /workspace/complete', () =>
    saga(state({}, invitee), [
      [matchers.call.fn(requestJoinWorkspace), apiError(409, 'WORKSPACE409_1')],
      [matchers.call.fn(fetchWorkspaceProfile), { data: profile }],
    ])
      .dispatch(joinRequested('abcd1234'))
      .call(fetchWorkspaceProfile)
      .call(navigate, '/workspace/complete', { replace: true })
      .silentRun(50));

  it('a blank password sends nothing', () =>
    saga(state({}, invitee))
      .dispatch(joinRequested('   '))
      .not.call.fn(requestJoinWorkspace)
      .not.put.actionType(joinStarted.type)
      .silentRun(50));
});
