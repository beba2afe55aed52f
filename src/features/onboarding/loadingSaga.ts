import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, putResolve, select, takeLeading } from 'redux-saga/effects';
import type { AppNavigate } from '../../app/navigation';
import { workspaceApi } from '../../api/workspaceApi';
import { errorStatus } from '../../api/errors';
import type { WorkspaceProfile } from '../../../contract/workspace';
import { copy } from '../../shared/copy';
import { awaitReissue } from '../session/awaitReissue';
import { selectIsInvite } from '../invite/inviteSlice';
import { onboardingPathWithoutWorkspace } from './paths';

/** Dispatched once by `/onboarding/loading` on mount (StrictMode's second mount is absorbed by takeLeading). */
export const loginLoadingStarted = createAction('onboarding/loginLoadingStarted');

export interface ProfileOutcome {
  data?: WorkspaceProfile;
  error?: unknown;
}

/** GET /api/workspace/setting through RTK Query, always fresh; the result stays cached for /workspace/complete. */
export function* fetchWorkspaceProfile(): SagaIterator<ProfileOutcome> {
  return yield putResolve(
    workspaceApi.endpoints.getWorkspaceProfile.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
}

/**
 * Spec §2 "Loading logic": renew the session through the session saga (which stores the token, or clears it
 * and navigates to /onboarding when there is none), then read the workspace profile: 200 →
 * /workspace/complete; 404 → input-pw for an invitee, else workspace creation; anything else is logged only.
 */
export function* loginLoadingWorker(): SagaIterator {
  const accessToken: string | null = yield call(awaitReissue);
  if (!accessToken) return;

  const navigate: AppNavigate = yield getContext('navigate');
  const outcome: ProfileOutcome = yield call(fetchWorkspaceProfile);
  if (outcome.data) {
    yield call(navigate, '/workspace/complete', { replace: true });
    return;
  }
  if (errorStatus(outcome.error) === 404) {
    const isInvite: boolean = yield select(selectIsInvite);
    yield call(navigate, onboardingPathWithoutWorkspace(isInvite), { replace: true });
    return;
  }
  console.error(copy.session.profileFailed, outcome.error);
}

export function* loadingSaga(): SagaIterator {
  yield takeLeading(loginLoadingStarted.type, loginLoadingWorker);
}
