import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { sessionSaga } from '../features/session/sessionSaga';
import { signOutSaga } from '../features/session/signOutSaga';
import { loadingSaga } from '../features/onboarding/loadingSaga';
import { onboardingSaga } from '../features/onboarding/onboardingSaga';
import { leaveGuardSaga } from '../features/leaveGuard/leaveGuardSaga';
import { liveSaga } from '../features/live/liveSaga';

export function* rootSaga(): SagaIterator {
  yield all([
    fork(sessionSaga),
    fork(loadingSaga),
    fork(onboardingSaga),
    fork(signOutSaga),
    fork(leaveGuardSaga),
    // Live updates: the event stream from the session's start to its end (features/live/liveSaga.ts).
    fork(liveSaga),
  ]);
}
