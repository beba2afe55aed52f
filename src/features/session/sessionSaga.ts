import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, putResolve, takeLeading } from 'redux-saga/effects';
import type { AppNavigate } from '../../app/navigation';
import { sessionApi } from '../../api/sessionApi';
import type { ApiError } from '../../api/errors';
import type { ReissueResult } from '../../../contract/auth';
import { copy } from '../../shared/copy';
import { reissueFailed, reissueRequested, reissueSucceeded } from './sessionSlice';

type ReissueOutcome = { data: ReissueResult } | { error: ApiError | unknown };

/** Calls POST /api/token/reissue through RTK Query (untracked: no mutation entry in the store). */
export function* requestReissue(): SagaIterator<ReissueOutcome> {
  return yield putResolve(sessionApi.endpoints.reissueToken.initiate(undefined, { track: false }));
}

/**
 * One session renewal (spec §4): success stores the token (`reissueSucceeded`); an error, a 401 or a result
 * without a token removes the stored token (`reissueFailed`) and sends the user to `/onboarding`.
 */
export function* reissueWorker(): SagaIterator {
  let outcome: ReissueOutcome;
  try {
    outcome = yield call(requestReissue);
  } catch (error) {
    outcome = { error };
  }
  if ('data' in outcome && outcome.data?.accessToken) {
    yield put(reissueSucceeded({ accessToken: outcome.data.accessToken }));
    return;
  }
  if ('data' in outcome) console.error(copy.session.tokenMissing);
  else console.error(copy.session.reissueFailed, outcome.error);
  yield put(reissueFailed());
  const navigate: AppNavigate = yield getContext('navigate');
  yield call(navigate, '/onboarding', { replace: true });
}

/** `takeLeading`: while a reissue runs, further requests are dropped and their callers share its outcome. */
export function* sessionSaga(): SagaIterator {
  yield takeLeading(reissueRequested.type, reissueWorker);
}
