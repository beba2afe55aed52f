import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, getContext, put, putResolve, select, takeLeading } from 'redux-saga/effects';
import type { AppNavigate } from '../../app/navigation';
import type {
  CreateWorkspaceResult,
  CreateWorkspaceUrlResult,
  InviteInfo,
  JoinWorkspaceRequest,
  JoinWorkspaceResult,
} from '../../../contract/workspace';
import { workspaceApi } from '../../api/workspaceApi';
import { errorEnvelope, errorStatus, type ApiError } from '../../api/errors';
import { validateWorkspaceName } from '../../../contract/workspaceName';
import { copy } from '../../shared/copy';
import { sagaRequest, type Outcome } from '../../shared/lib/sagaRequest';
import {
  joinFailed,
  joinStarted,
  joinSucceeded,
  selectInvite,
  workspaceAvailable,
  type InviteState,
} from '../invite';
import { fetchWorkspaceProfile } from './loadingSaga';
import { ONBOARDING_PATHS } from './paths';
import {
  createFailed,
  createStarted,
  nameCheckFailed,
  nameCheckStarted,
  selectOnboarding,
  workspaceCreated,
  workspaceNameRejected,
  workspaceUrlConfirmed,
  type OnboardingState,
} from './onboardingSlice';

/*
 * The onboarding step machine (docs/product.md "Onboarding"). Screens dispatch the intents below; the saga checks the current state, calls the API
 * through RTK Query (untracked mutations: no cache entries) and navigates with the router from the saga
 * context. Every watcher is `takeLeading`, and each worker also checks its pending flag, so double clicks and
 * repeated Enter presses never send a second request.
 */

/** Step 1: the check button or Enter in the name field. Reads the name from the onboarding slice. */
export const nameConfirmRequested = createAction('onboarding/nameConfirmRequested');
/** Step 1: "워크스페이스 생성하기". */
export const createRequested = createAction('onboarding/createRequested');
/** Step 2: "팀원 초대 완료". */
export const inviteDone = createAction('onboarding/inviteDone');
/** Step 3: "지금 시작하기". */
export const onboardingFinished = createAction('onboarding/finished');
/** Invitee: "입장하기" or Enter with the typed password. */
export const joinRequested = createAction<string>('onboarding/joinRequested');

/** POST /api/workspace/create-url. */
export function* requestWorkspaceUrl(workspaceName: string): SagaIterator<Outcome<CreateWorkspaceUrlResult>> {
  return yield call(
    sagaRequest<CreateWorkspaceUrlResult>,
    workspaceApi.endpoints.createWorkspaceUrl.initiate({ workspaceName }, { track: false }),
  );
}

/** POST /api/workspace. */
export function* requestCreateWorkspace(workspaceName: string): SagaIterator<Outcome<CreateWorkspaceResult>> {
  return yield call(
    sagaRequest<CreateWorkspaceResult>,
    workspaceApi.endpoints.createWorkspace.initiate({ workspaceName }, { track: false }),
  );
}

/** POST /api/workspace/join. */
export function* requestJoinWorkspace(
  body: JoinWorkspaceRequest,
): SagaIterator<Outcome<JoinWorkspaceResult>> {
  return yield call(
    sagaRequest<JoinWorkspaceResult>,
    workspaceApi.endpoints.joinWorkspace.initiate(body, { track: false }),
  );
}

/**
 * Puts the invite link and password a create answered into the RTK Query cache (memory only, never persisted), so
 * step 2 shows them without asking the server again.
 */
export function* cacheInviteInfo(info: InviteInfo): SagaIterator {
  yield putResolve(workspaceApi.util.upsertQueryData('getInviteInfo', undefined, info));
}

/**
 * Name check. Ignored while a check is pending or once the name is locked ("confirming again does nothing").
 * A name breaking a rule is cleared with the rule's message and sends nothing; a valid one asks the server for
 * its URL, which fills the URL field and locks the name. The server's 400 is treated like a broken rule.
 */
export function* confirmWorkspaceName(): SagaIterator {
  const { workspaceName, isLocked, isCheckingName }: OnboardingState = yield select(selectOnboarding);
  if (isLocked || isCheckingName) return;

  const ruleMessage = validateWorkspaceName(workspaceName);
  if (ruleMessage) {
    yield put(workspaceNameRejected(ruleMessage));
    return;
  }

  yield put(nameCheckStarted());
  const outcome: Outcome<CreateWorkspaceUrlResult> = yield call(requestWorkspaceUrl, workspaceName);
  if ('data' in outcome && outcome.data?.workspaceUrl) {
    yield put(workspaceUrlConfirmed({ workspaceName, workspaceUrl: outcome.data.workspaceUrl }));
    return;
  }
  const error = 'error' in outcome ? outcome.error : undefined;
  if (errorStatus(error) === 400) {
    yield put(
      workspaceNameRejected(errorEnvelope(error as ApiError)?.message || copy.onboarding.workspace.urlFailed),
    );
    return;
  }
  console.error(copy.onboarding.workspace.urlRequestFailed, error);
  yield put(nameCheckFailed(copy.onboarding.workspace.urlFailed));
}

/**
 * Create. Already created (persisted flag) → straight to step 2, no request. Otherwise, with a confirmed URL
 * and nothing pending: POST; success marks the workspace (invite slice), caches the invite link for step 2 and
 * stores the created flag, then step 2.
 * 409 means the member already has a workspace: read the profile (which fills the invite data) and go to it.
 * Other failures are only logged; the button works again.
 */
export function* createWorkspace(): SagaIterator {
  const state: OnboardingState = yield select(selectOnboarding);
  const navigate: AppNavigate = yield getContext('navigate');
  if (state.workspaceCreated) {
    yield call(navigate, ONBOARDING_PATHS.invite);
    return;
  }
  if (state.isCreating || !state.workspaceUrl) return;

  yield put(createStarted());
  const outcome: Outcome<CreateWorkspaceResult> = yield call(requestCreateWorkspace, state.workspaceName);
  if ('data' in outcome && outcome.data) {
    const created = outcome.data;
    yield put(workspaceAvailable({ workspaceName: created.workspaceName }));
    yield call(cacheInviteInfo, {
      name: created.name,
      inviteUrl: created.inviteUrl,
      invitePassword: created.invitePassword,
    });
    yield put(workspaceCreated({ workspaceId: created.workspaceId }));
    yield call(navigate, ONBOARDING_PATHS.invite);
    return;
  }
  yield put(createFailed());
  const error = 'error' in outcome ? outcome.error : undefined;
  if (errorStatus(error) === 409) {
    yield call(fetchWorkspaceProfile);
    yield call(navigate, ONBOARDING_PATHS.complete, { replace: true });
    return;
  }
  console.error(copy.onboarding.workspace.createFailed, error);
}

/** Step 2 → step 3. */
export function* goToFinish(): SagaIterator {
  const navigate: AppNavigate = yield getContext('navigate');
  yield call(navigate, ONBOARDING_PATHS.fin);
}

/** Step 3 → the workspace (`/workspace/complete` reads the profile and opens the default team). */
export function* goToWorkspace(): SagaIterator {
  const navigate: AppNavigate = yield getContext('navigate');
  yield call(navigate, ONBOARDING_PATHS.complete);
}

/**
 * Password attempt. Ignored while pending, when blank, and when it is the password that just failed. Wrong
 * (400) → the error state, and that password is remembered; unknown link (404) → the server's message, also
 * remembered (no password can work with that token); too many attempts (429) → the server's message;
 * already a member of a workspace (409) → into it; success → `/workspace/complete`. Anything else shows the
 * wrong-input state and is logged.
 */
export function* joinWorkspace(action: ReturnType<typeof joinRequested>): SagaIterator {
  const password = action.payload.trim();
  const { isJoining, failedPassword, token }: InviteState = yield select(selectInvite);
  if (isJoining || password === '' || password === failedPassword) return;

  const messages = copy.onboarding.inputPw;
  if (!token) {
    yield put(joinFailed({ message: messages.wrong, failedPassword: null }));
    return;
  }

  yield put(joinStarted());
  const outcome: Outcome<JoinWorkspaceResult> = yield call(requestJoinWorkspace, { token, password });
  const navigate: AppNavigate = yield getContext('navigate');
  if ('data' in outcome && outcome.data) {
    yield put(joinSucceeded());
    yield call(navigate, ONBOARDING_PATHS.complete);
    return;
  }
  const error = 'error' in outcome ? outcome.error : undefined;
  const serverMessage = errorEnvelope(error as ApiError)?.message;
  switch (errorStatus(error)) {
    case 400:
      yield put(joinFailed({ message: messages.wrong, failedPassword: password }));
      return;
    case 404:
      yield put(joinFailed({ message: serverMessage || messages.wrong, failedPassword: password }));
      return;
    case 429:
      yield put(joinFailed({ message: serverMessage || messages.tooMany, failedPassword: null }));
      return;
    case 409:
      yield put(joinSucceeded());
      yield call(fetchWorkspaceProfile);
      yield call(navigate, ONBOARDING_PATHS.complete, { replace: true });
      return;
    default:
      console.error(messages.joinFailed, error);
      yield put(joinFailed({ message: messages.wrong, failedPassword: null }));
  }
}

export function* onboardingSaga(): SagaIterator {
  yield all([
    takeLeading(nameConfirmRequested.type, confirmWorkspaceName),
    takeLeading(createRequested.type, createWorkspace),
    takeLeading(inviteDone.type, goToFinish),
    takeLeading(onboardingFinished.type, goToWorkspace),
    takeLeading(joinRequested.type, joinWorkspace),
  ]);
}
