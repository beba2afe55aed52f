import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, select, takeLeading } from 'redux-saga/effects';
import type { AppNavigate } from '../../app/navigation';
import { workspaceApi } from '../../api/workspaceApi';
import { errorStatus } from '../../api/errors';
import type { WorkspaceProfile } from '../../../contract/workspace';
import { copy } from '../../shared/copy';
import { sagaRequest, type Outcome } from '../../shared/lib/sagaRequest';
import { awaitRenewalOutcome, type RenewalOutcome, wait } from '../session';
import { selectIsInvite } from '../invite';
import { onboardingPathWithoutWorkspace } from './paths';

/** Extra renewals the loading screen tries when the server answers "not now", and the pause before the n-th. */
export const LOADING_REISSUE_RETRIES = 3;
export const LOADING_REISSUE_RETRY_MS = 2_000;

/** Dispatched once by `/onboarding/loading` on mount (StrictMode's second mount is absorbed by takeLeading). */
export const loginLoadingStarted = createAction('onboarding/loginLoadingStarted');

/** GET /api/workspace/setting through RTK Query, always fresh; the result stays cached for /workspace/complete. */
export function* fetchWorkspaceProfile(): SagaIterator<Outcome<WorkspaceProfile>> {
  return yield call(
    sagaRequest<WorkspaceProfile>,
    workspaceApi.endpoints.getWorkspaceProfile.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
}

/**
 * The loading screen after sign-in (docs/product.md "Sign-in and session"): renew the session through the session saga (which stores the token, or clears it
 * and navigates to /onboarding when there is none), then read the workspace profile: 200 →
 * /workspace/complete; 404 → input-pw for an invitee, else workspace creation; anything else is logged only.
 */
export function* loginLoadingWorker(): SagaIterator {
  const navigate: AppNavigate = yield getContext('navigate');
  let renewal: RenewalOutcome = yield call(awaitRenewalOutcome);
  // The server could not renew right now (rate limit, outage): that is no sign-out, so try again a few times
  // before sending the person back to the sign-in screen (where a click starts over).
  for (let attempt = 1; renewal.kind === 'unavailable' && attempt <= LOADING_REISSUE_RETRIES; attempt += 1) {
    yield call(wait, LOADING_REISSUE_RETRY_MS * attempt);
    renewal = yield call(awaitRenewalOutcome);
  }
  if (renewal.kind === 'unavailable') {
    console.error(copy.session.profileFailed, 'session renewal unavailable');
    yield call(navigate, '/onboarding', { replace: true });
    return;
  }
  if (renewal.kind === 'signedOut') return;

  const outcome: Outcome<WorkspaceProfile> = yield call(fetchWorkspaceProfile);
  if ('data' in outcome) {
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
