import type { SagaIterator, Task } from 'redux-saga';
import { call, fork, join, put, race, take } from 'redux-saga/effects';
import { reissueFailed, reissueRequested, reissueSucceeded, reissueUnavailable } from './sessionSlice';

/**
 * Asks the session saga for a fresh access token and waits for the outcome: the new token, or null when the
 * session cannot be renewed — signed out (`reissueFailed`) or not right now (`reissueUnavailable`). The listener
 * is forked before the request is put, so even an immediate outcome is never missed. Any number of callers may wait at once: the session saga runs one reissue (takeLeading) and
 * every waiter receives the same outcome.
 */
export function* awaitReissue(): SagaIterator<string | null> {
  const outcome: RenewalOutcome = yield call(awaitRenewalOutcome);
  return outcome.kind === 'renewed' ? outcome.accessToken : null;
}

/** What became of one renewal: a token, signed out (a 401), or not possible right now (rate limit, outage). */
export type RenewalOutcome =
  { kind: 'renewed'; accessToken: string } | { kind: 'signedOut' } | { kind: 'unavailable' };

/** Like `awaitReissue`, telling "signed out" from "try again later". */
export function* awaitRenewalOutcome(): SagaIterator<RenewalOutcome> {
  const outcome: Task = yield fork(function* waitForOutcome(): SagaIterator {
    return yield race({
      succeeded: take(reissueSucceeded),
      failed: take(reissueFailed),
      unavailable: take(reissueUnavailable),
    });
  });
  yield put(reissueRequested());
  const result: {
    succeeded?: ReturnType<typeof reissueSucceeded>;
    unavailable?: ReturnType<typeof reissueUnavailable>;
  } = yield join(outcome);
  if (result.succeeded) return { kind: 'renewed', accessToken: result.succeeded.payload.accessToken };
  return result.unavailable ? { kind: 'unavailable' } : { kind: 'signedOut' };
}
