import { CANCEL, type SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import type { AppNavigate } from '../../app/navigation';
import { sessionApi } from '../../api/sessionApi';
import { errorStatus } from '../../api/errors';
import type { ReissueResult } from '../../../contract/auth';
import { copy } from '../../shared/copy';
import { sagaRequest, type Outcome } from '../../shared/lib/sagaRequest';
import { openCrossTabRenewal, type CrossTabRenewal, type HeldReissueLock } from './crossTabRenewal';
import {
  reissueFailed,
  reissueRequested,
  reissueSucceeded,
  reissueUnavailable,
  selectAccessToken,
  signedOut,
} from './sessionSlice';

/** A reissue's outcome; a failed one's error is a `ReissueError` (src/api/sessionApi.ts) or what was thrown. */
type ReissueOutcome = Outcome<ReissueResult>;

/** How often a reissue refused with 429 is tried again (so at most 1 + 2 requests per renewal). */
export const REISSUE_RATE_LIMIT_RETRIES = 2;
/** Longest wait honoured from `Retry-After` (ms): the server's window is a minute; callers are waiting meanwhile. */
export const RETRY_AFTER_MAX_MS = 60_000;
/** Wait when a 429 has no usable `Retry-After` (ms). */
export const RETRY_AFTER_DEFAULT_MS = 5_000;

/** Calls POST /api/token/reissue through RTK Query (untracked: no mutation entry in the store). */
export function* requestReissue(): SagaIterator<ReissueOutcome> {
  return yield call(
    sagaRequest<ReissueResult>,
    sessionApi.endpoints.reissueToken.initiate(undefined, { track: false }),
  );
}

/** Waits `ms` (its own function so tests can provide it). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * How long to wait before retrying a 429: `Retry-After` in seconds or as an HTTP date, between 1 s and
 * `RETRY_AFTER_MAX_MS`; `RETRY_AFTER_DEFAULT_MS` when missing or unreadable.
 */
export function retryAfterMs(error: unknown, now = Date.now()): number {
  const header = (error as { retryAfter?: unknown } | null)?.retryAfter;
  let ms = RETRY_AFTER_DEFAULT_MS;
  if (typeof header === 'string' && header.trim() !== '') {
    const value = header.trim();
    if (/^\d+$/.test(value)) ms = Number(value) * 1000;
    else if (!Number.isNaN(Date.parse(value))) ms = Date.parse(value) - now;
  }
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(1000, ms));
}

/**
 * One reissue request, tried again after `Retry-After` while the server answers 429 (`JWT429_0`: too many
 * reissues for this session right now), at most `REISSUE_RATE_LIMIT_RETRIES` times. A thrown error counts as a
 * failed outcome.
 */
export function* requestReissueRetrying(): SagaIterator<ReissueOutcome> {
  for (let retry = 0; ; retry += 1) {
    let outcome: ReissueOutcome;
    try {
      outcome = yield call(requestReissue);
    } catch (error) {
      outcome = { error };
    }
    if (!('error' in outcome) || errorStatus(outcome.error) !== 429 || retry >= REISSUE_RATE_LIMIT_RETRIES) {
      return outcome;
    }
    yield call(wait, retryAfterMs(outcome.error));
  }
}

/** Waits for the cross-tab reissue lock; cancelling the saga meanwhile gives up the wait (or the lock). */
export function acquireReissueLock(renewal: CrossTabRenewal): Promise<HeldReissueLock> {
  const controller = new AbortController();
  return Object.assign(renewal.acquire(controller.signal), { [CANCEL]: () => controller.abort() });
}

/**
 * One session renewal (docs/architecture.md "Session"):
 * 1. take the cross-tab lock, so only one tab of the browser reissues at a time; before and after waiting for it,
 *    use a token another tab broadcast if it is newer than the one that failed (no request at all);
 * 2. otherwise POST /api/token/reissue (429 → wait `Retry-After` and retry, bounded);
 * 3. success stores the token (`reissueSucceeded`) and broadcasts it to the other tabs;
 *    **only a 401** (or a 200 without a token) means signed out: the stored token is removed (`reissueFailed`) and
 *    the user goes to `/onboarding`;
 *    anything else (429 after the retries, a server or network error) is "not now" (`reissueUnavailable`): logged,
 *    the user stays signed in and the next 401 tries again.
 */
export function* reissueWorker(renewal: CrossTabRenewal): SagaIterator {
  const failedToken: string | null = yield select(selectAccessToken);
  const sharedEarly = renewal.newerToken(failedToken);
  if (sharedEarly) {
    yield put(reissueSucceeded({ accessToken: sharedEarly }));
    return;
  }

  let lock: HeldReissueLock | undefined;
  let broadcast = false;
  try {
    lock = yield call(acquireReissueLock, renewal);
    const shared = renewal.newerToken(failedToken);
    if (shared) {
      yield put(reissueSucceeded({ accessToken: shared }));
      return;
    }

    const outcome: ReissueOutcome = yield call(requestReissueRetrying);
    if ('data' in outcome && outcome.data?.accessToken) {
      renewal.publish(outcome.data.accessToken);
      broadcast = true;
      yield put(reissueSucceeded({ accessToken: outcome.data.accessToken }));
      return;
    }
    if ('data' in outcome || errorStatus(outcome.error) === 401) {
      if ('data' in outcome) console.error(copy.session.tokenMissing);
      else console.error(copy.session.reissueFailed, outcome.error);
      yield put(reissueFailed());
      const navigate: AppNavigate = yield getContext('navigate');
      yield call(navigate, '/onboarding', { replace: true });
      return;
    }
    console.error(copy.session.reissueFailed, outcome.error);
    yield put(reissueUnavailable());
  } finally {
    lock?.release(broadcast);
  }
}

/** Sign-out: tokens other tabs shared before belong to the old session. */
export function* forgetSharedTokens(renewal: CrossTabRenewal): SagaIterator {
  yield call([renewal, renewal.forget]);
}

/**
 * `takeLeading`: while a reissue runs, further requests are dropped and their callers share its outcome. The
 * cross-tab side (lock + channel) is opened once here and never enters the store; a sign-out forgets the tokens
 * other tabs shared.
 */
export function* sessionSaga(): SagaIterator {
  const renewal: CrossTabRenewal = yield call(openCrossTabRenewal);
  yield takeLeading(reissueRequested.type, reissueWorker, renewal);
  yield takeEvery(signedOut.type, forgetSharedTokens, renewal);
}
