import type { SagaIterator, Task } from 'redux-saga';
import { fork, join, put, race, take } from 'redux-saga/effects';
import { reissueFailed, reissueRequested, reissueSucceeded } from './sessionSlice';

/**
 * Asks the session saga for a fresh access token and waits for the outcome: the new token, or null when the
 * session cannot be renewed. The listener is forked before the request is put, so even an immediate outcome
 * is never missed. Any number of callers may wait at once: the session saga runs one reissue (takeLeading) and
 * every waiter receives the same outcome.
 */
export function* awaitReissue(): SagaIterator<string | null> {
  const outcome: Task = yield fork(function* waitForOutcome(): SagaIterator {
    return yield race({ succeeded: take(reissueSucceeded), failed: take(reissueFailed) });
  });
  yield put(reissueRequested());
  const result: { succeeded?: ReturnType<typeof reissueSucceeded> } = yield join(outcome);
  return result.succeeded ? result.succeeded.payload.accessToken : null;
}
